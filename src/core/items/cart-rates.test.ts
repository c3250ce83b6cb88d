// A cart priced by rate: inclusive and exclusive lines, discounts per line and per cart shared out
// before tax, a tip outside tax, the sale record it leaves and how a recorded sale reads back.
import { describe, expect, it } from 'vitest';
import { checkSale } from '../sale/sale-check';
import { lineRefund, saleRates } from '../sale/sale-rates';
import type { SaleDetail } from '../sale/sale-detail';
import {
  addItem,
  priceCart,
  saleLinesOf,
  setLineDiscount,
  type CartLine,
  type TipChoice,
} from './cart';
import type { Discount } from '../sale/discount';
import type { CatalogItem } from './item';

const item = (id: string, sats: number, rate?: number, taxIncluded?: boolean): CatalogItem => ({
  id,
  name: id,
  price: { unit: 'sat', sats },
  ...(rate ? { taxRatePercent: rate } : {}),
  ...(taxIncluded === undefined ? {} : { taxIncluded }),
  enabled: true,
  position: 0,
});

const BREAD = item('bread', 1000, 7);
const WINE = item('wine', 2000, 19);

function lines(...items: CatalogItem[]): CartLine[] {
  return items.reduce<CartLine[]>((acc, it, i) => addItem(acc, it, `l${i}`), []);
}

/** The bread and the wine with a tip and a discount on the whole cart. */
function breadAndWine(tip: TipChoice, cartDiscount: Discount) {
  return totals(lines(BREAD, WINE), tip, { cartDiscount });
}

function totals(
  cart: CartLine[],
  ...rest: Parameters<typeof priceCart> extends [unknown, unknown, ...infer R] ? R : never
) {
  const pricing = priceCart(cart, undefined, ...rest);
  if (!pricing.ok) throw new Error(pricing.problem);
  return pricing.totals;
}

describe('a cart with a 7 % and a 19 % item', () => {
  it('adds each rate on top and lists net, tax and gross per rate', () => {
    const t = totals(lines(BREAD, WINE));
    expect(t).toMatchObject({ subtotalSats: 3000, taxSats: 450, totalSats: 3450 });
    expect(t.rates).toEqual([
      { rate: 7, netSats: 1000, taxSats: 70, grossSats: 1070 },
      { rate: 19, netSats: 2000, taxSats: 380, grossSats: 2380 },
    ]);
  });

  it('with a 10 % cart discount and a tip: tax on the discounted lines, the tip outside tax', () => {
    const t = breadAndWine(
      { kind: 'sats', sats: 100 },
      { kind: 'percent', percent: 10, reason: 'regular' },
    );
    // 10 % of 3,000 = 300, shared 100 / 200; tax 7 % of 900 = 63, 19 % of 1,800 = 342.
    expect(t).toMatchObject({ discountSats: 300, taxSats: 405, tipSats: 100, totalSats: 3205 });
    expect(t.rates).toEqual([
      { rate: 7, netSats: 900, taxSats: 63, grossSats: 963 },
      { rate: 19, netSats: 1800, taxSats: 342, grossSats: 2142 },
    ]);
    const detail = { ...saleLinesOf(t), method: 'lightning' as const };
    expect(checkSale(detail, 3205)).toEqual(detail);
    expect(saleRates(detail)).toEqual(t.rates);
  });

  it('with prices holding the tax charges the shelf price and takes the tax out of it', () => {
    const t = totals(lines(item('b', 1070, 7, true), item('w', 1190, 19, true)));
    expect(t).toMatchObject({
      subtotalSats: 2260,
      taxSats: 0,
      includedTaxSats: 260,
      totalSats: 2260,
    });
    expect(t.rates).toEqual([
      { rate: 7, netSats: 1000, taxSats: 70, grossSats: 1070 },
      { rate: 19, netSats: 1000, taxSats: 190, grossSats: 1190 },
    ]);
  });

  it("takes the shop's default when an item does not say, and the item's own when it does", () => {
    const t = totals(lines(item('b', 1070, 7), item('w', 2000, 19, false)), undefined, {
      pricesIncludeTax: true,
    });
    expect(t).toMatchObject({ taxSats: 380, includedTaxSats: 70, totalSats: 3450 });
  });
});

