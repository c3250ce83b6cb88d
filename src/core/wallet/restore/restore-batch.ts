// One NUT-09 batch of the phrase scan, checked before anything from it may be stored: every
// signature must unblind into a proof of this keyset with a valid DLEQ when the mint offers NUT-12,
// and a decoy output nobody derived must come back unsigned (docs/protocol.md, "Restore").
import {
  OutputData,
  type Proof,
  type SerializedBlindedSignature,
  type Wallet,
} from '@cashu/cashu-ts';
import { unblindChecked } from '../ecash/blind-signature-check';

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

/** The keyset's key for an amount, looked up by its decimal text as cashu-ts does; '' where none. */
function keyOf(keys: Record<number, string>, amount: string): string {
  return (keys as Record<string, string | undefined>)[amount] ?? '';
}

/** The proof of a checked signature, as cashu-ts' OutputData.toProof writes it. */
function proofOf(data: OutputData, signature: SerializedBlindedSignature, C: string): Proof {
  return {
    id: signature.id,
    amount: signature.amount,
    C,
    secret: new TextDecoder().decode(data.secret),
    ...(signature.dleq
      ? {
          dleq: {
            s: signature.dleq.s.toLowerCase(),
            e: signature.dleq.e.toLowerCase(),
            r: data.blindingFactor.toString(16).padStart(64, '0'),
          },
        }
      : {}),
  };
}

/**
 * Asks the mint about the outputs `derived` of counters from `start` of `keysetId`, with one
 * random output among them at a random place. An honest mint has never seen the random output,
 * so it can never sign it; a mint that signs whatever it is asked (an endless scan, a made-up
 * balance) cannot tell it from the phrase's outputs, and is caught on its first batch.
 */
export async function restoreCheckedBatch(
  wallet: Wallet,
  keysetId: string,
  start: number,
  derived: readonly OutputData[],
): Promise<CheckedBatch> {
  const keyset = await wallet.keyChain.ensureKeysetKeys(keysetId);
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
  const requireDleq = offersDleq(wallet);
  const answered: { data: OutputData; signature: SerializedBlindedSignature }[] = [];
  let lastCounterWithSignature: number | undefined;
  let signatures = 0;
  derived.forEach((data, i) => {
    const signature = signed.get(data.blindedMessage.B_);
    if (!signature) return;
    lastCounterWithSignature = start + i;
    signatures += 1;
    // A signature of another keyset is refused whatever it proves.
    if (signature.id === keysetId) answered.push({ data, signature });
  });
  // Checked and unblinded together, in variable time (docs/performance.md "Restore").
  const unblinded = unblindChecked(
    answered.map(({ data, signature }) => ({
      B_: data.blindedMessage.B_,
      C_: signature.C_,
      ...(signature.dleq ? { dleq: signature.dleq } : {}),
      r: data.blindingFactor,
      mintKey: keyOf(keyset.keys, signature.amount.toString()),
    })),
    requireDleq,
  );
  const proofs: Proof[] = [];
  answered.forEach(({ data, signature }, i) => {
    const C = unblinded[i];
    if (C) proofs.push(proofOf(data, signature, C));
  });
  const refused = signatures - proofs.length;
  return {
    proofs,
    refused,
    signsAnything: false,
    ...(lastCounterWithSignature === undefined ? {} : { lastCounterWithSignature }),
  };
}
