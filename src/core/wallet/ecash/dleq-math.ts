// The NUT-12 arithmetic the DLEQ checks of a token and of a restore batch share, in variable time
// (every value is public): the mint's keys as points, decoded once and tabled once used often
// (the same few keys, one per amount, proof after proof), scalars parsed, hash_e compared
// (docs/performance.md "Offline check" and "Restore").
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  affineOf,
  decompress,
  FixedBase,
  generatorTable,
  IDENTITY,
  oddMultiples,
  strauss,
  toAffine,
  uncompressedHex,
  type Affine,
  type Jac,
} from './vartime-ec';

export const { Point } = secp256k1;
export type Point = InstanceType<typeof Point>;
export const N = Point.Fn.ORDER;
const HEX = /^[0-9a-fA-F]+$/;

/** A scalar in [1, n): what cashu-ts' constant-time multiplication accepts; `exact`: 32 bytes. */
export function scalarOf(hex: string, exact: boolean): bigint | null {
  if (!HEX.test(hex) || hex.length > 64 || (exact && hex.length !== 64)) return null;
  const value = BigInt(`0x${hex}`);
  return value > 0n && value < N ? value : null;
}

/**
 * Whether e (hex) is hash_e(R1, R2, A, C) (NUT-12). False where a point is the identity (null),
 * which has no encoding: no valid signature leads to one.
 */
export function hashEMatches(
  R1: Affine | null,
  R2: Affine | null,
  key: KeyPoint,
  C: Affine | null,
  e: string,
): boolean {
  if (!R1 || !R2 || !C) return false;
  const text = uncompressedHex(R1) + uncompressedHex(R2) + key.hex + uncompressedHex(C);
  return bytesToHex(sha256(utf8ToBytes(text))) === e.toLowerCase();
}

/**
 * A key is multiplied twice per proof (rA and eA); from its third use a window table pays for
 * itself, and a till sees the same few keys (its mint's amounts) in token after token.
 */
const TABLE_AFTER = 3;
const TABLE_WINDOW = 6;
const KEYS_KEPT = 512;

export interface KeyPoint {
  point: Affine;
  /** uncompressed hex, as NUT-12's hash_e writes it */
  hex: string;
  uses: number;
  /** odd multiples for a walk until the key is used often enough for a table */
  odd?: Affine[];
  table?: FixedBase;
}

/** Decoded (and, once used often, tabled) mint keys: public points, safe to keep. */
const keyPoints = new Map<string, KeyPoint | null>();

/**
 * The key (compressed hex, any case) as a point, or null when it is not one. `counted: false`
 * for a use that must not build the key's table in its turn (a sale's mint reply: one use of
 * each key per payment, and the table's cost would land on that payment).
 */
export function keyPoint(hex: string, counted = true): KeyPoint | null {
  const id = hex.toLowerCase();
  let known = keyPoints.get(id);
  if (known === undefined) {
    if (keyPoints.size >= KEYS_KEPT) keyPoints.clear();
    try {
      const point = affineOf(Point.fromHex(id));
      known = { point, hex: uncompressedHex(point), uses: 0 };
    } catch {
      known = null;
    }
    keyPoints.set(id, known);
  }
  if (known && counted && ++known.uses === TABLE_AFTER) {
    known.table = new FixedBase(known.point, TABLE_WINDOW);
  }
  return known;
}

/** k·A for a key, k in [0, n): from its table, or a walk over its odd multiples. */
export function keyMultiple(key: KeyPoint, k: bigint): Jac {
  if (key.table) return key.table.addMultiple(IDENTITY, k);
  key.odd ??= oddMultiples([key.point])[0]!;
  return strauss([{ odd: key.odd, k }]);
}

/** One DLEQ of a batch (NUT-12): R1 = sG − eA made, R2 = sB − eC still to make, A the key. */
export interface DleqCheck {
  R1: Jac;
  B: Affine;
  C: Affine;
  s: bigint;
  e: bigint;
  /** e as the mint sent it (hex) */
  eHex: string;
  key: KeyPoint;
}

/**
 * Whether each DLEQ of a batch holds: R2 = sB − eC from the odd multiples of every B and C made
 * at once, every R1 and R2 normalised to affine at once (one field inversion each), then hash_e
 * compared with e.
 */
export function dleqsHold(checks: readonly DleqCheck[]): boolean[] {
  const odd = oddMultiples(checks.flatMap(({ B, C }) => [B, C]));
  const R2s = checks.map(({ s, e }, i) =>
    strauss([
      { odd: odd[2 * i]!, k: s },
      { odd: odd[2 * i + 1]!, k: N - e },
    ]),
  );
  const R = toAffine([...checks.map((check) => check.R1), ...R2s]);
  return checks.map(({ key, C, eHex }, i) =>
    hashEMatches(R[i] ?? null, R[checks.length + i] ?? null, key, C, eHex),
  );
}

/**
 * One blind signature's DLEQ (NUT-12, the wallet's check of a mint reply): R1 = sG − eA made, and
 * what R2 = sB_ − eC_ needs; null for a malformed scalar (a malformed point throws).
 */
export function signatureDleqCheck(
  key: KeyPoint,
  B_: string,
  signature: Affine,
  dleq: { e: string; s: string },
): DleqCheck | null {
  const e = scalarOf(dleq.e, true);
  const s = scalarOf(dleq.s, true);
  if (e === null || s === null) return null;
  const R1 = generatorTable().addMultiple(keyMultiple(key, N - e), s);
  return { e, eHex: dleq.e, s, R1, B: decompress(B_), C: signature, key };
}
