// A sale's fiat record on the real Dexie storage and the dev mint: fixed on the quote row when the
// invoice is created, carried to the history event; a remote sale gets the merchant's price when
// minted; a bad record is refused before anything is stored.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { paymentTills, SETTLE_WAIT as WAIT } from '../../../testing/storage/payment-service';
import { saleOf, TWO_COFFEES } from '../../../testing/sale/cart-sale';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { ValidationError } from '../../errors';
import type { FiatRecord } from '../../prices/currencies';
import { INVALID_FIAT_MESSAGE } from './payment-service';
import { INVALID_SALE_MESSAGE } from '../../sale/sale-check';
import { receiptFor } from '../../receipts/receipt';
import type { RemoteFiatLookup } from '../../prices/remote-sale-fiat';
import type { HeldFiat } from '../../prices/stated-fiat';

const suite = devMintSuite();
const till = paymentTills(() => suite.mint.url, 'fiat-db');
const app = (fiatFor?: RemoteFiatLookup) => till(fiatFor ? { fiatFor } : {}).open();

/** A quote a cashier made at the dev mint for `amount` sats, handed to the merchant's device `a`. */
async function takeOverCashierQuote(
  a: Awaited<ReturnType<typeof app>>,
  amount: number,
  cashierFiat?: FiatRecord,
) {
  const res = await fetch(`${suite.mint.url}/v1/mint/quote/bolt11`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ unit: 'sat', amount }),
  });
  const created = (await res.json()) as { quote: string; request: string };
  await a.payments.takeOverRemote({
    quote: created.quote,
    mintUrl: suite.mint.url,
    amount,
    request: created.request,
    kind: 'remote',
    state: 'UNPAID',
    createdAt: Date.now(),
    expiry: null,
    ...(cashierFiat ? { cashierFiat } : {}),
  });
  return created;
}

/** With the price source's time for the price, kept through to the history event. */
const USD_SALE: FiatRecord = {
  currency: 'USD',
  price: 65_432,
  value: 12.34,
  time: 1_800_000_000_000,
};

