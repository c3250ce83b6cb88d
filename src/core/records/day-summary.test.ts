// The day summary: sums of a local day's sales, remote and local, withdrawals and cash-outs, and
// the day's boundaries in the merchant's time zone.
import { afterEach, describe, expect, it } from 'vitest';
import { daySummary, summarise } from './day-summary';
import { localDate, localDayRange } from './local-day';
import { arrayRangeReader } from '../../testing/records/array-range-reader';
import { historyEvents } from '../../testing/records/history-event';
import { breadAndWine, saleOf, TWO_ESPRESSOS } from '../../testing/sale/cart-sale';
import { dollarSale } from '../../testing/sale/dollar-cart';

const event = historyEvents();

const reader = arrayRangeReader;

const day = localDayRange('2026-11-22')!;
/** The summary of 22 November 2026 from `events`, as read for that day. */
const summariseDay = (events: Parameters<typeof summarise>[3]) =>
  summarise('2026-11-22', day.start, day.end, events);

describe('summarise', () => {
  it('tallies sales in dollars per unit, never in the sat totals', () => {
    const s = summariseDay([
      event('direct-payment', 350, day.start + 1, { unit: 'usd' }),
      event('direct-payment', 150, day.start + 2, { unit: 'usd' }),
      event('direct-payment', 99, day.start + 3, { unit: 'eur' }),
      event('direct-payment', 21, day.start + 4),
    ]);
    expect(s.sales).toEqual({ count: 1, sats: 21 });
    expect(s.net).toBe(21);
    expect(s.salesWithoutFiat).toBe(1);
    expect(s.salesInUnits).toEqual([
      expect.objectContaining({ unit: 'usd', count: 2, minor: 500, net: 500 }),
      expect.objectContaining({ unit: 'eur', count: 1, minor: 99, net: 99 }),
    ]);
  });

  it('adds up sales by origin and currency, withdrawals and cash-outs with their fees', () => {
    const s = summariseDay([
      event('direct-payment', 1000, day.start + 1, {
        fiat: { currency: 'USD', price: 100_000, value: 1 },
      }),
      event('direct-payment', 2345, day.start + 2, {
        fiat: { currency: 'USD', price: 100_000, value: 2.35 },
      }),
      event('remote-payment', 500, day.start + 3, {
        fiat: { currency: 'USD', price: 100_000, value: 0.5 },
      }),
      event('remote-payment', 7, day.start + 4),
      event('direct-payment', 10_000, day.start + 5, {
        fiat: { currency: 'JPY', price: 15_000_000, value: 1500 },
      }),
      event('withdrawal', 4000, day.start + 6),
      event('cash-out', 800, day.start + 7, { metadata: '{"feePaid":3,"inputFee":1}' }),
      event('restore', 99, day.start + 8),
    ]);
    expect(s.sales).toEqual({ count: 5, sats: 13_852 });
    expect(s.local).toEqual({ count: 3, sats: 13_345 });
    expect(s.remote).toEqual({ count: 2, sats: 507 });
    expect(s.fiat).toEqual([
      { currency: 'JPY', value: '1500' },
      { currency: 'USD', value: '3.85' },
    ]);
    expect(s.salesWithoutFiat).toBe(1);
    expect(s.withdrawals).toEqual({ count: 1, sats: 4000 });
    expect(s.cashOuts).toEqual({ count: 1, sats: 800, fees: 4 });
  });

  it('closes the day: by method, items sold, tips, taxes, refunds and net', () => {
    const cart = event('direct-payment', 1_265, day.start + 1, {
      sale: saleOf(TWO_ESPRESSOS, { taxSats: 60, tipSats: 105, method: 'ecash' }),
    });
    const second = event('remote-payment', 330, day.start + 2, {
      sale: {
        lines: [{ itemId: 'i1', name: 'Espresso', quantity: 1, unitSats: 300 }],
        subtotalSats: 300,
        taxSats: 30,
        tipSats: 0,
        method: 'lightning',
      },
    });
    const keypad = event('direct-payment', 1_000, day.start + 3);
    const s = summariseDay([
      cart,
      second,
      keypad,
      event('refund', 400, day.start + 4, {
        metadata: JSON.stringify({ refundOf: cart.id, method: 'lightning', feePaid: 1 }),
      }),
      event('refund', 100, day.start + 5, {
        metadata: JSON.stringify({ refundOf: keypad.id, method: 'ecash' }),
      }),
    ]);
    expect(s.sales).toEqual({ count: 3, sats: 2_595 });
    expect(s.byMethod).toEqual({
      lightning: { count: 2, sats: 1_330 },
      ecash: { count: 1, sats: 1_265 },
      cash: { count: 0, sats: 0 },
    });
    expect(s.items).toEqual([
      { name: 'Espresso', quantity: 3, sats: 900 },
      { name: 'Custom', quantity: 1, sats: 500 },
    ]);
    expect(s.tips).toBe(105);
    expect(s.taxes).toBe(90);
    expect(s.refunds).toEqual({ count: 2, sats: 500, fees: 1 });
    expect(s.net).toBe(2_095);
  });

  it('counts a cash sale in the day: a local sale paid in cash, with its items and tip', () => {
    const s = summariseDay([
      event('cash-payment', 550, day.start + 1, {
        mintUrl: '',
        sale: {
          lines: [{ name: 'Tea', quantity: 1, unitSats: 500 }],
          subtotalSats: 500,
          taxSats: 0,
          tipSats: 50,
          method: 'cash',
        },
        fiat: { currency: 'USD', price: 100_000, value: 0.55 },
      }),
    ]);
    expect(s.sales).toEqual({ count: 1, sats: 550 });
    expect(s.local).toEqual({ count: 1, sats: 550 });
    expect(s.byMethod.cash).toEqual({ count: 1, sats: 550 });
    expect(s.items).toEqual([{ name: 'Tea', quantity: 1, sats: 500 }]);
    expect(s.tips).toBe(50);
    expect(s.fiat).toEqual([{ currency: 'USD', value: '0.55' }]);
  });

  it('lists no item for a keypad amount paid in ecash or cash, and marks a custom line', () => {
    const keypadLine = [{ name: 'Amount', quantity: 1, unitSats: 400 }];
    const s = summariseDay([
      event('cash-payment', 400, day.start + 1, {
        mintUrl: '',
        sale: saleOf(keypadLine, { method: 'cash' }),
      }),
      event('direct-payment', 400, day.start + 2, {
        sale: saleOf(keypadLine, { method: 'ecash' }),
      }),
      event('direct-payment', 300, day.start + 3, {
        sale: saleOf([{ name: 'Custom amount', quantity: 1, unitSats: 300 }]),
      }),
    ]);
    expect(s.byMethod.cash).toEqual({ count: 1, sats: 400 });
    expect(s.byMethod.ecash).toEqual({ count: 1, sats: 400 });
    expect(s.items).toEqual([
      { name: 'Custom amount', placeholder: 'custom', quantity: 1, sats: 300 },
    ]);
  });

  it('sums cents exactly: ten sales of 0.10 are 1.00', () => {
    const tenCents = Array.from({ length: 10 }, (_, i) =>
      event('direct-payment', 100, day.start + i, {
        fiat: { currency: 'USD', price: 100_000, value: 0.1 },
      }),
    );
    expect(summarise('d', day.start, day.end, tenCents).fiat).toEqual([
      { currency: 'USD', value: '1.00' },
    ]);
  });
});

