// The cart: fiat prices in sats at the price used, line tax and tips, the priced cart, and its
// lines as they are added, edited and sold.
import { describe, expect, it } from 'vitest';
import {
  addCustom,
  addItem,
  lineTax,
  priceCart,
  saleLinesOf,
  setQuantity,
  tipSats,
  unitSats,
  type CartLine,
} from './cart';
import { CAKE as cake, COFFEE as coffee, USD_PRICE as usd } from '../../testing/items/catalog';
import type { CatalogItem } from './item';

describe('unitSats', () => {
  it('converts a fiat price at the price used, rounded up', () => {
    // 3.50 USD at 100,000 USD/BTC is exactly 3500 sats
    expect(unitSats(cake.price, usd)).toBe(3500);
    // 3.50 USD at 30,000: 11666.67 sats rounds up to 11667
    expect(unitSats(cake.price, { currency: 'USD', price: 30_000 })).toBe(11667);
  });
  it('has no sats for a fiat price without a price in its currency', () => {
    expect(unitSats(cake.price, undefined)).toBeUndefined();
    expect(unitSats(cake.price, { currency: 'EUR', price: 90_000 })).toBeUndefined();
  });
  it('keeps a sats price as it is', () => {
    expect(unitSats(coffee.price, undefined)).toBe(2500);
  });
});

describe('lineTax and tipSats', () => {
  it('rounds a line tax half up', () => {
    expect(lineTax(1000, 7.5)).toBe(75);
    expect(lineTax(10, 5)).toBe(1); // 0.5 rounds up
    expect(lineTax(9, 5)).toBe(0); // 0.45 rounds down
    expect(lineTax(1000, undefined)).toBe(0);
    expect(lineTax(333, 19.25)).toBe(64); // 64.1025
  });
  it('tips a percent of the base, or custom sats', () => {
    expect(tipSats({ kind: 'percent', percent: 10 }, 12_345)).toBe(1235); // 1234.5 up
    expect(tipSats({ kind: 'percent', percent: 15 }, 1000)).toBe(150);
    expect(tipSats({ kind: 'sats', sats: 42 }, 1000)).toBe(42);
    expect(tipSats({ kind: 'sats', sats: -5 }, 1000)).toBe(0);
    expect(tipSats({ kind: 'none' }, 1000)).toBe(0);
  });
});

describe('priceCart', () => {
  let id = 0;
  const next = () => `l${++id}`;
  function cart(): CartLine[] {
    let lines: CartLine[] = [];
    lines = addItem(lines, coffee, next());
    lines = addItem(lines, coffee, next());
    lines = addItem(lines, cake, next());
    lines = setQuantity(lines, lines[1]!.id, 3);
    lines = addCustom(lines, 1234, next());
    return lines;
  }

  it('totals lines, tax per line and a tip to the sat', () => {
    const result = priceCart(
      cart(),
      { currency: 'USD', price: 30_000 },
      { kind: 'percent', percent: 10 },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const t = result.totals;
    // coffee 2 × 2500 = 5000; cake 3 × 11667 = 35001, tax 7.5 % = 2625.075 → 2625; custom 1234
    expect(t.lines.map((l) => [l.name, l.quantity, l.unitSats, l.lineSats, l.taxSats])).toEqual([
      ['Coffee', 2, 2500, 5000, 0],
      ['Cake', 3, 11667, 35001, 2625],
      ['Custom amount', 1, 1234, 1234, 0],
    ]);
    expect(t.subtotalSats).toBe(41_235);
    expect(t.taxSats).toBe(2625);
    // tip 10 % of 43,860 = 4386
    expect(t.tipSats).toBe(4386);
    expect(t.totalSats).toBe(t.subtotalSats + t.taxSats + t.tipSats);
    expect(t.totalSats).toBe(48_246);
  });

  it('refuses a cart with a fiat line and no price, or an empty one', () => {
    expect(priceCart(cart(), undefined)).toEqual({
      ok: false,
      problem: 'no-price',
      currency: 'USD',
    });
    expect(priceCart([], usd)).toEqual({ ok: false, problem: 'empty' });
  });

  it('refuses a total beyond 21 million BTC', () => {
    const huge: CatalogItem = {
      ...coffee,
      id: 'h',
      price: { unit: 'sat', sats: 2_000_000_000_000_000 },
    };
    let lines = addItem([], huge, 'a');
    lines = setQuantity(lines, 'a', 2);
    expect(priceCart(lines, usd)).toEqual({ ok: false, problem: 'too-large' });
  });

  it('makes the sale lines the history keeps', () => {
    const result = priceCart(cart(), usd, { kind: 'sats', sats: 100 });
    if (!result.ok) throw new Error('not priced');
    const sale = saleLinesOf(result.totals);
    expect(sale).toEqual({
      lines: [
        { itemId: 'coffee', name: 'Coffee', quantity: 2, unitSats: 2500 },
        { itemId: 'cake', name: 'Cake', quantity: 3, unitSats: 3500, taxRatePercent: 7.5 },
        { name: 'Custom amount', quantity: 1, unitSats: 1234 },
      ],
      subtotalSats: 16_734,
      taxSats: 788, // 10500 × 7.5 % = 787.5 → 788
      tipSats: 100,
    });
  });
});

describe('cart edits', () => {
  it('removes a line set to zero and caps quantities', () => {
    let lines = addItem([], coffee, 'a');
    lines = setQuantity(lines, 'a', 100_000);
    expect(lines[0]!.quantity).toBe(9999);
    expect(setQuantity(lines, 'a', 0)).toEqual([]);
  });
  it('keeps a snapshot of the item: an edit later does not change the line', () => {
    const lines = addItem([], coffee, 'a');
    coffee.name = 'Espresso';
    expect(lines[0]!.name).toBe('Coffee');
    coffee.name = 'Coffee';
  });
  it('refuses a custom line of no sats', () => {
    expect(addCustom([], 0, 'a')).toEqual([]);
    expect(addCustom([], 1.5, 'a')).toEqual([]);
  });
});
