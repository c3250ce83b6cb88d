// Selling in a fiat unit on the real Dexie storage and the dev mint: the invoice is the mint's usd
// quote for the cents, the quote row keeps its unit through a reload, and the cents are minted on
// the usd keyset and kept apart from the sats, a lost answer recovered by NUT-09 on that keyset.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { paymentTills, SETTLE_WAIT as WAIT } from '../../../testing/storage/payment-service';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { ValidationError } from '../../errors';

const suite = devMintSuite();
const till = paymentTills(() => suite.mint.url, 'units-db');

/** What the mint says the quote is: its unit and amount (NUT-04 GET). */
async function mintSide(quote: string): Promise<{ unit: string; amount: number }> {
  const res = await fetch(`${suite.mint.url}/v1/mint/quote/bolt11/${quote}`);
  return (await res.json()) as { unit: string; amount: number };
}

/** A till whose tab closed with an invoice for `cents` on screen, before it was paid. */
async function closedOnInvoice(cents: number) {
  const page = till();
  const first = await page.open();
  const quote = await first.payments.createInvoice({ amount: cents, unit: 'usd' });
  await first.shutdown();
  return { page, quote };
}

describe('selling in dollars', () => {
  it('asks the mint for a quote of 350 cents and stores 3.50 USD, never as sats', async () => {
    const a = await till().open();
    try {
      const quote = await a.payments.createInvoice({ amount: 350, unit: 'usd' });
      expect(quote).toMatchObject({ amount: 350, unit: 'usd' });
      expect(await a.storage.mintQuotes.get(quote.quote)).toMatchObject({ unit: 'usd' });
      expect(await mintSide(quote.quote)).toMatchObject({ unit: 'usd', amount: 350 });

      await suite.mint.pay(quote.quote);
      await expect.poll(() => a.settled.length, WAIT).toBe(1);

      expect(await a.storage.proofs.balance()).toBe(0);
      expect(await a.storage.proofs.unitBalances()).toEqual([
        { mintUrl: suite.mint.url, amount: { unit: 'usd', minor: 350 } },
      ]);
      const usd = await a.storage.proofs.listUnspent(suite.mint.url, 'usd');
      expect(usd.reduce((sum, p) => sum + p.amount, 0)).toBe(350);
      expect(await a.storage.proofs.listUnspent(suite.mint.url)).toEqual([]);
      const [event] = (await a.storage.history.page(1)).events;
      expect(event).toMatchObject({ type: 'direct-payment', amount: 350, unit: 'usd' });
    } finally {
      await a.shutdown();
    }
  });

  it('mints the cents after a reload between the invoice and its payment', async () => {
    const { page, quote } = await closedOnInvoice(125);
    await suite.mint.pay(quote.quote);

    const next = await page.reopenSettled(1);
    try {
      expect(await next.storage.proofs.unitBalances()).toEqual([
        { mintUrl: suite.mint.url, amount: { unit: 'usd', minor: 125 } },
      ]);
      expect(await next.storage.proofs.balance()).toBe(0);
    } finally {
      await next.shutdown();
    }
  });

  it('recovers a lost mint answer by NUT-09 on the usd keyset, once', async () => {
    const { page, quote } = await closedOnInvoice(200);
    suite.mint.addFault({
      path: '/v1/mint/bolt11',
      method: 'POST',
      action: 'dropResponse',
      unit: 'usd',
      count: 1,
    });
    await suite.mint.pay(quote.quote);

    const next = await page.reopenSettled(1);
    try {
      expect(await next.storage.proofs.unitBalances()).toEqual([
        { mintUrl: suite.mint.url, amount: { unit: 'usd', minor: 200 } },
      ]);
      expect((await next.storage.history.page(1)).total).toBe(1);
      expect(await next.storage.mintQuotes.list()).toEqual([]);
    } finally {
      await next.shutdown();
    }
  });

  it('keeps sats and cents sold side by side apart', async () => {
    const a = await till().open();
    try {
      const sats = await a.payments.createInvoice({ amount: 21 });
      const cents = await a.payments.createInvoice({ amount: 99, unit: 'usd' });
      expect(sats.unit).toBeUndefined();
      await suite.mint.pay(sats.quote);
      await suite.mint.pay(cents.quote);
      await expect.poll(() => a.settled.length, WAIT).toBe(2);
      expect(await a.storage.proofs.balance()).toBe(21);
      const balances = await a.storage.proofs.unitBalances();
      expect(balances.map((b) => b.amount)).toEqual(
        expect.arrayContaining([
          { unit: 'sat', minor: 21 },
          { unit: 'usd', minor: 99 },
        ]),
      );
    } finally {
      await a.shutdown();
    }
  });

  it('refuses a fraction of a cent before the mint is asked', async () => {
    const a = await till().open();
    try {
      await expect(a.payments.createInvoice({ amount: 3.5, unit: 'usd' })).rejects.toThrow(
        ValidationError,
      );
      expect(await a.storage.mintQuotes.list()).toEqual([]);
    } finally {
      await a.shutdown();
    }
  });
});