describe('day boundaries in the local time zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  it('counts 00:00:00.000 in and 23:59:59.999 of the day before out, and the next midnight out', async () => {
    const events = [
      event('direct-payment', 1, day.start - 1), // 23:59:59.999 the day before
      event('direct-payment', 10, day.start), // midnight: this day
      event('direct-payment', 100, day.end - 1), // 23:59:59.999: this day
      event('direct-payment', 1000, day.end), // next midnight: the next day
    ];
    const s = await daySummary(reader(events), '2026-11-22', 2);
    expect(s?.sales).toEqual({ count: 2, sats: 110 });
    expect(localDate(day.start)).toBe('2026-11-22');
    expect(localDate(day.start - 1)).toBe('2026-11-21');
  });

  it('follows the merchant zone: a Berlin day starts at 23:00 UTC the evening before', () => {
    process.env.TZ = 'Europe/Berlin';
    const range = localDayRange('2026-11-22')!;
    expect(new Date(range.start).toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(localDate(Date.UTC(2026, 10, 21, 23, 30))).toBe('2026-11-22');
  });

  it('a day with the clock going forward is 23 hours long', () => {
    process.env.TZ = 'Europe/Berlin';
    const range = localDayRange('2026-03-29')!;
    expect(range.end - range.start).toBe(23 * 3_600_000);
  });

  it('sums tax by rate and discounts; keypad sales are untaxed and tips stay outside', () => {
    const ratedSale = breadAndWine();
    const s = summariseDay([
      event('direct-payment', 2163, day.start + 1, { sale: ratedSale }),
      event('direct-payment', 500, day.start + 2),
      // recorded before tax by rate: 10 % of 600 on top, rounded per line
      event('direct-payment', 1160, day.start + 3, {
        sale: saleOf(TWO_ESPRESSOS, { taxSats: 60 }),
      }),
    ]);
    expect(s.rates).toEqual([
      { rate: 0, netSats: 1000, taxSats: 0, grossSats: 1000 },
      { rate: 7, netSats: 900, taxSats: 63, grossSats: 963 },
      { rate: 10, netSats: 600, taxSats: 60, grossSats: 660 },
      { rate: 19, netSats: 1000, taxSats: 190, grossSats: 1190 },
    ]);
    expect(s.taxes).toBe(313);
    expect(s.discounts).toEqual({ count: 1, sats: 100 });
    const gross = s.rates.reduce((sum, row) => sum + row.grossSats, 0);
    expect(gross + s.tips).toBe(s.sales.sats);
  });

  it('refuses dates that do not exist', async () => {
    expect(localDayRange('2026-02-30')).toBeUndefined();
    expect(localDayRange('22.11.2026')).toBeUndefined();
    expect(await daySummary(reader([]), 'nope')).toBeUndefined();
  });
});