describe('fiat records of sales', () => {
  it('keeps a local sale’s record on its quote row and writes it on the history event', async () => {
    const a = await app(async () => ({ currency: 'EUR', price: 1, value: 1 }));
    try {
      const quote = await a.payments.createInvoice({ amount: 18_860, fiat: USD_SALE });
      expect((await a.storage.mintQuotes.get(quote.quote))?.fiat).toEqual(USD_SALE);
      await suite.mint.pay(quote.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(1);
      const [event] = (await a.storage.history.page(1)).events;
      // The local record wins: the price lookup is only for remote sales.
      expect(event).toMatchObject({ type: 'direct-payment', amount: 18_860, fiat: USD_SALE });
    } finally {
      await a.shutdown();
    }
  });

  // 110 sats of sale record for a 100-sat invoice: it does not add up to the amount
  const notAddingUp = saleOf([{ name: 'Custom amount', quantity: 1, unitSats: 100 }], {
    tipSats: 10,
  });
  it.each([
    [{ fiat: { currency: 'usd', price: 1, value: 1 } }, INVALID_FIAT_MESSAGE],
    [{ fiat: { currency: 'USD', price: -5, value: 1 } }, INVALID_FIAT_MESSAGE],
    [{ fiat: { currency: 'USD', price: 100_000, value: Number.NaN } }, INVALID_FIAT_MESSAGE],
    [
      { fiat: { currency: 'USD', price: 100_000, value: 1, time: Number.NaN } },
      INVALID_FIAT_MESSAGE,
    ],
    [{ lines: notAddingUp }, INVALID_SALE_MESSAGE],
  ])('refuses %j before asking the mint or storing anything', async (record, message) => {
    const a = await app();
    try {
      await expect(a.payments.createInvoice({ amount: 100, ...record })).rejects.toThrow(
        new ValidationError(message),
      );
      expect(await a.storage.mintQuotes.list()).toEqual([]);
    } finally {
      await a.shutdown();
    }
  });

  it('keeps a cart sale’s lines, tax and tip through to the history event', async () => {
    const a = await app();
    const sale = saleOf(TWO_COFFEES, { taxSats: 11, tipSats: 111 });
    try {
      const quote = await a.payments.createInvoice({ amount: 1222, lines: sale });
      await suite.mint.pay(quote.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(1);
      const [event] = (await a.storage.history.page(1)).events;
      expect(event).toMatchObject({ type: 'direct-payment', amount: 1222, sale });
    } finally {
      await a.shutdown();
    }
  });

  it('records a remote sale at the merchant’s price when it is minted', async () => {
    const asked: number[] = [];
    const a = await app(async (sats) => {
      asked.push(sats);
      return { currency: 'EUR', price: 92_000, value: 0.92, time: 1_800_000_000_000 };
    });
    try {
      const created = await takeOverCashierQuote(a, 1000);
      expect(asked).toEqual([]); // not when claimed: when minted
      await suite.mint.pay(created.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(1);
      const [event] = (await a.storage.history.page(1)).events;
      expect(event).toMatchObject({
        type: 'remote-payment',
        amount: 1000,
        fiat: { currency: 'EUR', price: 92_000, value: 0.92, time: 1_800_000_000_000 },
      });
      expect(asked).toEqual([1000]);
    } finally {
      await a.shutdown();
    }
  });

  it('records a remote sale at its cashier’s figure within 10 % of the merchant’s price, and its receipt shows it', async () => {
    // The cashier charged 10.00 USD at 100,000 USD/BTC; the merchant's price is 104,000 by now.
    const cashierFiat: FiatRecord = {
      currency: 'USD',
      price: 100_000,
      value: 10,
      time: 1_800_000_000_000,
    };
    const a = await app(async (sats) => ({
      currency: 'USD',
      price: 104_000,
      value: sats * 0.00104,
    }));
    try {
      const created = await takeOverCashierQuote(a, 10_000, cashierFiat);
      await suite.mint.pay(created.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(1);
      const [event] = (await a.storage.history.page(1)).events;
      expect(event).toMatchObject({ type: 'remote-payment', amount: 10_000, fiat: cashierFiat });
      expect(receiptFor(event!, 'Shop')?.fiat).toBe('10.00 USD');
    } finally {
      await a.shutdown();
    }
  });

  it('records a remote sale at the merchant’s own price when its cashier’s is over 10 % away, noting it', async () => {
    const cashierFiat: FiatRecord = { currency: 'USD', price: 100_000, value: 10 };
    const own: FiatRecord = { currency: 'USD', price: 120_000, value: 12, time: 1_800_000_000_000 };
    const a = await app(async () => own);
    try {
      const created = await takeOverCashierQuote(a, 10_000, cashierFiat);
      await suite.mint.pay(created.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(1);
      const [event] = (await a.storage.history.page(1)).events;
      expect(event?.fiat).toEqual({ ...own, cashierPrice: 100_000 });
      expect(receiptFor(event!, 'Shop')?.fiat).toBe('12.00 USD');
    } finally {
      await a.shutdown();
    }
  });

  it('checks a remote sale’s cashier price while the merchant’s own price is held (decision 0053)', async () => {
    const at = (price: number): FiatRecord => ({
      currency: 'USD',
      price,
      value: 10_000 * (price / 1e8),
      time: 1_800_000_000_000,
    });
    // The merchant took 100,000 USD; its source says 150,000 now, held for the merchant.
    const held: HeldFiat = { kind: 'held', accepted: at(100_000), held: at(150_000) };
    const a = await app(async () => held);
    try {
      const nearHeld = await takeOverCashierQuote(a, 10_000, at(149_000));
      await suite.mint.pay(nearHeld.quote);
      const far = await takeOverCashierQuote(a, 10_000, at(400_000));
      await suite.mint.pay(far.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(2);
      const { events } = await a.storage.history.page(1);
      const byQuote = new Map(events.map((e) => [e.quoteId, e.fiat]));
      expect(byQuote.get(nearHeld.quote)).toEqual({ ...at(149_000), heldPrice: 150_000 });
      expect(byQuote.get(far.quote)).toEqual({ ...at(100_000), cashierPrice: 400_000 });
    } finally {
      await a.shutdown();
    }
  });

  it('records a remote sale in sats only when the price lookup fails', async () => {
    const a = await app(async () => {
      throw new Error('price source down');
    });
    try {
      const created = await takeOverCashierQuote(a, 21);
      await suite.mint.pay(created.quote);
      await expect.poll(async () => (await a.storage.history.page(1)).total, WAIT).toBe(1);
      const [event] = (await a.storage.history.page(1)).events;
      expect(event?.type).toBe('remote-payment');
      expect(event?.fiat).toBeUndefined();
    } finally {
      await a.shutdown();
    }
  });
});
