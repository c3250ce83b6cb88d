// The cart and the sale check agree: every cart the till prices, with discounts per line and per
// cart (up to 100 %), inclusive or exclusive prices and either rounding, is a record the check
// passes at its total, and the same record with one more sat off a line is refused.
import { describe, expect, it } from 'vitest';
import { priceCart, saleLinesOf, type CartLine } from '../items/cart';
import type { Discount } from './discount';
import { checkSale, INVALID_SALE_MESSAGE } from './sale-check';
import type { SaleDetail } from './sale-detail';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}

function discountOf(pick: (n: number) => number): Discount | undefined {
  switch (pick(4)) {
    case 0:
      return { kind: 'percent', percent: [1, 10, 33.33, 100][pick(4)]!, reason: 'r' };
    case 1:
      return { kind: 'sats', sats: 1 + pick(5000), reason: '' };
    default:
      return undefined;
  }
}

function cartOf(seed: number) {
  const pick = random(seed);
  const lines: CartLine[] = Array.from({ length: 1 + pick(6) }, (_, i) => {
    const discount = discountOf(pick);
    const rate = [0, 7, 19, 7.5][pick(4)]!;
    return {
      id: `l${i}`,
      name: `Item ${i}`,
      price: { unit: 'sat', sats: 1 + pick(3000) },
      quantity: 1 + pick(4),
      ...(rate ? { taxRatePercent: rate } : {}),
      ...(pick(3) === 0 ? { taxIncluded: true } : {}),
      ...(discount ? { discount } : {}),
    };
  });
  const cartDiscount = discountOf(pick);
  const rules = {
    rounding: pick(2) === 0 ? ('line' as const) : ('receipt' as const),
    ...(cartDiscount ? { cartDiscount } : {}),
  };
  return priceCart(lines, undefined, { kind: 'percent', percent: 10 }, rules);
}

describe('the cart and the sale check', () => {
  it('agree on 300 carts with discounts, rates and roundings', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const priced = cartOf(seed);
      if (!priced.ok) throw new Error(`seed ${seed} did not price`);
      const sale: SaleDetail = { ...saleLinesOf(priced.totals), method: 'lightning' };
      expect(checkSale(sale, priced.totals.totalSats), `seed ${seed}`).toEqual(sale);
      expect(priced.totals.lines.every((line) => line.discountSats <= line.lineSats)).toBe(true);
    }
  });

  it('refuses one sat more off a line than its discounts give', () => {
    let refused = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const priced = cartOf(seed);
      if (!priced.ok || priced.totals.discountSats === 0) continue;
      const sale: SaleDetail = { ...saleLinesOf(priced.totals), method: 'lightning' };
      const line = sale.lines.find((l) => (l.discountSats ?? 0) < l.unitSats * l.quantity);
      if (!line) continue;
      line.discountSats = (line.discountSats ?? 0) + 1;
      sale.discountSats = (sale.discountSats ?? 0) + 1;
      expect(() => checkSale(sale, priced.totals.totalSats - 1)).toThrow(INVALID_SALE_MESSAGE);
      refused += 1;
    }
    expect(refused).toBeGreaterThan(10);
  });
});
