import { describe, expect, it } from 'vitest';
import { checkSale, INVALID_SALE_MESSAGE } from './sale-check';
import { saleOf, TWO_COFFEES } from '../../testing/sale/cart-sale';

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
