import { describe, expect, it } from 'vitest';
import { addCustom, addItem } from '../items/cart';
import { cartSummary } from '../items/cart-view';
import { CAKE, COFFEE, USD_PRICE } from '../../testing/items/catalog';
import { checkSale } from './sale-check';
import { cartSale, inUnit, keypadSale, paidBy, saleUnit } from './sale';
import { fiatAt, satsSale, typedFiatSale } from './sale-fiat';

const TAKEN_AT = 1_800_000_000_000;
const usd = { ...USD_PRICE, time: TAKEN_AT };

describe('a keypad sale', () => {
  it('is the amount typed in sats, with its record at the price shown', () => {
    expect(satsSale(12_340, usd)).toEqual({
      amount: 12_340,
      fiat: { currency: 'USD', price: 100_000, value: 12.34, time: TAKEN_AT },
    });
  });

  it('is sats only while no price may be used (none, stale or a jump held)', () => {
    expect(satsSale(12_340, undefined)).toEqual({ amount: 12_340 });
    expect(keypadSale(21)).toEqual({ amount: 21 });
    expect(paidBy(keypadSale(21), 'lightning')).toBeUndefined();
  });

  it('typed in the currency charges the sats rounded up and records the typed value', () => {
    // 0.01 USD at 30,000 per BTC is 33.33… sats: the merchant gets 34, the record says 0.01.
    expect(typedFiatSale(1, { currency: 'USD', price: 30_000, time: TAKEN_AT })).toEqual({
      amount: 34,
      fiat: { currency: 'USD', price: 30_000, value: 0.01, time: TAKEN_AT },
    });
  });

  it('typed in the currency is no sale at all when it cannot be converted exactly', () => {
    expect(typedFiatSale(0, usd)).toBeUndefined();
    expect(typedFiatSale(1_000, { currency: 'USD', price: Number.NaN })).toBeUndefined();
  });
});

describe('a cart sale', () => {
  const lines = addCustom(addItem(addItem([], COFFEE, 'a'), CAKE, 'b'), 100, 'c');

  it('carries its lines, tax and tip adding up to its amount, and its record at the price used', () => {
    const sale = cartSummary(lines, usd, { kind: 'sats', sats: 50 }).charge;
    // 2,500 + 3,500 + 100, tax 7.5 % of 3,500 = 262.5 → 263, tip 50.
    expect(sale).toMatchObject({
      amount: 6413,
      lines: { subtotalSats: 6100, taxSats: 263, tipSats: 50 },
      fiat: { currency: 'USD', price: 100_000, value: 6.41, time: TAKEN_AT },
    });
    expect(sale?.lines?.lines.map((line) => line.name)).toEqual([
      'Coffee',
      'Cake',
      'Custom amount',
    ]);
    // What the invoice keeps is the record a payment checks against its amount.
    const detail = paidBy(sale!, 'lightning');
    expect(checkSale(detail!, 6413)).toEqual({ ...sale!.lines, method: 'lightning' });
  });

  it('is paid by the method of its payment, not fixed when charged', () => {
    const sale = cartSale(600, { lines: [], subtotalSats: 600, taxSats: 0, tipSats: 0 });
    expect(paidBy(sale, 'ecash')?.method).toBe('ecash');
    expect(sale).not.toHaveProperty('method');
  });

  it('of sat-priced items without a usable price has no fiat record', () => {
    const sale = cartSummary(addItem([], COFFEE, 'a'), undefined, { kind: 'none' }).charge;
    expect(sale).toEqual({
      amount: 2500,
      lines: {
        lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 2500 }],
        subtotalSats: 2500,
        taxSats: 0,
        tipSats: 0,
      },
    });
    expect(fiatAt(2500, undefined)).toBeUndefined();
  });
});

describe('the unit of a sale', () => {
  it('is sats unless charged in another unit, and a sat sale keeps no unit field', () => {
    const sats = keypadSale(2100);
    expect(saleUnit(sats)).toBe('sat');
    const dollars = inUnit(keypadSale(350), 'usd');
    expect(dollars).toEqual({ amount: 350, unit: 'usd' });
    expect(saleUnit(dollars)).toBe('usd');
    expect(inUnit(dollars, 'sat')).toEqual({ amount: 350 });
  });
});
