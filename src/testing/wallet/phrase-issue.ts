// Test helper: ecash minted at a dev mint to a phrase's own outputs (NUT-13), as another device of
// the phrase would have left it, for the restore tests to find.
import { Wallet, type Proof } from '@cashu/cashu-ts';

/**
 * Mints `amounts` (powers of two) on `unit`'s active keyset to the phrase's outputs at counters
 * `start`, `start + 1`, …; resolves with the proofs and the keyset's id.
 */
export async function issueToPhrase(
  mint: { url: string; pay(quote: string): Promise<void> },
  seed: Uint8Array,
  unit: 'sat' | 'usd' | 'eur',
  start: number,
  amounts: number[],
): Promise<{ proofs: Proof[]; keysetId: string }> {
  const wallet = new Wallet(mint.url, { unit, bip39seed: seed });
  await wallet.loadMint();
  const total = amounts.reduce((a, b) => a + b, 0);
  const quote = await wallet.createMintQuoteBolt11(total);
  await mint.pay(quote.quote);
  const proofs = await wallet.mintProofsBolt11(total, quote.quote, undefined, {
    type: 'deterministic',
    counter: start,
    denominations: amounts,
  });
  return { proofs, keysetId: wallet.getKeyset().id };
}
