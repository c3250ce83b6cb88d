// NUT-12 DLEQ checks of the proofs a customer hands over ("verify if present", with the blinding
// factor r), a whole token at once: in variable time, as every value is public (constant-time
// multiplication, which cashu-ts' hasValidDleq uses, only costs time), with the work a token's
// proofs share done once (docs/performance.md "Ecash payment latency" and "Offline check").
import { hashToCurve } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { normalizeZ } from '@noble/curves/abstract/curve.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { NewProof } from '../proof-ports';

const { Point } = secp256k1;
type Point = InstanceType<typeof Point>;
const N = Point.Fn.ORDER;
const HEX = /^[0-9a-fA-F]+$/;

/** A scalar in [1, n): what cashu-ts' constant-time multiplication accepts; `exact`: 32 bytes. */
function scalarOf(hex: string, exact: boolean): bigint | null {
  if (!HEX.test(hex) || hex.length > 64 || (exact && hex.length !== 64)) return null;
  const value = BigInt(`0x${hex}`);
  return value > 0n && value < N ? value : null;
}

/** e, s and r of a proof's DLEQ, or null when one is missing or malformed. */
function dleqScalars(dleq: NewProof['dleq']): { e: bigint; s: bigint; r: bigint } | null {
  if (!dleq || dleq.r === undefined) return null;
  const e = scalarOf(dleq.e, true);
  const s = scalarOf(dleq.s, true);
  const r = scalarOf(dleq.r, false);
  return e === null || s === null || r === null ? null : { e, s, r };
}

/** One proof and the keyset's key for its amount (compressed hex). */
export interface DleqItem {
  proof: Pick<NewProof, 'secret' | 'C' | 'dleq'>;
  mintKey: string;
}

/**
 * A key is multiplied twice per proof (rA and eA); from its third use a window table pays for
 * itself, and a till sees the same few keys (its mint's amounts) in token after token.
 */
const TABLE_AFTER = 3;
const TABLE_WINDOW = 6;
const KEYS_KEPT = 512;

interface KeyPoint {
  point: Point;
  /** uncompressed hex, as hash_e writes it */
  hex: string;
  uses: number;
}

/** Decoded (and, once used often, tabled) mint keys: public points, safe to keep. */
const keyPoints = new Map<string, KeyPoint | null>();

function keyPoint(hex: string): KeyPoint | null {
  let known = keyPoints.get(hex);
  if (known === undefined) {
    if (keyPoints.size >= KEYS_KEPT) keyPoints.clear();
    try {
      const point = Point.fromHex(hex);
      known = { point, hex: point.toHex(false), uses: 0 };
    } catch {
      known = null;
    }
    keyPoints.set(hex, known);
  }
  if (known && ++known.uses === TABLE_AFTER) known.point.precompute(TABLE_WINDOW);
  return known;
}

interface Pending {
  index: number;
  e: string;
  key: KeyPoint;
  /** R1, R2, C' in projective form until the shared normalisation */
  points: [Point, Point, Point];
}

/** Y = hash_to_curve(secret) (NUT-00) as a point of this module's curve, without re-decoding. */
function secretPoint(secret: string): Point {
  return Point.fromAffine(hashToCurve(utf8ToBytes(secret)).toAffine());
}

/**
 * R1 = sG − eA and R2 = sB' − eC' with B' = Y + rG and C' = C + rA: what e must hash (NUT-12
 * "Proof" verification). R2 is one double-scalar multiplication (shared doubling chain).
 */
function commitments(item: DleqItem, key: KeyPoint, e: bigint, s: bigint, r: bigint) {
  const A = key.point;
  const C = Point.fromHex(item.proof.C).add(A.multiplyUnsafe(r));
  const B = secretPoint(item.proof.secret).add(Point.BASE.multiplyUnsafe(r));
  const R1 = Point.BASE.multiplyUnsafe(s).subtract(A.multiplyUnsafe(e));
  const R2 = B.mulAddUnsafe(s, C, N - e);
  return [R1, R2, C] as [Point, Point, Point];
}

/**
 * The indices of the items whose DLEQ does not show their signature was made with their key
 * (none: every one checks). A proof without a DLEQ or r, or with anything malformed, fails.
 * For each, the same answer as cashu-ts' hasValidDleq (the NUT-12 vectors and dev mint proofs
 * check it).
 */
export function failingDleqs(items: readonly DleqItem[]): number[] {
  const failing: number[] = [];
  const pending: Pending[] = [];
  items.forEach((item, index) => {
    const scalars = dleqScalars(item.proof.dleq);
    const key = scalars && keyPoint(item.mintKey.toLowerCase());
    if (!scalars || !key) return failing.push(index);
    try {
      const points = commitments(item, key, scalars.e, scalars.s, scalars.r);
      pending.push({ index, e: item.proof.dleq!.e.toLowerCase(), key, points });
    } catch {
      failing.push(index);
    }
  });
  // One field inversion for all the points instead of one per point per encoding.
  const affine = pending.length
    ? normalizeZ(
        Point,
        pending.flatMap((p) => p.points),
      )
    : [];
  pending.forEach((p, i) => {
    try {
      const [R1, R2, C] = affine.slice(3 * i, 3 * i + 3) as [Point, Point, Point];
      const text = R1.toHex(false) + R2.toHex(false) + p.key.hex + C.toHex(false);
      if (bytesToHex(sha256(utf8ToBytes(text))) !== p.e) failing.push(p.index);
    } catch {
      // an identity point has no encoding: no valid proof leads to one
      failing.push(p.index);
    }
  });
  return failing.sort((a, b) => a - b);
}

/** One proof's DLEQ against `mintKey` (hex, the keyset's key for its amount): failingDleqs of one. */
export function proofDleqValid(proof: Pick<NewProof, 'secret' | 'C' | 'dleq'>, mintKey: string) {
  return failingDleqs([{ proof, mintKey }]).length === 0;
}
