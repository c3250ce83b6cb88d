// Tax by rate at its edges: inclusive and exclusive prices, rounding per line or per receipt, many
// small lines, the sharing out of a total, and a 100 % discount (docs/protocol.md "Tax by rate").
import { describe, expect, it } from 'vitest';
import { discountSats, isDiscount } from './discount';
import { addRates, allocate, ratesOf, taxIn, taxOf } from './tax';

describe('the tax in a base', () => {
  it('is added on top of an exclusive price, rounded half up', () => {
    expect(taxIn(1000, 19)).toBe(190);
    expect(taxIn(50, 7)).toBe(4); // 3.5 → 4
    expect(taxIn(49, 7)).toBe(3); // 3.43 → 3
  });

  it('is taken out of an inclusive price as rate / (100 % + rate)', () => {
    // 1,190 with 19 % inside is 1,000 net and 190 tax.
    expect(taxIn(1190, 19, true)).toBe(190);
    // 107 with 7 % inside: 7 exactly.
    expect(taxIn(107, 7, true)).toBe(7);
    // 100 with 19 % inside: 15.966… → 16.
    expect(taxIn(100, 19, true)).toBe(16);
  });

  it('is nothing for no rate, rate 0 or a base of 0', () => {
    expect(taxIn(1000, undefined)).toBe(0);
    expect(taxIn(1000, 0, true)).toBe(0);
    expect(taxIn(0, 19)).toBe(0);
  });

  it('takes two-decimal rates exactly', () => {
    expect(taxIn(10_000, 7.75)).toBe(775);
    expect(taxIn(10_775, 7.75, true)).toBe(775);
  });
});

describe('rounding per line or per receipt', () => {
  // 100 lines of 10 sats at 7 %: 0.7 each.
  const small = Array.from({ length: 100 }, () => ({ baseSats: 10, rate: 7 }));

  it('per line rounds each small line (100 × 1 sat)', () => {
    const result = taxOf(small, 'line');
    expect(result.addedSats).toBe(100);
    expect(result.lineTax.every((tax) => tax === 1)).toBe(true);
  });

  it('per receipt rounds the rate once (7 % of 1,000 = 70) and shares it back to the lines', () => {
    const result = taxOf(small, 'receipt');
    expect(result.addedSats).toBe(70);
    expect(result.lineTax.reduce((s, n) => s + n, 0)).toBe(70);
    expect(Math.max(...result.lineTax) - Math.min(...result.lineTax)).toBeLessThanOrEqual(1);
  });

  it('per receipt keeps inclusive and exclusive lines of one rate apart', () => {
    const result = taxOf(
      [
        { baseSats: 1000, rate: 19 },
        { baseSats: 1190, rate: 19, included: true },
      ],
      'receipt',
    );
    expect(result).toEqual({ lineTax: [190, 190], addedSats: 190, includedSats: 190 });
  });

  it('mixes inclusive and exclusive rates in one cart', () => {
    const lines = [
      { baseSats: 1070, rate: 7, included: true },
      { baseSats: 1000, rate: 19 },
      { baseSats: 500 },
    ];
    const result = taxOf(lines, 'line');
    expect(result).toEqual({ lineTax: [70, 190, 0], addedSats: 190, includedSats: 70 });
    expect(ratesOf(lines.map((line, i) => ({ ...line, taxSats: result.lineTax[i]! })))).toEqual([
      { rate: 0, netSats: 500, taxSats: 0, grossSats: 500 },
      { rate: 7, netSats: 1000, taxSats: 70, grossSats: 1070 },
      { rate: 19, netSats: 1000, taxSats: 190, grossSats: 1190 },
    ]);
  });
});

describe('sharing out a total', () => {
  it('sums to the total exactly and never gives a line more than its weight', () => {
    const weights = [1, 1, 1, 997];
    const parts = allocate(999, weights);
    expect(parts.reduce((s, n) => s + n, 0)).toBe(999);
    parts.forEach((part, i) => expect(part).toBeLessThanOrEqual(weights[i]!));
  });

  it('gives nothing to a line of weight 0 and all of a total equal to the weights', () => {
    expect(allocate(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocate(3, [0, 0])).toEqual([0, 0]);
  });

  it('puts the remainder on the largest rests first, ties to the earlier line', () => {
    expect(allocate(1, [1, 1])).toEqual([1, 0]);
    expect(allocate(10, [1, 2])).toEqual([3, 7]);
  });
});

describe('a discount', () => {
  it('in percent is rounded half up and in sats is taken as given', () => {
    expect(discountSats({ kind: 'percent', percent: 10, reason: '' }, 1005)).toBe(101);
    expect(discountSats({ kind: 'sats', sats: 300, reason: 'staff' }, 1000)).toBe(300);
  });

  it('never takes off more than there is (never below zero)', () => {
    expect(discountSats({ kind: 'sats', sats: 5000, reason: '' }, 1000)).toBe(1000);
    expect(discountSats({ kind: 'percent', percent: 100, reason: '' }, 1234)).toBe(1234);
    expect(discountSats(undefined, 1000)).toBe(0);
  });

  it('is refused when it is not a percent above 0 up to 100 or whole sats above 0', () => {
    expect(isDiscount({ kind: 'percent', percent: 0, reason: '' })).toBe(false);
    expect(isDiscount({ kind: 'percent', percent: 100.5, reason: '' })).toBe(false);
    expect(isDiscount({ kind: 'sats', sats: 1.5, reason: '' })).toBe(false);
    expect(isDiscount({ kind: 'sats', sats: 10 })).toBe(false);
    expect(isDiscount({ kind: 'percent', percent: 12.5, reason: 'happy hour' })).toBe(true);
  });
});

describe('adding rates', () => {
  it('sums rate by rate and keeps them ascending', () => {
    const rows = addRates(
      [{ rate: 19, netSats: 100, taxSats: 19, grossSats: 119 }],
      [
        { rate: 7, netSats: 100, taxSats: 7, grossSats: 107 },
        { rate: 19, netSats: 100, taxSats: 19, grossSats: 119 },
      ],
    );
    expect(rows).toEqual([
      { rate: 7, netSats: 100, taxSats: 7, grossSats: 107 },
      { rate: 19, netSats: 200, taxSats: 38, grossSats: 238 },
    ]);
  });
});
