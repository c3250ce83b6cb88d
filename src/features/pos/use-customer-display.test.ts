// What the counter hands the customer display: the cart's lines and total and the open invoice's
// text and amount, picked field by field, never the quote's own row (docs/security.md).
import { describe, expect, it } from 'vitest';
import { priceCart, type CartLine } from '../../core/items/cart';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import { counterView } from './use-customer-display';

const INVOICE = 'lnbcrt97u1pjq9yzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypq';

const lines: CartLine[] = [
  { id: 'a', itemId: 'coffee', name: 'Coffee', price: { unit: 'sat', sats: 2500 }, quantity: 2 },
  {
    id: 'b',
    itemId: 'bagel',
    name: 'Bagel',
    price: { unit: 'sat', sats: 1000 },
    taxRatePercent: 19,
    quantity: 1,
  },
];

describe('counterView', () => {
  it('gives each line its total before tax, the tax added on top and the total with it', () => {
    const view = counterView(lines, undefined, null, undefined);
    expect(view).toEqual({
      lines: [
        { name: 'Coffee', quantity: 2, sats: 5000 },
        { name: 'Bagel', quantity: 1, sats: 1000 },
      ],
      tax: 190,
      total: 6190,
      pay: null,
    });
    // What the customer reads adds up: the lines, less the discount, plus the tax.
    const sum = view.lines.reduce((total, line) => total + (line.sats ?? 0), 0);
    expect(sum - (view.discount ?? 0) + (view.tax ?? 0)).toBe(view.total);
  });

  it('copies only the invoice text, its amount and the ecash request from the quote', () => {
    const quote = {
      quote: 'quote-id',
      mintUrl: 'http://127.0.0.1:3338',
      amount: 6190,
      request: INVOICE,
      kind: 'direct',
      state: 'UNPAID',
      createdAt: 1,
      expiry: null,
      lockedOutputs: { secret: 'blinding factors' },
    } as unknown as PendingMintQuote;
    const view = counterView(lines, undefined, quote, 'creqAabc');
    expect(view.pay).toEqual({ amount: 6190, invoice: INVOICE, ecash: 'creqAabc' });
    expect(JSON.stringify(view)).not.toContain('blinding');
    expect(JSON.stringify(view)).not.toContain('quote-id');
  });

  it('shows the total the invoice asks: a cart discount off before tax, prices holding tax', () => {
    const discount = { kind: 'percent', percent: 10, reason: 'Regular' } as const;
    const rules = { cartDiscount: discount };
    const view = counterView(lines, undefined, null, undefined, rules);
    const priced = priceCart(lines, undefined, { kind: 'none' }, rules);
    // 6,000 less 600, then 19 % of the bagel's 900: 5,400 + 171.
    expect(view.total).toBe(5571);
    expect(view.discount).toBe(600);
    expect(view.tax).toBe(171);
    expect(priced.ok && priced.totals.totalSats).toBe(5571);
    const included = counterView(lines, undefined, null, undefined, { pricesIncludeTax: true });
    expect(included.total).toBe(6000);
    expect(included).not.toHaveProperty('discount');
    // Tax inside the prices is already in the lines: no row adds it again.
    expect(included).not.toHaveProperty('tax');
  });

  it('names the sats a line discount takes off, with none on a cart without one', () => {
    const discounted = [
      { ...lines[0]!, discount: { kind: 'sats', sats: 700, reason: '' } as const },
    ];
    expect(counterView(discounted, undefined, null, undefined)).toMatchObject({
      total: 4300,
      discount: 700,
    });
    expect(counterView(lines, undefined, null, undefined)).not.toHaveProperty('discount');
  });

  it('in a till charging in dollars gives every amount in cents with its unit, never as sats', () => {
    const dollars: CartLine[] = [
      { id: 'c', itemId: 'latte', name: 'Latte', price: usd(350), quantity: 1 },
      { id: 'd', itemId: 'cookie', name: 'Cookie', price: usd(125), quantity: 2 },
    ];
    const rules = { unit: 'usd' } as const;
    expect(counterView(dollars, undefined, null, undefined, rules)).toEqual({
      lines: [
        { name: 'Latte', quantity: 1, sats: 350 },
        { name: 'Cookie', quantity: 2, sats: 250 },
      ],
      total: 600,
      unit: 'usd',
      pay: null,
    });
    const quote = { amount: 600, unit: 'usd', request: INVOICE } as PendingMintQuote;
    expect(counterView(dollars, undefined, quote, undefined, rules)).toMatchObject({
      total: 600,
      unit: 'usd',
      pay: { amount: 600, invoice: INVOICE },
    });
    // A keypad sale in dollars: no cart, the invoice says the unit.
    expect(counterView([], undefined, quote, undefined)).toMatchObject({ unit: 'usd' });
    // An invoice in sats over a dollar cart: its lines' cents are not shown beside sats.
    const sats = { amount: 6190, request: INVOICE } as PendingMintQuote;
    const mixed = counterView(dollars, undefined, sats, undefined, rules);
    expect(mixed).not.toHaveProperty('unit');
    expect(mixed).toMatchObject({ total: null, lines: [{ sats: null }, { sats: null }] });
  });

  it('names a custom amount as the counter’s language does, an item by its own name', () => {
    const custom: CartLine = {
      id: 'c',
      name: 'Custom amount',
      price: { unit: 'sat', sats: 300 },
      quantity: 1,
    };
    const nameOf = (line: { itemId?: string; name: string }) =>
      line.itemId === undefined ? 'Importe libre' : line.name;
    const view = counterView([lines[0]!, custom], undefined, null, undefined, {}, nameOf);
    expect(view.lines.map((line) => line.name)).toEqual(['Coffee', 'Importe libre']);
  });
});

function usd(minor: number): CartLine['price'] {
  return { unit: 'fiat', currency: 'USD', minor };
}