describe('tips by person', () => {
  it('gives each person their sales and tips for the tip-out, unnamed sales last', () => {
    const ana = { id: 'a', name: 'Ana', role: 'manager' as const };
    const bo = { id: 'b', name: 'Bo', role: 'cashier' as const };
    const tipped = (tipSats: number) => saleOf(TWO_ESPRESSOS, { tipSats });
    const s = summariseDay([
      event('remote-payment', 600, day.start + 1),
      event('direct-payment', 700, day.start + 2, { staff: bo, sale: tipped(100) }),
      event('ecash-payment', 650, day.start + 3, { staff: ana, sale: tipped(50) }),
      event('direct-payment', 800, day.start + 4, { staff: bo, sale: tipped(200) }),
      // Not a sale, and another day: in no one's tips.
      event('withdrawal', 100, day.start + 5, { staff: bo }),
      event('direct-payment', 900, day.end, { staff: bo, sale: tipped(300) }),
    ]);
    expect(s.byStaff).toEqual([
      { id: 'b', name: 'Bo', sales: { count: 2, sats: 1_500 }, tips: 300 },
      { id: 'a', name: 'Ana', sales: { count: 1, sats: 650 }, tips: 50 },
      { id: '', name: '', sales: { count: 1, sats: 600 }, tips: 0 },
    ]);
    expect(s.byStaff.reduce((sum, p) => sum + p.tips, 0)).toBe(s.tips);
  });
});

