// A sale's receipt: lines, tax, tip, total, fiat at the price used, method, reference and refunds.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../history-ports';
import { receiptFor, receiptText, saleDetailOf, type ReceiptWords } from './receipt';
import {
  BREAD_LINE,
  breadAndWine,
  saleOf,
  TWO_ESPRESSOS,
  WINE_LINE,
} from '../../testing/sale/cart-sale';

const words: ReceiptWords = {
  sats: (n) => `${n} sats`,
  reference: (reference) => `Ref ${reference}`,
  saleLine: 'Sale',
  customLine: 'Custom amount',
  subtotal: 'Subtotal',
  tax: 'Tax',
  tip: 'Tip',
  total: 'Total',
  paidWith: (method) => `Paid with ${method}`,
  refund: (date, time) => `Refund ${date} ${time}`,
  left: 'Left',
  receiptNumber: (number) => `Receipt no. ${number}`,
  taxNumber: (number) => `Tax no. ${number}`,
  discount: (reason) => (reason ? `Discount (${reason})` : 'Discount'),
  rateNet: (rate) => `Net ${rate} %`,
  rateTax: (rate) => `Tax ${rate} %`,
  rateGross: (rate) => `Gross ${rate} %`,
};
const at = new Date(2026, 10, 22, 9, 5, 7).getTime();

const cartSale: HistoryEvent = {
  id: 7,
  createdAt: at,
  type: 'direct-payment',
  amount: 1_265,
  mintUrl: 'http://m',
  quoteId: 'abcdef123456',
  fiat: { currency: 'USD', price: 100_000, value: 1.27 },
  sale: saleOf(TWO_ESPRESSOS, { taxSats: 60, tipSats: 105, method: 'ecash', reference: 'R-42' }),
};

const refund = (id: number, amount: number, refundOf: number, method = 'lightning') =>
  ({
    id,
    createdAt: at + id,
    type: 'refund',
    amount,
    mintUrl: 'http://m',
    metadata: JSON.stringify({ refundOf, method }),
  }) as HistoryEvent;

describe('receiptFor', () => {
  it('shows every line, tax, tip, the total in sats and fiat, the method and the reference', () => {
    const receipt = receiptFor(cartSale, '  Corner Café ')!;
    expect(receipt.shopName).toBe('Corner Café');
    expect(receipt.date).toBe('2026-11-22');
    expect(receipt.time).toBe('09:05');
    expect(receipt.lines).toEqual([
      { name: 'Espresso', quantity: 2, unitSats: 300, totalSats: 600, rate: 10 },
      { name: 'Custom', quantity: 1, unitSats: 500, totalSats: 500 },
    ]);
    expect([receipt.subtotalSats, receipt.taxSats, receipt.tipSats]).toEqual([1_100, 60, 105]);
    expect(receipt.totalSats).toBe(1_265);
    expect(receipt.fiat).toBe('1.27 USD');
    expect(receipt.method).toBe('Ecash');
    expect(receipt.reference).toBe('R-42');
    expect(receipt.leftSats).toBe(1_265);
  });

  it('reads a keypad or older sale as one line "Sale" of its amount paid over Lightning', () => {
    const keypad: HistoryEvent = { ...cartSale, sale: undefined, fiat: undefined };
    expect(saleDetailOf(keypad)).toEqual({
      lines: [{ name: 'Sale', quantity: 1, unitSats: 1_265 }],
      subtotalSats: 1_265,
      taxSats: 0,
      tipSats: 0,
      method: 'lightning',
    });
    const receipt = receiptFor(keypad, '')!;
    expect(receipt.method).toBe('Lightning');
    expect(receipt.reference).toBe('ABCDEF12');
    expect(receipt.fiat).toBeUndefined();
  });

  it('lists only this sale’s refunds, oldest first, and what is left', () => {
    const receipt = receiptFor(cartSale, 'Shop', [
      refund(12, 200, 7, 'ecash'),
      refund(10, 100, 7),
      refund(11, 999, 8),
    ])!;
    expect(receipt.refunds.map((r) => [r.sats, r.method])).toEqual([
      [100, 'Lightning'],
      [200, 'Ecash'],
    ]);
    expect(receipt.leftSats).toBe(965);
  });

  it('lists net, tax and gross per rate, discounts with their reason, shop details and number', () => {
    const rated: HistoryEvent = {
      ...cartSale,
      amount: 2_163,
      receiptNumber: 'K7Q2-000042',
      sale: breadAndWine([
        { ...BREAD_LINE, discount: { kind: 'sats', sats: 100, reason: 'day old' } },
        WINE_LINE,
      ]),
    };
    const receipt = receiptFor(rated, 'Shop', [], words, {
      address: ' 1 Main St, Berlin ',
      taxNumber: 'DE123456789',
    })!;
    expect(receipt).toMatchObject({
      shopAddress: '1 Main St, Berlin',
      shopTaxNumber: 'DE123456789',
      number: 'K7Q2-000042',
      discountSats: 100,
      rates: [
        { rate: 7, netSats: 900, taxSats: 63, grossSats: 963 },
        { rate: 19, netSats: 1000, taxSats: 190, grossSats: 1190 },
      ],
    });
    const text = receiptText(receipt, words);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(32);
    expect(text).toContain('Receipt no. K7Q2-000042');
    expect(text).toContain('Tax no. DE123456789');
    expect(text).toMatch(/Discount +-100 sats/);
    expect(text).toContain('Discount (day old)');
    expect(text).toMatch(/Net 7 % +900 sats/);
    expect(text).toMatch(/Tax 19 % +190 sats/);
    expect(text).toMatch(/Gross 19 % +1190 sats/);
  });

  it('lists no rates for an untaxed sale', () => {
    expect(receiptFor({ ...cartSale, sale: undefined }, 'Shop')!.rates).toEqual([]);
  });

  it('makes no receipt for money out', () => {
    expect(receiptFor({ ...cartSale, type: 'withdrawal' }, 'Shop')).toBeUndefined();
  });
});

