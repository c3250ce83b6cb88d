// Asking the real dev mint about a remote quote before storing it: unknown ids are dropped, the
// figures come from the mint, a quote not locked to the merchant is dropped, a mint that does not
// answer is asked again later.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { WalletProvider } from '../../wallet/wallet-provider';
import { lockPubkeyForNostrKey } from '../../wallet/mint/nut20-key';
import { mintQuoteClient } from '../../wallet/mint/quote-watcher';
import type { PaymentMessage } from '../payment-message';
import { verifyRemoteQuote } from './verify-remote-quote';

const suite = devMintSuite();
const LOCK = lockPubkeyForNostrKey(getPublicKey(generateSecretKey()));

async function createQuote(
  amount: number,
  pubkey?: string,
  unit = 'sat',
): Promise<{ quote: string; request: string }> {
  const response = await fetch(`${suite.mint.url}/v1/mint/quote/bolt11`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount, unit, ...(pubkey ? { pubkey } : {}) }),
  });
  return (await response.json()) as { quote: string; request: string };
}

function verify(
  message: Partial<PaymentMessage> & { quote: string },
  policy: { acceptUnlocked?: boolean; lockedBefore?: boolean; locksNow?: boolean } = {},
) {
  const wallets = suite.track(new WalletProvider());
  const mintUrl = suite.mint.url;
  return verifyRemoteQuote({
    message: { amount: 1, request: 'lnbc-claimed', unit: 'sat', mint: mintUrl, ...message },
    mintUrl,
    lockPubkey: LOCK,
    now: Date.now(),
    acceptUnlocked: policy.acceptUnlocked ?? false,
    mint: {
      check: (quote) => mintQuoteClient(wallets.getMint(mintUrl)).check(quote),
      supportsLockedQuotes: async () => {
        if (policy.locksNow !== undefined) return policy.locksNow;
        const info = await wallets.getMint(mintUrl).getInfo();
        return info.nuts['20']?.supported === true;
      },
      lockedBefore: async () => policy.lockedBefore ?? false,
    },
  });
}

describe('verifyRemoteQuote at the dev mint', () => {
  it('takes amount, request, expiry and lock from the mint, not from the message', async () => {
    const created = await createQuote(21, LOCK);
    const verdict = await verify({ quote: created.quote, amount: 5000, receipt: 'cd'.repeat(32) });
    expect(verdict.kind).toBe('take');
    if (verdict.kind !== 'take') return;
    expect(verdict.quote).toMatchObject({
      quote: created.quote,
      amount: 21,
      request: created.request,
      state: 'UNPAID',
      pubkey: LOCK,
      kind: 'remote',
      receipt: 'cd'.repeat(32),
    });
    expect(verdict.quote.expiry).toBeGreaterThan(Date.now() / 1000);
  });

  it("keeps the cashier's lines only when they add up to the mint's amount", async () => {
    const created = await createQuote(21, LOCK);
    const sale = {
      lines: [{ itemId: 'tea', name: 'Tea', quantity: 3, unitSats: 7 }],
      subtotalSats: 21,
      taxSats: 0,
      tipSats: 0,
    };
    const kept = await verify({ quote: created.quote, amount: 21, sale });
    expect(kept).toMatchObject({ kind: 'take', quote: { sale: { ...sale, method: 'lightning' } } });
    // Lines that add up to what the message claims, not what the mint says: the sale still
    // counts the mint's 21 sats, without the lines.
    const claimed = {
      ...sale,
      lines: [{ name: 'Tea', quantity: 3, unitSats: 70 }],
      subtotalSats: 210,
    };
    const dropped = await verify({ quote: created.quote, amount: 210, sale: claimed });
    expect(dropped).toMatchObject({ kind: 'take', quote: { amount: 21 } });
    if (dropped.kind === 'take') expect(dropped.quote.sale).toBeUndefined();
  });

  it('drops an id the mint does not know', async () => {
    expect(await verify({ quote: 'forged-quote-id' })).toEqual({
      kind: 'drop',
      reason: 'unknown at the mint',
    });
  });

  it('drops a quote the mint did not lock to the merchant (it supports NUT-20)', async () => {
    const unlocked = await createQuote(8);
    expect(await verify({ quote: unlocked.quote })).toMatchObject({
      kind: 'drop',
      refused: 'unlocked',
    });
    const other = await createQuote(8, lockPubkeyForNostrKey(getPublicKey(generateSecretKey())));
    expect(await verify({ quote: other.quote })).toMatchObject({
      kind: 'drop',
      reason: 'locked to another key',
    });
  });

  it('refuses an unlocked quote from a mint that once listed NUT-20, even with unlocked sales on', async () => {
    const unlocked = await createQuote(8);
    const policy = { locksNow: false, lockedBefore: true, acceptUnlocked: true };
    expect(await verify({ quote: unlocked.quote }, policy)).toMatchObject({
      kind: 'drop',
      refused: 'unlocked',
    });
  });

  it('takes an unlocked quote from a mint that never locked only with unlocked sales on', async () => {
    const unlocked = await createQuote(9);
    const never = { locksNow: false, lockedBefore: false };
    expect(await verify({ quote: unlocked.quote }, never)).toMatchObject({
      kind: 'drop',
      refused: 'unlocked',
    });
    expect(
      await verify({ quote: unlocked.quote }, { ...never, acceptUnlocked: true }),
    ).toMatchObject({ kind: 'take', quote: { amount: 9 } });
  });

  it('takes a quote already paid: it is money to mint', async () => {
    const created = await createQuote(3, LOCK);
    await suite.mint.pay(created.quote);
    // Paid is still money to mint: taken.
    expect(await verify({ quote: created.quote })).toMatchObject({
      kind: 'take',
      quote: { state: 'PAID' },
    });
  });

  it('asks again later when the mint does not answer', async () => {
    const created = await createQuote(4, LOCK);
    suite.mint.addFault({ path: `/v1/mint/quote/bolt11/${created.quote}`, action: 'error500' });
    expect(await verify({ quote: created.quote })).toMatchObject({ kind: 'retry' });
  });

  it('takes a usd quote for a usd message, in cents, named usd for the minting (decision 0092)', async () => {
    const created = await createQuote(250, LOCK, 'usd');
    const verdict = await verify({ quote: created.quote, unit: 'usd', amount: 250 });
    expect(verdict).toMatchObject({
      kind: 'take',
      quote: { amount: 250, unit: 'usd', request: created.request },
    });
  });

  it('drops a quote whose unit at the mint is not the message’s, either way', async () => {
    const usd = await createQuote(250, LOCK, 'usd');
    expect(await verify({ quote: usd.quote, unit: 'sat', amount: 250 })).toEqual({
      kind: 'drop',
      reason: 'unit usd at the mint, not sat',
    });
    const sat = await createQuote(250, LOCK);
    expect(await verify({ quote: sat.quote, unit: 'usd', amount: 250 })).toEqual({
      kind: 'drop',
      reason: 'unit sat at the mint, not usd',
    });
    const eur = await createQuote(250, LOCK, 'eur');
    expect(await verify({ quote: eur.quote, unit: 'usd', amount: 250 })).toMatchObject({
      kind: 'drop',
    });
  });

  it('keeps a sat quote without a unit field on its row, as before units', async () => {
    const created = await createQuote(21, LOCK);
    const verdict = await verify({ quote: created.quote });
    expect(verdict.kind).toBe('take');
    if (verdict.kind === 'take') expect(verdict.quote).not.toHaveProperty('unit');
  });
});
