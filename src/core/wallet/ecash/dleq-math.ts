// The NUT-12 arithmetic the DLEQ checks of a token and of a restore batch share, in variable time
// (every value is public): the mint's keys as points, decoded once and tabled once used often
// (the same few keys, one per amount, proof after proof), scalars parsed, hash_e compared
// (docs/performance.md "Offline check" and "Restore").
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

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
 * Whether e (hex) is hash_e(R1, R2, A, C) (NUT-12), the points affine. False where one is the
 * identity, which has no encoding: no valid signature leads to one.
 */
export function hashEMatches(R1: Point, R2: Point, key: KeyPoint, C: Point, e: string): boolean {
  try {
    const text = R1.toHex(false) + R2.toHex(false) + key.hex + C.toHex(false);
    return bytesToHex(sha256(utf8ToBytes(text))) === e.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * A key is multiplied twice per proof (rA and eA); from its third use a window table pays for
 * itself, and a till sees the same few keys (its mint's amounts) in token after token.
 */
const TABLE_AFTER = 3;
const TABLE_WINDOW = 6;
const KEYS_KEPT = 512;

export interface KeyPoint {
  point: Point;
  /** uncompressed hex, as NUT-12's hash_e writes it */
  hex: string;
  uses: number;
}

/** Decoded (and, once used often, tabled) mint keys: public points, safe to keep. */
const keyPoints = new Map<string, KeyPoint | null>();

/** The key (compressed hex, any case) as a point, or null when it is not one. */
export function keyPoint(hex: string): KeyPoint | null {
  const id = hex.toLowerCase();
  let known = keyPoints.get(id);
  if (known === undefined) {
    if (keyPoints.size >= KEYS_KEPT) keyPoints.clear();
    try {
      const point = Point.fromHex(id);
      known = { point, hex: point.toHex(false), uses: 0 };
    } catch {
      known = null;
    }
    keyPoints.set(id, known);
  }
  if (known && ++known.uses === TABLE_AFTER) known.point.precompute(TABLE_WINDOW);
  return known;
}
