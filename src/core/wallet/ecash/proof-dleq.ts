// NUT-12 DLEQ checks of the proofs a customer hands over ("verify if present", with the blinding
// factor r), a whole token at once: in variable time, as every value is public (constant-time
// multiplication, which cashu-ts' hasValidDleq uses, only costs time), with the work a token's
// proofs share done once (dleq-math.ts; docs/performance.md "Ecash payment latency" and
// "Offline check").
import { hashToCurve } from '@cashu/cashu-ts';
import { normalizeZ } from '@noble/curves/abstract/curve.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { NewProof } from '../proof-ports';
import { hashEMatches, keyPoint, N, Point, scalarOf, type KeyPoint } from './dleq-math';

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
    const key = scalars && keyPoint(item.mintKey);
    if (!scalars || !key) return failing.push(index);
    try {
      const points = commitments(item, key, scalars.e, scalars.s, scalars.r);
      pending.push({ index, e: item.proof.dleq!.e, key, points });
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
    const [R1, R2, C] = affine.slice(3 * i, 3 * i + 3) as [Point, Point, Point];
    if (!hashEMatches(R1, R2, p.key, C, p.e)) failing.push(p.index);
  });
  return failing.sort((a, b) => a - b);
}

/** One proof's DLEQ against `mintKey` (hex, the keyset's key for its amount): failingDleqs of one. */
export function proofDleqValid(proof: Pick<NewProof, 'secret' | 'C' | 'dleq'>, mintKey: string) {
  return failingDleqs([{ proof, mintKey }]).length === 0;
}
