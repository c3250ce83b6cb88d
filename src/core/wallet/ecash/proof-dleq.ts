// NUT-12 DLEQ checks of the proofs a customer hands over ("verify if present", with the blinding
// factor r), a whole token at once: in variable time, as every value is public (constant-time
// multiplication, which cashu-ts' hasValidDleq uses, only costs time), with the work a token's
// proofs share done once (dleq-math.ts; docs/performance.md "Ecash payment latency" and
// "Offline check").
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { NewProof } from '../proof-ports';
import {
  dleqsHold,
  keyMultiple,
  keyPoint,
  N,
  scalarOf,
  type DleqCheck,
  type KeyPoint,
} from './dleq-math';
import {
  addAffine,
  decompress,
  generatorTable,
  hashToCurve,
  jac,
  toAffine,
  type Jac,
} from './vartime-ec';

type Scalars = { e: bigint; s: bigint; r: bigint };

/** e, s and r of a proof's DLEQ, or null when one is missing or malformed. */
function dleqScalars(dleq: NewProof['dleq']): Scalars | null {
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
  e: bigint;
  eHex: string;
  s: bigint;
  key: KeyPoint;
  /** R1 = sG − eA, B' = Y + rG and C' = C + rA, Jacobian until the shared normalisation */
  points: [Jac, Jac, Jac];
}

/**
 * R1 = sG − eA, B' = Y + rG and C' = C + rA with Y = hash_to_curve(secret): what NUT-12's
 * "Proof" verification needs before R2 = sB' − eC'.
 */
function pendingOf(item: DleqItem, index: number, key: KeyPoint, scalars: Scalars): Pending {
  const { e, s, r } = scalars;
  const G = generatorTable();
  const C = decompress(item.proof.C);
  const Y = hashToCurve(utf8ToBytes(item.proof.secret));
  const R1 = G.addMultiple(keyMultiple(key, N - e), s);
  const B = G.addMultiple(jac(Y), r);
  const Cr = addAffine(keyMultiple(key, r), C);
  return { index, e, eHex: item.proof.dleq!.e, s, key, points: [R1, B, Cr] };
}

/**
 * The indices of the items whose DLEQ does not show their signature was made with their key
 * (none: every one checks). A proof without a DLEQ or r, or with anything malformed, fails.
 * For each, the same answer as cashu-ts' hasValidDleq (the NUT-12 vectors and dev mint proofs
 * check it). Each normalisation to affine is one field inversion for the whole token.
 */
export function failingDleqs(items: readonly DleqItem[]): number[] {
  const failing: number[] = [];
  const pending: Pending[] = [];
  items.forEach((item, index) => {
    const scalars = dleqScalars(item.proof.dleq);
    const key = scalars && keyPoint(item.mintKey);
    if (!scalars || !key) return failing.push(index);
    try {
      pending.push(pendingOf(item, index, key, scalars));
    } catch {
      failing.push(index);
    }
  });
  // B' and C' affine, then their odd multiples, for R2 = sB' − eC' (one doubling chain each).
  const bc = toAffine(pending.flatMap((p) => [p.points[1], p.points[2]]));
  const checks: (DleqCheck & { index: number })[] = [];
  pending.forEach((p, i) => {
    const [B, C] = [bc[2 * i], bc[2 * i + 1]];
    if (B && C) checks.push({ ...p, R1: p.points[0], B, C });
    else failing.push(p.index);
  });
  dleqsHold(checks).forEach((holds, i) => {
    if (!holds) failing.push(checks[i]!.index);
  });
  return failing.sort((a, b) => a - b);
}

/** One proof's DLEQ against `mintKey` (hex, the keyset's key for its amount): failingDleqs of one. */
export function proofDleqValid(proof: Pick<NewProof, 'secret' | 'C' | 'dleq'>, mintKey: string) {
  return failingDleqs([{ proof, mintKey }]).length === 0;
}
