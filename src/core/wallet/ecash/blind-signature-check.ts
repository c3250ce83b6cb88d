// A batch of the mint's blind signatures on this wallet's own outputs, checked and unblinded at
// once (NUT-12 "blind signature" DLEQ, NUT-00 unblinding), in variable time as every value is
// public: what the phrase restore does for thousands of outputs (docs/performance.md "Restore").
import { normalizeZ } from '@noble/curves/abstract/curve.js';
import { hashEMatches, keyPoint, N, Point, scalarOf, type KeyPoint } from './dleq-math';

/** One output of ours and the mint's signature on it. */
export interface SignedOutput {
  /** the output's B_ (compressed hex) */
  B_: string;
  /** the mint's C_ (compressed hex) */
  C_: string;
  /** the mint's DLEQ proof of the signature, where it sent one */
  dleq?: { e: string; s: string };
  /** the output's blinding factor r */
  r: bigint;
  /** the keyset's key for the signature's amount (compressed hex) */
  mintKey: string;
}

interface Pending {
  index: number;
  key: KeyPoint;
  /** the signature's DLEQ e and C_, or none where it came without one */
  dleq?: { e: string; C_: Point };
  /** C, then R1 and R2 where there is a DLEQ, projective until the shared normalisation */
  points: Point[];
}

/**
 * C = C_ − rA, and with a DLEQ R1 = sG − eA and R2 = sB_ − eC_ (one double-scalar
 * multiplication), what e must hash (NUT-12, the wallet's check of a blind signature).
 */
function pendingOf(item: SignedOutput, index: number, key: KeyPoint): Pending | null {
  const A = key.point;
  const signature = Point.fromHex(item.C_);
  const C = signature.subtract(A.multiplyUnsafe(item.r));
  if (!item.dleq) return { index, key, points: [C] };
  const e = scalarOf(item.dleq.e, true);
  const s = scalarOf(item.dleq.s, true);
  if (e === null || s === null) return null;
  const R1 = Point.BASE.multiplyUnsafe(s).subtract(A.multiplyUnsafe(e));
  const R2 = Point.fromHex(item.B_).mulAddUnsafe(s, signature, N - e);
  return { index, key, dleq: { e: item.dleq.e, C_: signature }, points: [C, R1, R2] };
}

/**
 * For each item, its proof's C (compressed hex), or null when its signature is refused: a DLEQ
 * that does not check, a missing one where `requireDleq`, a malformed key, point or scalar. The
 * same answers as cashu-ts' OutputData.toProof (its tests compare them), at a fraction of its
 * constant-time cost.
 */
export function unblindChecked(
  items: readonly SignedOutput[],
  requireDleq: boolean,
): (string | null)[] {
  const result: (string | null)[] = items.map(() => null);
  const pending: Pending[] = [];
  items.forEach((item, index) => {
    if (requireDleq && !item.dleq) return;
    const key = keyPoint(item.mintKey);
    if (!key) return;
    try {
      const one = pendingOf(item, index, key);
      if (one) pending.push(one);
    } catch {
      // a malformed point: refused
    }
  });
  // One field inversion for all the points instead of one per point per encoding.
  const affine = pending.length
    ? normalizeZ(
        Point,
        pending.flatMap((p) => p.points),
      )
    : [];
  let at = 0;
  for (const p of pending) {
    const [C, R1, R2] = affine.slice(at, at + p.points.length) as [Point, Point?, Point?];
    at += p.points.length;
    if (p.dleq && !hashEMatches(R1!, R2!, p.key, p.dleq.C_, p.dleq.e)) continue;
    try {
      result[p.index] = C.toHex(true);
    } catch {
      // C is the identity: no proof
    }
  }
  return result;
}