describe('receiptText', () => {
  it('fits every line in 32 characters and names the method and the total', () => {
    const long = {
      ...cartSale,
      sale: {
        ...cartSale.sale!,
        lines: [{ name: 'A very long item name that never fits', quantity: 3, unitSats: 100 }],
      },
    };
    const text = receiptText(receiptFor(long, 'Shop', [refund(9, 65, 7)])!, words);
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(32);
    expect(text).toContain('Paid with Ecash');
    expect(text).toMatch(/Total +1265 sats/);
    expect(text).toMatch(/Tip +105 sats/);
    expect(text).toMatch(/Tax +60 sats/);
    expect(text).toMatch(/Left +1200 sats/);
    expect(text).toContain('3 x A very long');
  });

  it('is written in the words given, a keypad sale’s line too', () => {
    const keypad = { ...cartSale, sale: undefined };
    const spanish = {
      ...words,
      saleLine: 'Venta',
      total: 'Total',
      paidWith: (method: string) => `Pagado con ${method}`,
    };
    const text = receiptText(receiptFor(keypad, 'Tienda', [], spanish)!, spanish);
    expect(text).toMatch(/Venta +1265 sats/);
    expect(text).toContain('Pagado con Lightning');
    expect(text).not.toContain('Sale');
  });

  it('names a keypad amount paid in ecash or cash, and a custom line, in the words given', () => {
    const spanish = { ...words, saleLine: 'Venta', customLine: 'Importe libre' };
    const keypadEcash = {
      ...cartSale,
      sale: saleOf([{ name: 'Amount', quantity: 1, unitSats: 1_265 }]),
    };
    expect(receiptFor(keypadEcash, 'Tienda', [], spanish)!.lines.map((l) => l.name)).toEqual([
      'Venta',
    ]);
    const withCustom = {
      ...cartSale,
      sale: saleOf([...TWO_ESPRESSOS, { name: 'Custom amount', quantity: 1, unitSats: 100 }]),
    };
    expect(receiptFor(withCustom, 'Tienda', [], spanish)!.lines.map((l) => l.name)).toEqual([
      'Espresso',
      'Custom',
      'Importe libre',
    ]);
    // An item of the catalog keeps its name, whatever it is.
    const named = {
      ...cartSale,
      sale: saleOf([{ itemId: 'i1', name: 'Amount', quantity: 1, unitSats: 1_265 }]),
    };
    expect(receiptFor(named, 'Tienda', [], spanish)!.lines[0]!.name).toBe('Amount');
  });
});

describe('the receipt of a sale charged in dollars', () => {
  const dollarSale: HistoryEvent = {
    ...cartSale,
    amount: 350,
    unit: 'usd',
    fiat: undefined,
    sale: saleOf([{ itemId: 'c', name: 'Coffee', quantity: 2, unitSats: 175 }]),
  };

  it('writes every amount in dollars, never as sats, and no second fiat total', () => {
    const receipt = receiptFor(dollarSale, 'Shop')!;
    expect(receipt).toMatchObject({ unit: 'usd', totalSats: 350 });
    expect(receipt.fiat).toBeUndefined();
    const text = receiptText(receipt, words);
    expect(text).toContain('3.50 USD');
    expect(text).not.toContain('sats');
  });

  it('writes the dollars in the shop language when its words can', () => {
    const german = { ...words, inUnit: (minor: number) => `${minor / 100} $` };
    expect(receiptText(receiptFor(dollarSale, 'Shop')!, german)).toContain('3.5 $');
  });
});
