// PaymentService on the real Dexie storage (fake-indexeddb) and the dev mint: the wired money path.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { paymentTills, SETTLE_WAIT as WAIT } from '../../../testing/storage/payment-service';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';

const suite = devMintSuite();
const till = paymentTills(() => suite.mint.url, 'wallet-db');

describe('PaymentService on Dexie storage', () => {
  it('stores the paid amount, one payment event, advances the counter and clears the quote', async () => {
    const a = await till().open();
    try {
      const quote = await a.payments.createInvoice({ amount: 42 });
      expect(await a.storage.mintQuotes.get(quote.quote)).toMatchObject({ amount: 42 });
      await suite.mint.pay(quote.quote);
      await expect.poll(() => a.settled.length, WAIT).toBe(1);

      expect(await a.storage.proofs.balance()).toBe(42);
      expect(a.settled[0]?.balance).toBe(42);
      const page = await a.storage.history.page(1);
      expect(page.events).toHaveLength(1);
      expect(page.events[0]).toMatchObject({
        type: 'direct-payment',
        amount: 42,
        quoteId: quote.quote,
      });
      expect(JSON.parse(page.events[0]?.metadata ?? '{}')).toEqual({ request: quote.request });
      expect(await a.storage.mintQuotes.list()).toEqual([]);
      const proofs = await a.storage.proofs.listUnspent();
      const counters = await a.storage.counterSource.snapshot?.();
      expect(counters?.[proofs[0]?.id ?? '']).toBe(proofs.length);
      expect(a.updates).toEqual([{ reason: 'payment', amount: 42, balances: { sat: 42 } }]);
    } finally {
      await a.shutdown();
    }
  });

  it('recovers a lost mint response and resumes a paid quote after a restart, once each', async () => {
    const page = till();
    const first = await page.open();
    const lost = await first.payments.createInvoice({ amount: 16 });
    const later = await first.payments.createInvoice({ amount: 9 });
    await first.shutdown(); // tab closed
    suite.mint.addFault({
      path: '/v1/mint/bolt11',
      method: 'POST',
      action: 'dropResponse',
      count: 1,
    });
    await suite.mint.pay(lost.quote);
    await suite.mint.pay(later.quote);

    const next = await page.reopenSettled(2);
    try {
      expect(await next.storage.proofs.balance()).toBe(25);
      expect((await next.storage.history.page(1)).total).toBe(2);
      expect(await next.storage.mintQuotes.list()).toEqual([]);
    } finally {
      suite.mint.clearFaults();
      await next.shutdown();
    }
  });
});
