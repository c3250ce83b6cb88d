import { describe, expect, it } from 'vitest';
import { judgeCashierLines, type CatalogForLines } from './catalog-lines';
import { checkSale } from '../../sale/sale-check';
import { CUSTOM_LINE_NAME } from '../../sale/line-names';
import type { SaleDetail, SaleLine } from '../../sale/sale-detail';
import { catalogItem, LATTE } from '../../../testing/items/catalog';
import { saleOf } from '../../../testing/sale/cart-sale';

const coffee = catalogItem({ id: 'coffee', name: 'Coffee', price: { unit: 'sat', sats: 1000 } });
const cake = catalogItem({
  id: 'cake',
  name: 'Cake',
  price: { unit: 'fiat', currency: 'EUR', minor: 350 },
  taxRatePercent: 10,
  position: 1,
});
const tipsOff: CatalogForLines = { items: [coffee, cake], tips: false };
const tipsOn: CatalogForLines = { ...tipsOff, tips: true };
/** 1 BTC = 100,000 EUR: 3.50 EUR is 3,500 sats */
const used = { currency: 'EUR', price: 100_000 };

function sale(parts: Partial<SaleDetail>): SaleDetail {
  return { lines: [], subtotalSats: 0, taxSats: 0, tipSats: 0, method: 'lightning', ...parts };
}

/** One coffee line as a cashier sends it, at any price. */
function coffeeAt(unitSats: number): SaleLine {
  return { itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats };
}

const honest = sale({
  lines: [
    { itemId: 'coffee', name: 'Coffee', quantity: 2, unitSats: 1000 },
    { itemId: 'cake', name: 'Cake', quantity: 1, unitSats: 3500, taxRatePercent: 10 },
  ],
  subtotalSats: 5500,
  taxSats: 350,
});

describe('judgeCashierLines', () => {
  it('keeps lines that match the catalog, fiat items at the stated price', () => {
    expect(judgeCashierLines(honest, 5850, tipsOff, used)).toEqual({ ok: true, sale: honest });
  });

  it('keeps a tip while tips are on and a keypad amount', () => {
    const tipped = sale({
      lines: [
        { itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 1000 },
        { name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 42 },
      ],
      subtotalSats: 1042,
      tipSats: 100,
    });
    expect(judgeCashierLines(tipped, 1142, tipsOn, used).ok).toBe(true);
  });

  it('records a forged price and a tip with tips off at the catalog price, noted', () => {
    const forged = sale({
      lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 1 }],
      subtotalSats: 1,
      tipSats: 999,
      reference: 'R1',
    });
    const judged = judgeCashierLines(forged, 1000, tipsOff, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale).toEqual({
      lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 1000 }],
      subtotalSats: 1000,
      taxSats: 0,
      tipSats: 0,
      method: 'lightning',
      reference: 'R1',
      note: 'cashier-lines',
    });
  });

  it('refuses a tip while tips are off and keeps it as a keypad amount', () => {
    const tipped = saleOf([coffeeAt(1000)], { tipSats: 200 });
    const judged = judgeCashierLines(tipped, 1200, tipsOff, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale.tipSats).toBe(0);
    expect(judged.sale.lines[1]).toEqual({ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 200 });
    expect(judged.sale.subtotalSats + judged.sale.taxSats).toBe(1200);
  });

  it('puts what the catalog does not explain in the tip while tips are on', () => {
    const forged = saleOf([coffeeAt(400)], { tipSats: 700 });
    const judged = judgeCashierLines(forged, 1100, tipsOn, used);
    expect(judged.sale).toMatchObject({ subtotalSats: 1000, tipSats: 100, note: 'cashier-lines' });
  });

  it('refuses a dropped tax rate, a wrong tax sum, a renamed item and an unknown item', () => {
    const noRate = sale({
      lines: [{ itemId: 'cake', name: 'Cake', quantity: 1, unitSats: 3500 }],
      subtotalSats: 3500,
    });
    expect(judgeCashierLines(noRate, 3500, tipsOff, used).ok).toBe(false);
    const lowTax = sale({ ...honest, taxSats: 1, tipSats: 349 });
    expect(judgeCashierLines(lowTax, 5850, tipsOn, used).ok).toBe(false);
    const renamed = sale({
      lines: [{ itemId: 'coffee', name: 'Espresso', quantity: 1, unitSats: 1000 }],
      subtotalSats: 1000,
    });
    expect(judgeCashierLines(renamed, 1000, tipsOff, used).sale.lines[0]?.name).toBe('Coffee');
    const unknown = sale({
      lines: [{ itemId: 'gold', name: 'Gold', quantity: 1, unitSats: 1000 }],
      subtotalSats: 1000,
    });
    const judged = judgeCashierLines(unknown, 1000, tipsOff, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale.lines).toEqual([{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 1000 }]);
  });

  it('refuses a fiat item when no price was stated, as it cannot be checked', () => {
    expect(judgeCashierLines(honest, 5850, tipsOff, undefined).ok).toBe(false);
  });

  it('records a sale paid under the catalog price as its amount, still adding up', () => {
    const cheap = sale({
      lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 3, unitSats: 1 }],
      subtotalSats: 3,
    });
    const judged = judgeCashierLines(cheap, 3, tipsOn, used);
    expect(judged.sale).toEqual({
      lines: [{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 3 }],
      subtotalSats: 3,
      taxSats: 0,
      tipSats: 0,
      method: 'lightning',
      note: 'cashier-lines',
    });
  });

  it('strips a tax rate from a keypad amount', () => {
    const taxed = sale({
      lines: [{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 1000, taxRatePercent: 10 }],
      subtotalSats: 1000,
      taxSats: 100,
    });
    const judged = judgeCashierLines(taxed, 1100, tipsOff, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale.taxSats).toBe(0);
    expect(judged.sale.subtotalSats).toBe(1100);
  });
});

