// Minting a sale while the till is locked (decision 0024): random outputs journaled before the
// mint request, and NUT-09 restore of exactly those outputs when the answer was lost.
import { hasValidDleq, OutputData, splitAmount, type Proof, type Wallet } from '@cashu/cashu-ts';
import { MintUnreachableError } from '../../errors';
import { completeMint } from './deterministic-mint';
import type { LockedOutputs, NewProof } from '../../ports';
import { toNewProof } from '../proof-convert';

/** A proof of these outputs, flagged for the swap into NUT-13 outputs after unlock. */
export function toRandomProof(proof: Proof): NewProof {
  return { ...toNewProof(proof), random: true };
}

/**
 * Random secrets and blinding factors for `amount` on the wallet's active keyset, and the journal
 * that must be stored before they are sent: with it, a lost mint answer is recovered.
 */
export function createLockedOutputs(wallet: Wallet, amount: number): LockedOutputs {
  const keyset = wallet.getKeyset();
  const data = OutputData.createRandomData(amount, keyset, splitAmount(amount, keyset.keys));
  return { keysetId: keyset.id, outputs: data.map((output) => OutputData.serialize(output)) };
}

function outputsOf(journal: LockedOutputs): OutputData[] {
  return journal.outputs.map((output) => OutputData.deserialize(output));
}

/**
 * Sends the mint request with the journaled outputs (the same ones every time, so a repeat can
 * never be signed twice). As `mintReserved`: after sending, anything that is not a mint or
 * network error is a MintUnreachableError, since the mint may have acted.
 */
export async function mintLocked(
  wallet: Wallet,
  req: { quote: string; amount: number; journal: LockedOutputs },
): Promise<Proof[]> {
  const preview = await wallet.prepareMint(
    'bolt11',
    req.amount,
    { quote: req.quote },
    { keysetId: req.journal.keysetId },
    { type: 'custom', data: outputsOf(req.journal) },
  );
  return completeMint(wallet, preview);
}

/** A swap of `inputs` into the journaled outputs: the same ones every time, as `mintLocked`. */
export async function swapLocked(
  wallet: Wallet,
  inputs: Proof[],
  journal: LockedOutputs,
): Promise<Proof[]> {
  const preview = await wallet.prepareSwapToReceive(
    inputs,
    { keysetId: journal.keysetId },
    { type: 'custom', data: outputsOf(journal) },
  );
  return (await wallet.completeSwap(preview)).keep;
}

/**
 * NUT-09 restore of the journaled outputs: the proofs the mint signed for them (empty when it
 * signed none). A mint advertising NUT-12 must prove each signature, as in
 * `restoreReservation`; a restored signature without a valid DLEQ is refused, storing nothing.
 */
export async function restoreLocked(wallet: Wallet, journal: LockedOutputs): Promise<Proof[]> {
  const outputs = outputsOf(journal);
  const keyset = await wallet.keyChain.ensureKeysetKeys(journal.keysetId);
  const reply = await wallet.mint.restore({
    outputs: outputs.map((output) => output.blindedMessage),
  });
  const signed = new Map(
    reply.outputs.map((output, i) => [output.B_, reply.signatures[i]] as const),
  );
  const proofs: Proof[] = [];
  for (const output of outputs) {
    const signature = signed.get(output.blindedMessage.B_);
    if (signature) proofs.push(output.toProof(signature, keyset));
  }
  if (wallet.getMintInfo().isSupported(12).supported) {
    for (const proof of proofs) {
      if (!hasValidDleq(proof, keyset, { require: true })) {
        throw new MintUnreachableError('Mint restored a signature without DLEQ proof');
      }
    }
  }
  return proofs;
}
