// Mint outputs whose signatures' DLEQ proofs are checked in variable time (every value in that
// check is public), the unblinding left to cashu-ts' constant-time code (decision 0104).
import {
  OutputData,
  type HasKeysetKeys,
  type Proof,
  type SerializedBlindedSignature,
} from '@cashu/cashu-ts';
import { signatureDleqHolds } from '../ecash/blind-signature-check';

/** cashu-ts' own words for the same refusal, so a log reads the same either way. */
export const DLEQ_FAILED_MESSAGE = 'DLEQ verification failed on mint response';

/**
 * An output whose `toProof` checks the mint's DLEQ (NUT-12) with our variable-time arithmetic
 * (`blind-signature-check.ts`, decision 0086) instead of cashu-ts' constant-time one, then lets
 * cashu-ts unblind a signature it no longer has to check. The proof is the one cashu-ts makes:
 * the DLEQ kept with its blinding factor. Whether a DLEQ must be there at all is still cashu-ts'
 * rule (`requireSigDleq`, checked on the whole reply before any `toProof`).
 */
class VartimeDleqOutput extends OutputData {
  override toProof(signature: SerializedBlindedSignature, keyset: HasKeysetKeys): Proof {
    const dleq = signature?.dleq;
    if (!dleq) return super.toProof(signature, keyset);
    const mintKey = keyset.keys[signature.amount.toString()];
    const holds =
      typeof mintKey === 'string' &&
      typeof dleq.e === 'string' &&
      typeof dleq.s === 'string' &&
      signatureDleqHolds({ B_: this.blindedMessage.B_, C_: signature.C_, dleq, mintKey });
    if (!holds) throw new Error(DLEQ_FAILED_MESSAGE);
    const { dleq: _checked, ...unchecked } = signature;
    return {
      ...super.toProof(unchecked, keyset),
      dleq: {
        s: dleq.s.toLowerCase(),
        e: dleq.e.toLowerCase(),
        r: this.blindingFactor.toString(16).padStart(64, '0'),
      },
    };
  }
}

/** The same outputs, their replies checked in variable time (see VartimeDleqOutput). */
export function withVartimeDleq(outputs: OutputData[]): OutputData[] {
  return outputs.map(
    (output) =>
      new VartimeDleqOutput(
        output.blindedMessage,
        output.blindingFactor,
        output.secret,
        output.ephemeralE,
      ),
  );
}