describe('judgeCashierLines with options', () => {
  const withLatte: CatalogForLines = { items: [coffee, LATTE], tips: false };
  const usd = { currency: 'USD', price: 100_000 };
  const options = [
    { groupId: 'size', id: 'large', name: 'large' },
    { groupId: 'extras', id: 'oat', name: 'oat milk' },
  ];
  const latte = (unitSats: number, name = 'Latte, large, oat milk'): SaleLine => ({
    itemId: 'latte',
    name,
    quantity: 1,
    unitSats,
    options,
  });

  it('keeps a large latte with oat milk at the catalog price of both choices', () => {
    const honestLatte = saleOf([latte(4000)]);
    expect(judgeCashierLines(honestLatte, 4000, withLatte, usd).ok).toBe(true);
  });

  it('records a forged option price at the catalog price, noted', () => {
    // Oat milk sent as free: 3.50 USD instead of 4.00.
    const forged = saleOf([latte(3500)], { tipSats: 0 });
    const judged = judgeCashierLines(forged, 3500, withLatte, usd);
    expect(judged.ok).toBe(false);
    // The catalog asks more than was paid: the amount is kept as one keypad line.
    expect(judged.sale.note).toBe('cashier-lines');
    const paidMore = saleOf([latte(3500)], { tipSats: 500 });
    const kept = judgeCashierLines(paidMore, 4000, { ...withLatte, tips: true }, usd);
    expect(kept.ok).toBe(false);
    expect(kept.sale.lines).toEqual([{ ...latte(4000), options }]);
    expect(kept.sale.tipSats).toBe(0);
  });

  it('refuses a renamed choice, a choice the item lacks and a latte without its size', () => {
    expect(judgeCashierLines(saleOf([latte(4000, 'Latte, huge')]), 4000, withLatte, usd).ok).toBe(
      false,
    );
    const gold = saleOf([{ ...latte(4000), options: [{ groupId: 'x', id: 'gold', name: 'x' }] }]);
    expect(judgeCashierLines(gold, 4000, withLatte, usd).ok).toBe(false);
    const plain = saleOf([{ itemId: 'latte', name: 'Latte', quantity: 1, unitSats: 3000 }]);
    expect(judgeCashierLines(plain, 3000, withLatte, usd).ok).toBe(false);
  });
});

