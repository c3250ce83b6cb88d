// cashu-ts Proof objects (Amount amounts) to the plain integer-sat proofs our stores keep.
import type { Proof } from '@cashu/cashu-ts';
import type { NewProof } from './proof-ports';
import { SAT, type Unit } from '../units/unit';

export function toNewProof(proof: Proof): NewProof {
  const out: NewProof = {
    secret: proof.secret,
    amount: proof.amount.toNumber(),
    id: proof.id,
    C: proof.C,
  };
  if (proof.dleq) {
    out.dleq = { e: proof.dleq.e, s: proof.dleq.s, ...(proof.dleq.r ? { r: proof.dleq.r } : {}) };
  }
  if (proof.witness !== undefined) {
    out.witness = typeof proof.witness === 'string' ? proof.witness : JSON.stringify(proof.witness);
  }
  return out;
}

export function sumSats(proofs: Array<{ amount: number }>): number {
  return proofs.reduce((sum, p) => sum + p.amount, 0);
}

/**
 * Proofs a mint signed on a keyset of `unit`, tagged with it so they are stored and totalled in it
 * (decision 0067); sat proofs stay untagged, as before units.
 */
export function inUnit(proofs: NewProof[], unit: Unit): NewProof[] {
  return unit === SAT ? proofs : proofs.map((proof) => ({ ...proof, unit }));
}