describe('discounts', () => {
  it('of 100 % leave a line at 0 with no tax, never below zero', () => {
    let cart = lines(BREAD, WINE);
    cart = setLineDiscount(cart, 'l0', { kind: 'percent', percent: 100, reason: 'spoilt' });
    const t = totals(cart);
    expect(t.lines[0]).toMatchObject({ discountSats: 1000, taxSats: 0 });
    expect(t).toMatchObject({ discountSats: 1000, taxSats: 380, totalSats: 2380 });
  });

  it('in sats larger than the cart make it 0, with no tax and no tip of a percent', () => {
    const t = breadAndWine(
      { kind: 'percent', percent: 10 },
      { kind: 'sats', sats: 1_000_000, reason: 'owner' },
    );
    expect(t).toMatchObject({ discountSats: 3000, taxSats: 0, tipSats: 0, totalSats: 0 });
  });

  it('per line and per cart together: the cart discount is of what the lines leave', () => {
    let cart = lines(BREAD, WINE);
    cart = setLineDiscount(cart, 'l1', { kind: 'sats', sats: 1000, reason: 'damaged' });
    const t = totals(cart, undefined, {
      cartDiscount: { kind: 'percent', percent: 50, reason: 'closing' },
    });
    // Lines leave 1,000 + 1,000; half off is 500 each.
    expect(t.lines.map((l) => l.discountSats)).toEqual([500, 1500]);
    expect(t).toMatchObject({ discountSats: 2000, taxSats: 35 + 95, totalSats: 1130 });
  });
});

describe('many small lines', () => {
  const many = Array.from({ length: 200 }, (_, i) => item(`i${i}`, 10, 7));

  it('per line: 1 sat of tax on each 10-sat line (0.7 rounded up)', () => {
    expect(totals(lines(...many)).taxSats).toBe(200);
  });

  it('per receipt: 7 % of 2,000 once, and the record reads back the same', () => {
    const t = totals(lines(...many), undefined, { rounding: 'receipt' });
    expect(t.taxSats).toBe(140);
    const detail = { ...saleLinesOf(t), method: 'ecash' as const };
    expect(detail.taxRounding).toBe('receipt');
    expect(checkSale(detail, 2140)).toEqual(detail);
    expect(saleRates(detail)).toEqual([{ rate: 7, netSats: 2000, taxSats: 140, grossSats: 2140 }]);
  });
});

describe('a sale recorded before tax by rate', () => {
  const old: SaleDetail = {
    lines: [
      { name: 'Bread', quantity: 2, unitSats: 1000, taxRatePercent: 7 },
      { name: 'Wine', quantity: 1, unitSats: 2000, taxRatePercent: 19 },
      { name: 'Custom amount', quantity: 1, unitSats: 300 },
    ],
    subtotalSats: 4300,
    taxSats: 520,
    tipSats: 50,
    method: 'lightning',
  };

  it('reads as tax on top rounded per line, by rate', () => {
    expect(saleRates(old)).toEqual([
      { rate: 0, netSats: 300, taxSats: 0, grossSats: 300 },
      { rate: 7, netSats: 2000, taxSats: 140, grossSats: 2140 },
      { rate: 19, netSats: 2000, taxSats: 380, grossSats: 2380 },
    ]);
  });

  it('whose tax does not follow that rule keeps its figures under no rate', () => {
    expect(saleRates({ ...old, taxSats: 999 })).toEqual([
      { rate: null, netSats: 4300, taxSats: 999, grossSats: 5299 },
    ]);
  });

  it('is recorded the same way today when it uses no discount, inclusive price or receipt rounding', () => {
    const t = totals(lines(BREAD, WINE));
    expect(saleLinesOf(t)).toEqual({
      lines: [
        { itemId: 'bread', name: 'bread', quantity: 1, unitSats: 1000, taxRatePercent: 7 },
        { itemId: 'wine', name: 'wine', quantity: 1, unitSats: 2000, taxRatePercent: 19 },
      ],
      subtotalSats: 3000,
      taxSats: 450,
      tipSats: 0,
    });
  });
});

describe('the refund of one line', () => {
  it('is what the customer paid for it: its net, its tax and its rate, discounts taken off', () => {
    const t = totals(
      lines(BREAD, WINE),
      { kind: 'sats', sats: 100 },
      { cartDiscount: { kind: 'percent', percent: 10, reason: '' } },
    );
    const detail = { ...saleLinesOf(t), method: 'lightning' as const };
    expect(lineRefund(detail, 1)).toEqual({
      rate: 19,
      netSats: 1800,
      taxSats: 342,
      grossSats: 2142,
    });
  });

  it('of an inclusive line gives back its shelf price, the tax inside it', () => {
    const t = totals(lines(item('b', 1070, 7, true), item('w', 1190, 19, true)));
    const detail = { ...saleLinesOf(t), method: 'lightning' as const };
    expect(lineRefund(detail, 0)).toEqual({ rate: 7, netSats: 1000, taxSats: 70, grossSats: 1070 });
  });

  it('of an old record is taxed by the rule it was sold under; a missing line is undefined', () => {
    const old: SaleDetail = {
      lines: [{ name: 'Bread', quantity: 2, unitSats: 1000, taxRatePercent: 7 }],
      subtotalSats: 2000,
      taxSats: 140,
      tipSats: 0,
      method: 'lightning',
    };
    expect(lineRefund(old, 0)).toEqual({ rate: 7, netSats: 2000, taxSats: 140, grossSats: 2140 });
    expect(lineRefund(old, 1)).toBeUndefined();
  });
});
