// One NUT-09 batch of the phrase scan, checked before anything from it may be stored: every
// signature must unblind into a proof of this keyset with a valid DLEQ when the mint offers NUT-12,
// and a decoy output nobody derived must come back unsigned (docs/protocol.md, "Restore").
import { OutputData, type Proof, type Wallet } from '@cashu/cashu-ts';

export interface CheckedBatch {
  /** signatures that unblind into valid proofs (DLEQ checked when the mint offers NUT-12) */
  proofs: Proof[];
  /** highest counter the mint answered a signature for, checked or not */
  lastCounterWithSignature?: number;
  /** signatures refused: bad or missing DLEQ, another keyset, an amount without a key */
  refused: number;
  /**
   * The mint signed the decoy: it answers restore for outputs it never signed, so nothing it says
   * in this batch can be told from what this phrase really received.
   */
  signsAnything: boolean;
}

function offersDleq(wallet: Wallet): boolean {
  try {
    return wallet.getMintInfo().isSupported(12).supported;
  } catch {
    return false;
  }
}

/**
 * Asks the mint about counters [start, start+count) of `keysetId`, with one random output among
 * them at a random place. An honest mint has never seen the random output, so it can never sign
 * it; a mint that signs whatever it is asked (an endless scan, a made-up balance) cannot tell it
 * from the phrase's outputs, and is caught on its first batch.
 */
export async function restoreCheckedBatch(
  wallet: Wallet,
  seed: Uint8Array,
  keysetId: string,
  start: number,
  count: number,
): Promise<CheckedBatch> {
  const keyset = await wallet.keyChain.ensureKeysetKeys(keysetId);
  const zeros = Array<number>(count).fill(0);
  const derived = OutputData.createDeterministicData(0, seed, start, keyset, zeros);
  const decoy = OutputData.createSingleRandomData(0, keysetId);
  const outputs = derived.map((d) => d.blindedMessage);
  outputs.splice(Math.floor(Math.random() * (outputs.length + 1)), 0, decoy.blindedMessage);
  const reply = await wallet.mint.restore({ outputs });
  const signed = new Map<string, (typeof reply.signatures)[number]>();
  reply.outputs.forEach((output, i) => {
    const signature = reply.signatures[i];
    if (signature) signed.set(output.B_, signature);
  });
  if (signed.has(decoy.blindedMessage.B_)) {
    return { proofs: [], refused: 0, signsAnything: true };
  }
  const dleq = offersDleq(wallet);
  const proofs: Proof[] = [];
  let refused = 0;
  let lastCounterWithSignature: number | undefined;
  derived.forEach((data, i) => {
    const signature = signed.get(data.blindedMessage.B_);
    if (!signature) return;
    lastCounterWithSignature = start + i;
    try {
      if (signature.id !== keysetId) throw new Error('signature of another keyset');
      if (dleq && !signature.dleq) throw new Error('no DLEQ');
      // toProof checks a DLEQ present against this output's own B_ (computed here from the secret
      // and blinding factor), the check hasValidDleq would repeat on the proof at twice the cost
      // (docs/performance.md "Restore"); it also throws on an amount without a key.
      proofs.push(data.toProof(signature, keyset));
    } catch {
      refused += 1;
    }
  });
  return {
    proofs,
    refused,
    signsAnything: false,
    ...(lastCounterWithSignature === undefined ? {} : { lastCounterWithSignature }),
  };
}
