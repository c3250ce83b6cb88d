import { describe, expect, it } from 'vitest';
import { checkSale, INVALID_SALE_MESSAGE } from './sale-check';
import { breadAndWine, saleOf, TWO_COFFEES } from '../../testing/sale/cart-sale';

const sale = saleOf(TWO_COFFEES, { taxSats: 10, tipSats: 111 });

describe('checkSale', () => {
  it('passes a sale whose parts add up to the amount', () => {
    expect(checkSale(sale, 1221)).toEqual(sale);
  });
  it('refuses a sale that does not add up, or is not whole', () => {
    expect(() => checkSale(sale, 1220)).toThrow(INVALID_SALE_MESSAGE);
    expect(() => checkSale({ ...sale, subtotalSats: 1000, tipSats: 211 }, 1221)).toThrow(
      INVALID_SALE_MESSAGE,
    );
    expect(() => checkSale({ ...sale, tipSats: 110.5, taxSats: 10.5 }, 1221)).toThrow(
      INVALID_SALE_MESSAGE,
    );
    expect(() => checkSale({ ...sale, tipSats: -1, taxSats: 122 }, 1221)).toThrow(
      INVALID_SALE_MESSAGE,
    );
  });
});

describe('checkSale with discounts and tax by rate', () => {
  const discounted = breadAndWine();

  it('passes a sale whose discounted lines, added tax and tip make the amount', () => {
    // 2,190 - 100 + 63 + 10
    expect(checkSale(discounted, 2163)).toEqual(discounted);
  });

  it('refuses discounts or tax that do not match the lines', () => {
    expect(() => checkSale({ ...discounted, discountSats: 200 }, 2063)).toThrow(
      INVALID_SALE_MESSAGE,
    );
    expect(() => checkSale({ ...discounted, includedTaxSats: 0 }, 2163)).toThrow(
      INVALID_SALE_MESSAGE,
    );
    const tooMuch = {
      ...discounted,
      lines: [{ ...discounted.lines[0]!, discountSats: 5000 }, discounted.lines[1]!],
      discountSats: 5000,
    };
    expect(() => checkSale(tooMuch, 2190 - 5000 + 73)).toThrow(INVALID_SALE_MESSAGE);
  });
});

describe('checkSale with discounts that must give their sats', () => {
  const coffee = { itemId: 'c', name: 'Coffee', quantity: 2, unitSats: 500, taxSats: 0 };

  it('passes a 100 % line discount: the line costs nothing, never less', () => {
    const free = saleOf(
      [
        {
          ...coffee,
          discount: { kind: 'percent', percent: 100, reason: 'Staff' },
          discountSats: 1000,
        },
      ],
      { discountSats: 1000 },
    );
    expect(checkSale(free, 0)).toEqual(free);
  });

  it('refuses sats off a line beyond what its discount gives', () => {
    const forged = saleOf(
      [{ ...coffee, discount: { kind: 'percent', percent: 10, reason: '' }, discountSats: 500 }],
      { discountSats: 500 },
    );
    expect(() => checkSale(forged, 500)).toThrow(INVALID_SALE_MESSAGE);
  });

  it('refuses sats off with no discount given, and a cart discount not shared out', () => {
    const unexplained = saleOf([{ ...coffee, discountSats: 100 }], { discountSats: 100 });
    expect(() => checkSale(unexplained, 900)).toThrow(INVALID_SALE_MESSAGE);
    const unshared = saleOf([coffee], {
      cartDiscount: { kind: 'sats', sats: 100, reason: '' },
    });
    expect(() => checkSale(unshared, 1000)).toThrow(INVALID_SALE_MESSAGE);
  });
});
