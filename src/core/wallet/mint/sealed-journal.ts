// The locked-sale journal sealed to the sales key (decision 0030): outputs whose secret and
// blinding factor only the PIN opens, and the proofs their blind signatures become once opened.
import { Amount, OutputData, type SerializedBlindedMessage } from '@cashu/cashu-ts';
import { sealedProofKey, type SalesOpener, type SalesSealer } from '../../lock';
import type { BlindSignature, StoredProof } from '../proof-ports';
import type { LockedOutputs, PlainLockedOutput, SealedLockedOutput } from './ports';

export function isSealedOutput(
  output: PlainLockedOutput | SealedLockedOutput,
): output is SealedLockedOutput {
  return 'sealed' in output;
}

/** The proof's secret as the wallet stores it (cashu-ts keeps it as the bytes of that text). */
function secretOf(output: OutputData): string {
  return new TextDecoder().decode(output.secret);
}

/** The journal entry a locked till may keep: only the blinded message and the row key plain. */
export function sealOutput(output: OutputData, sealer: SalesSealer): SealedLockedOutput {
  const plain = OutputData.serialize(output);
  return {
    blindedMessage: plain.blindedMessage,
    key: sealedProofKey(secretOf(output)),
    sealed: sealer.seal(JSON.stringify(plain)),
  };
}

function openOutput(sealed: SealedLockedOutput['sealed'], opener: SalesOpener): PlainLockedOutput {
  return JSON.parse(opener.open(sealed)) as PlainLockedOutput;
}

/** The blinded message as the mint takes it (restore and mint requests). */
export function wireMessage(
  output: PlainLockedOutput | SealedLockedOutput,
): SerializedBlindedMessage {
  const { amount, B_, id } = output.blindedMessage;
  return { amount: Amount.from(amount), B_, id };
}

/** Every sealed output opened, for a PIN being removed (its sales key goes with it). */
export function openJournal(journal: LockedOutputs, opener: SalesOpener): LockedOutputs {
  return {
    keysetId: journal.keysetId,
    outputs: journal.outputs.map((o) => (isSealedOutput(o) ? openOutput(o.sealed, opener) : o)),
  };
}

/** Every plain output sealed, for a PIN being set while a journal is pending. */
export function sealJournal(journal: LockedOutputs, sealer: SalesSealer): LockedOutputs {
  return {
    keysetId: journal.keysetId,
    outputs: journal.outputs.map((o) =>
      isSealedOutput(o) ? o : sealOutput(OutputData.deserialize(o), sealer),
    ),
  };
}

/**
 * The proof a stored blind signature becomes once the PIN opens its output: unblinded with the
 * blinding factor, its DLEQ (if any) checked again with it. Synchronous, so storage opens rows
 * inside its transactions. Throws on a wrong key or a signature that does not verify.
 */
export function unblindSealed(
  proof: { amount: number; id: string },
  blind: BlindSignature,
  opener: SalesOpener,
): Pick<StoredProof, 'secret' | 'C' | 'dleq'> {
  const output = OutputData.deserialize(openOutput(blind.sealed, opener));
  const opened = output.toProof(
    {
      id: proof.id,
      amount: Amount.from(proof.amount),
      C_: blind.C_,
      ...(blind.dleq ? { dleq: blind.dleq } : {}),
    },
    { id: proof.id, keys: { [proof.amount]: blind.K } },
  );
  return {
    secret: opened.secret,
    C: opened.C,
    ...(opened.dleq ? { dleq: { e: opened.dleq.e, s: opened.dleq.s, r: opened.dleq.r } } : {}),
  };
}