describe('receipt numbers of the day', () => {
  it("gives each device's first and last receipt number, in any order read", () => {
    const s = summariseDay([
      event('direct-payment', 100, day.start + 3, { receiptNumber: 'AAAAAA-000012' }),
      event('direct-payment', 100, day.start + 1, { receiptNumber: 'AAAAAA-000009' }),
      event('remote-payment', 100, day.start + 2, { receiptNumber: 'BBBBBB-000100' }),
      event('direct-payment', 100, day.start + 4, { receiptNumber: 'AAAAAA-000010' }),
      event('direct-payment', 100, day.start - 1, { receiptNumber: 'AAAAAA-000008' }),
    ]);
    expect(s.receipts).toEqual([
      { first: 'AAAAAA-000009', last: 'AAAAAA-000012' },
      { first: 'BBBBBB-000100', last: 'BBBBBB-000100' },
    ]);
  });

  it('has no range on a day without a numbered sale', () => {
    const s = summariseDay([event('direct-payment', 100, day.start + 1)]);
    expect(s.receipts).toBeUndefined();
  });
});

describe('a day in sats and dollars (decision 0091)', () => {
  const ana = { id: 'a', name: 'Ana', role: 'cashier' as const };

  it('keeps the dollars’ tax by rate, tips, discounts, methods and tip-out in cents, apart from the sats', () => {
    const card = dollarSale();
    const cash = dollarSale('cash');
    const s = summariseDay([
      event('direct-payment', 2163, day.start + 1, { staff: ana, sale: breadAndWine() }),
      event('direct-payment', card.cents, day.start + 2, {
        unit: 'usd',
        staff: ana,
        sale: card.sale,
        receiptNumber: 'AAAAAA-000002',
      }),
      event('cash-payment', cash.cents, day.start + 3, {
        unit: 'usd',
        sale: cash.sale,
        receiptNumber: 'AAAAAA-000003',
      }),
      event('refund', 213, day.start + 4, {
        unit: 'usd',
        metadata: JSON.stringify({ refundOf: 2, method: 'lightning' }),
      }),
    ]);
    // The sat figures hold the bread and wine only.
    expect(s.sales).toEqual({ count: 1, sats: 2163 });
    expect(s.tips).toBe(10);
    expect(s.discounts).toEqual({ count: 1, sats: 100 });
    expect(s.refunds.sats).toBe(0);
    expect(s.byStaff).toEqual([
      { id: 'a', name: 'Ana', sales: { count: 1, sats: 2163 }, tips: 10 },
    ]);
    // The dollars: 7 % and 19 % in cents, each rate's tax rounded per line (13.93 and 61.56 cents).
    const [usd] = s.salesInUnits;
    expect(s.salesInUnits).toHaveLength(1);
    expect(usd).toMatchObject({
      unit: 'usd',
      count: 2,
      minor: 1298,
      tips: 100,
      taxes: 152,
      discounts: { count: 2, minor: 50 },
      refunds: { count: 1, minor: 213, fees: 0 },
      net: 1085,
      byMethod: {
        lightning: { count: 1, minor: 649 },
        ecash: { count: 0, minor: 0 },
        cash: { count: 1, minor: 649 },
      },
    });
    expect(usd!.rates).toEqual([
      { rate: 7, netSats: 398, taxSats: 28, grossSats: 426 },
      { rate: 19, netSats: 648, taxSats: 124, grossSats: 772 },
    ]);
    // The grosses and the tips are the dollar sales, as the sat ones are the sat sales.
    const grosses = usd!.rates.reduce((sum, r) => sum + r.grossSats, 0);
    expect(grosses + usd!.tips).toBe(usd!.minor);
    expect(usd!.byStaff).toEqual([
      { id: 'a', name: 'Ana', sales: { count: 1, sats: 649 }, tips: 50 },
      { id: '', name: '', sales: { count: 1, sats: 649 }, tips: 50 },
    ]);
    // A dollar sale's receipt number is in the day's range: no gap where dollars were sold.
    expect(s.receipts).toEqual([{ first: 'AAAAAA-000002', last: 'AAAAAA-000003' }]);
  });
});