describe('judgeCashierLines with discounts', () => {
  const discountsOn: CatalogForLines = { ...tipsOff, discounts: true };
  /** Two coffees and a cake with 10 % off the cart as the cashier's cart prices them. */
  const discounted = sale({
    lines: [
      {
        itemId: 'coffee',
        name: 'Coffee',
        quantity: 2,
        unitSats: 1000,
        discountSats: 200,
        taxSats: 0,
      },
      {
        itemId: 'cake',
        name: 'Cake',
        quantity: 1,
        unitSats: 3500,
        taxRatePercent: 10,
        discountSats: 350,
        taxSats: 315,
      },
    ],
    subtotalSats: 5500,
    discountSats: 550,
    cartDiscount: { kind: 'percent', percent: 10, reason: 'Regular' },
    taxSats: 315,
  });

  it('keeps a discount that gives its sats while any cashier may give one', () => {
    expect(judgeCashierLines(discounted, 5265, discountsOn, used)).toEqual({
      ok: true,
      sale: discounted,
    });
  });

  it('refuses a discount while discounts need the PIN and records the amount as paid', () => {
    const judged = judgeCashierLines(discounted, 5265, tipsOff, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale).toMatchObject({
      lines: [{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 5265 }],
      note: 'cashier-lines',
    });
  });

  it('refuses sats off that the discount does not give: the amount paid is the record', () => {
    const forged = sale({
      ...discounted,
      lines: [{ ...discounted.lines[0]!, discountSats: 1200 }, discounted.lines[1]!],
      discountSats: 1550,
    });
    const judged = judgeCashierLines(forged, 4265, { ...discountsOn, tips: true }, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale).toMatchObject({
      lines: [{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: 4265 }],
      note: 'cashier-lines',
    });
  });

  it('keeps a percent cart discount as its sats when the rest becomes a keypad line', () => {
    const tipped = { ...discounted, tipSats: 100 };
    const judged = judgeCashierLines(tipped, 5365, discountsOn, used);
    expect(judged.ok).toBe(false);
    expect(judged.sale.cartDiscount).toEqual({ kind: 'sats', sats: 550, reason: 'Regular' });
    expect(judged.sale.lines[2]).toMatchObject({ name: CUSTOM_LINE_NAME, unitSats: 100 });
    expect(checkSale(judged.sale, 5365)).toEqual(judged.sale);
  });
});

describe('judgeCashierLines in a dollar till (decision 0092)', () => {
  const bagel = catalogItem({
    id: 'bagel',
    name: 'Bagel',
    price: { unit: 'fiat', currency: 'USD', minor: 250 },
    taxRatePercent: 10,
  });
  const euroCake = catalogItem({
    id: 'cake',
    name: 'Cake',
    price: { unit: 'fiat', currency: 'EUR', minor: 350 },
    position: 1,
  });
  const dollars: CatalogForLines = { items: [bagel, euroCake], tips: true, unit: 'usd' };
  /** two bagels at 2.50 USD with 10 % tax and a 0.50 USD tip: 6.00 USD, in cents */
  const inCents = sale({
    lines: [{ itemId: 'bagel', name: 'Bagel', quantity: 2, unitSats: 250, taxRatePercent: 10 }],
    subtotalSats: 500,
    taxSats: 50,
    tipSats: 50,
  });

  it('keeps lines in cents at the catalog’s dollar price, without any rate', () => {
    expect(judgeCashierLines(inCents, 600, dollars, undefined)).toEqual({
      ok: true,
      sale: inCents,
    });
  });

  it('records a bagel sent at its sat price, never converting cents to sats', () => {
    const inSats = sale({
      lines: [{ itemId: 'bagel', name: 'Bagel', quantity: 1, unitSats: 5000, taxRatePercent: 10 }],
      subtotalSats: 5000,
      taxSats: 500,
    });
    const judged = judgeCashierLines(inSats, 5500, dollars, used);
    expect(judged.ok).toBe(false);
    // The catalog's 2.50 USD and its tax, the rest of the 5,500 cents as the tip (tips on).
    expect(judged.sale.lines[0]).toMatchObject({ unitSats: 250 });
    expect(judged.sale).toMatchObject({ subtotalSats: 250, taxSats: 25, tipSats: 5225 });
  });

  it('refuses a line priced in another currency than the till’s', () => {
    const cake = sale({
      lines: [{ itemId: 'cake', name: 'Cake', quantity: 1, unitSats: 350 }],
      subtotalSats: 350,
    });
    const judged = judgeCashierLines(cake, 350, dollars, undefined);
    expect(judged.ok).toBe(false);
    if (!judged.ok) expect(judged.reason).toContain('item cake has no price in usd');
  });

  it('judges the same cents as sats in a sat till: the bagel has no sat price without a rate', () => {
    const judged = judgeCashierLines(inCents, 600, { ...dollars, unit: undefined }, undefined);
    expect(judged.ok).toBe(false);
  });
});
