// A batch of the mint's blind signatures on this wallet's own outputs, checked and unblinded at
// once (NUT-12 "blind signature" DLEQ, NUT-00 unblinding), in variable time as every value is
// public or our own blinding factor: what the phrase restore does for thousands of outputs
// (docs/performance.md "Restore") and a sale's mint reply for its few (decisions 0104, 0110).
import {
  dleqsHold,
  keyMultiple,
  keyPoint,
  N,
  signatureDleqCheck,
  type DleqCheck,
} from './dleq-math';
import { addAffine, compressedHex, decompress, toAffine, type Jac } from './vartime-ec';

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
  /** C = C_ − rA, Jacobian until the shared normalisation */
  C: Jac;
  /** the signature's DLEQ: e, s, R1 = sG − eA, and B_ and C_ as the B and C of R2 = sB_ − eC_ */
  dleq?: DleqCheck;
}

/**
 * C = C_ − rA, and with a DLEQ what R1 and R2 need (NUT-12, the wallet's check of a signature);
 * null for a key that is not a point or a malformed scalar.
 */
function pendingOf(item: SignedOutput, index: number, counted: boolean): Pending | null {
  const key = keyPoint(item.mintKey, counted);
  if (!key) return null;
  const signature = decompress(item.C_);
  const C = addAffine(keyMultiple(key, (N - (item.r % N)) % N), signature);
  if (!item.dleq) return { index, C };
  const dleq = signatureDleqCheck(key, item.B_, signature, item.dleq);
  return dleq ? { index, C, dleq } : null;
}

/**
 * For each item, its proof's C (compressed hex), or null when its signature is refused: a DLEQ
 * that does not check, a missing one where `requireDleq`, a malformed key, point or scalar. The
 * same answers as cashu-ts' OutputData.toProof (its tests compare them), at a fraction of its
 * constant-time cost. Each normalisation to affine is one field inversion for the whole batch.
 * `counted: false` for a sale's mint reply (one use of each key per payment): no key's table is
 * built in its turn (`keyPoint`).
 */
export function unblindChecked(
  items: readonly SignedOutput[],
  requireDleq: boolean,
  counted = true,
): (string | null)[] {
  const result: (string | null)[] = items.map(() => null);
  const pending: Pending[] = [];
  items.forEach((item, index) => {
    if (requireDleq && !item.dleq) return;
    try {
      const one = pendingOf(item, index, counted);
      if (one) pending.push(one);
    } catch {
      // a malformed point or scalar: refused
    }
  });
  const holds = dleqsHold(pending.flatMap((p) => (p.dleq ? [p.dleq] : [])));
  const Cs = toAffine(pending.map((p) => p.C));
  let at = 0;
  pending.forEach((p, i) => {
    if (p.dleq && !holds[at++]) return;
    const C = Cs[i];
    // the identity has no encoding: no proof
    if (C) result[p.index] = compressedHex(C);
  });
  return result;
}
