// Ecash minted to a phrase's NUT-13 outputs at a dev mint: what another device on the phrase (or
// this one before its data was lost) left for a restore to find.
import { Wallet, type Proof } from '@cashu/cashu-ts';
import type { DevMint } from '../../../dev/mint/server';

export interface PhraseOutputs {
  /** the keyset's unit; sats when omitted */
  unit?: 'sat' | 'usd' | 'eur';
  /** the NUT-13 counter of the first output; the next ones follow */
  start: number;
  /** one output per amount, in this order */
  amounts: number[];
}

/**
 * Pays a quote for the outputs' total over the dev mint's Lightning and mints it to the phrase's
 * outputs on the unit's active keyset. Returns the proofs and that keyset's id.
 */
export async function mintToPhrase(
  mint: Pick<DevMint, 'url' | 'pay'>,
  seed: Uint8Array,
  outputs: PhraseOutputs,
): Promise<{ proofs: Proof[]; keysetId: string }> {
  const wallet = new Wallet(mint.url, { unit: outputs.unit ?? 'sat', bip39seed: seed });
  await wallet.loadMint();
  const total = outputs.amounts.reduce((a, b) => a + b, 0);
  const quote = await wallet.createMintQuoteBolt11(total);
  await mint.pay(quote.quote);
  const proofs = await wallet.mintProofsBolt11(total, quote.quote, undefined, {
    type: 'deterministic',
    counter: outputs.start,
    denominations: outputs.amounts,
  });
  return { proofs, keysetId: wallet.getKeyset().id };
}
