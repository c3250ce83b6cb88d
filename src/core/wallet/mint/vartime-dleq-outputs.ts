// Mint outputs whose signatures are checked (NUT-12 DLEQ) and unblinded in variable time: every
// value is public or our own blinding factor (decisions 0104 and 0110).
import {
  OutputData,
  type HasKeysetKeys,
  type Proof,
  type SerializedBlindedSignature,
} from '@cashu/cashu-ts';
import { unblindChecked } from '../ecash/blind-signature-check';
import { N } from '../ecash/dleq-math';

/** cashu-ts' own words for the same refusal, so a log reads the same either way. */
export const DLEQ_FAILED_MESSAGE = 'DLEQ verification failed on mint response';

const secretText = new TextDecoder();

/**
 * An output whose `toProof` checks the mint's DLEQ and unblinds its signature (C = C_ − rK) with
 * the restore's variable-time arithmetic (`blind-signature-check.ts`, decision 0086) instead of
 * cashu-ts' constant-time one, and builds the proof cashu-ts builds: the same C and secret, the
 * DLEQ kept with its blinding factor. Whether a DLEQ must be there at all is still cashu-ts' rule
 * (`requireSigDleq`, checked on the whole reply before any `toProof`); a signature without one,
 * or anything unusual (no signature, no key for its amount, a blinding factor cashu-ts would
 * refuse), is left to cashu-ts as it is.
 */
class VartimeDleqOutput extends OutputData {
  override toProof(signature: SerializedBlindedSignature, keyset: HasKeysetKeys): Proof {
    const dleq = signature?.dleq;
    const mintKey = dleq && keyset.keys[signature.amount.toString()];
    const r = this.blindingFactor;
    if (!dleq || typeof mintKey !== 'string' || r <= 0n || r >= N) {
      return super.toProof(signature, keyset);
    }
    const [C] =
      typeof dleq.e === 'string' && typeof dleq.s === 'string'
        ? unblindChecked(
            [{ B_: this.blindedMessage.B_, C_: signature.C_, dleq, r, mintKey }],
            true,
            // one use of each key per payment: no key's table built in a payment's turn
            false,
          )
        : [null];
    if (!C) throw new Error(DLEQ_FAILED_MESSAGE);
    return {
      id: signature.id,
      amount: signature.amount,
      C,
      secret: secretText.decode(this.secret),
      dleq: {
        s: dleq.s.toLowerCase(),
        e: dleq.e.toLowerCase(),
        r: r.toString(16).padStart(64, '0'),
      },
      ...(this.ephemeralE ? { p2pk_e: this.ephemeralE } : {}),
    };
  }
}

/** The same outputs, their replies checked and unblinded in variable time (see VartimeDleqOutput). */
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
