// Encoding stored proofs as one cashuB (v4) token, and stored proofs back into cashu-ts proofs.
import { Amount, getEncodedToken, type Proof } from '@cashu/cashu-ts';
import type { StoredProof } from '../proof-ports';
import { SAT, type Unit } from '../../units/unit';

type ProofFields = Pick<StoredProof, 'secret' | 'amount' | 'id' | 'C' | 'dleq' | 'witness'>;

/** Only the proof's own fields (our store adds mintUrl, createdAt, isSpent), with an Amount. */
export function toCashuProof(proof: ProofFields): Proof {
  const out: Proof = {
    id: proof.id,
    amount: Amount.from(proof.amount),
    secret: proof.secret,
    C: proof.C,
  };
  if (proof.dleq) out.dleq = { ...proof.dleq };
  if (proof.witness !== undefined) out.witness = proof.witness;
  return out;
}

/**
 * One cashuB token for the mint, naming the proofs' unit (a usd token says usd). DLEQ proofs are left out: they roughly double the token, so the
 * animated QR would need twice the frames, and the receiver redeems online at the mint anyway.
 */
export function encodeWithdrawToken(
  mintUrl: string,
  proofs: ProofFields[],
  unit: Unit = SAT,
): string {
  return getEncodedToken(
    { mint: mintUrl, unit, proofs: proofs.map(toCashuProof) },
    { removeDleq: true },
  );
}
