// Fiat <-> sats: the conversion and rounding table, JPY without decimals included.
import { describe, expect, it } from 'vitest';
import {
  fiatMinorToSats,
  fiatRecordFor,
  formatFiatMinor,
  formatFiatRecord,
  MAX_SATS,
  satsToFiatMinor,
  tryFiatMinorToSats,
  tryFiatRecordFor,
  trySatsToFiatMinor,
} from './convert';
import { currencyDecimals } from './currencies';

describe('a fiat amount becomes whole sats, rounded up', () => {
  it.each([
    // [minor units, currency, BTC price, sats]
    [100, 'USD', 100_000, 1_000], // $1.00 at 100k: exactly 1,000 sat
    [1, 'USD', 100_000, 10], // one cent
    [1234, 'USD', 100_000, 12_340],
    [1, 'USD', 65_432, 16], // 15.28… sat rounds up to 16
    [999, 'EUR', 92_000, 10_859], // 10,858.69… → 10,859
    [500, 'GBP', 79_000, 6_330], // 6,329.11… → 6,330
    [1, 'JPY', 15_000_000, 7], // one yen: 6.66… → 7
    [1500, 'JPY', 15_000_000, 10_000], // 1,500 yen: exactly 10,000 sat
    [1501, 'JPY', 15_000_000, 10_007], // 10,006.66… → 10,007
    [100, 'USD', 43_753.27, 2_286], // fractional price: 2,285.54… → 2,286
    [0, 'USD', 100_000, 0],
  ])('%i minor %s at %d is %i sat', (minor, currency, price, sats) => {
    expect(fiatMinorToSats(minor, price, currencyDecimals(currency))).toBe(sats);
  });

  it('never gives less than asked: the sats are worth at least the fiat amount', () => {
    for (const price of [1, 7, 33_333, 65_432.1, 100_000, 15_000_000]) {
      for (const minor of [1, 3, 99, 1234, 99_999]) {
        const sats = fiatMinorToSats(minor, price, 2);
        expect((sats * price * 100) / 1e8).toBeGreaterThanOrEqual(minor - 1e-9);
        expect(((sats - 1) * price * 100) / 1e8).toBeLessThan(minor);
      }
    }
  });

  it('refuses fractions, negatives and a price of zero', () => {
    expect(() => fiatMinorToSats(1.5, 100_000, 2)).toThrow(RangeError);
    expect(() => fiatMinorToSats(-1, 100_000, 2)).toThrow(RangeError);
    expect(() => fiatMinorToSats(1, 0, 2)).toThrow(RangeError);
  });
});

describe('sats shown in fiat, rounded half up to the currency', () => {
  it.each([
    [1_000, 'USD', 100_000, 100],
    [1_234, 'USD', 100_000, 123], // 123.4 cents → 123
    [1_235, 'USD', 100_000, 124], // 123.5 cents → 124
    [10_000, 'JPY', 15_000_000, 1_500],
    [3, 'JPY', 15_000_000, 0], // 0.45 yen → 0
    [4, 'JPY', 15_000_000, 1], // 0.6 yen → 1
  ])('%i sat in %s at %d is %i minor', (sats, currency, price, minor) => {
    expect(satsToFiatMinor(sats, price, currencyDecimals(currency))).toBe(minor);
  });
});

describe('fiat as text and as a record', () => {
  it('formats with the currency decimals and no Intl', () => {
    expect(formatFiatMinor(1234, 'USD')).toBe('12.34 USD');
    expect(formatFiatMinor(5, 'EUR')).toBe('0.05 EUR');
    expect(formatFiatMinor(1500, 'JPY')).toBe('1500 JPY');
  });

  it('records the value in major units at the price used', () => {
    expect(fiatRecordFor(12_340, 'USD', 100_000)).toEqual({
      currency: 'USD',
      price: 100_000,
      value: 12.34,
    });
    expect(fiatRecordFor(10_007, 'JPY', 15_000_000)).toEqual({
      currency: 'JPY',
      price: 15_000_000,
      value: 1501,
    });
    expect(formatFiatRecord({ currency: 'USD', value: 12.3 })).toBe('12.30 USD');
  });
});

describe('conversions that must never throw where a screen renders them', () => {
  it.each([
    ['a price that rounds to zero at 8 decimals', 100, 1e-9, 2],
    ['a price of zero', 100, 0, 2],
    ['an infinite price', 100, Number.POSITIVE_INFINITY, 2],
    ['a NaN price', 100, Number.NaN, 2],
    ['a negative price', 100, -1, 2],
    ['a fraction of a cent', 1.5, 100_000, 2],
    ['a NaN amount', Number.NaN, 100_000, 2],
    ['an amount beyond safe integers', 2 ** 60, 100_000, 2],
    ['zero', 0, 100_000, 2],
    ['more sats than 21 million BTC', Number.MAX_SAFE_INTEGER, 0.01, 2],
  ])('fiat to sats refuses %s', (_, minor, price, decimals) => {
    expect(tryFiatMinorToSats(minor, price, decimals)).toBeUndefined();
  });

  it('gives whole sats from 1 to the most there can be', () => {
    expect(tryFiatMinorToSats(1, 1e12, 2)).toBe(1); // a cent at an absurd price: still 1 sat asked
    expect(tryFiatMinorToSats(100, 100_000, 2)).toBe(1_000);
    // 21 million BTC at 1 cent per BTC is 21 million cents.
    expect(tryFiatMinorToSats(21_000_000, 0.01, 2)).toBe(MAX_SATS);
    expect(tryFiatMinorToSats(21_000_001, 0.01, 2)).toBeUndefined();
  });

  it('sats to fiat refuses what it cannot tell exactly', () => {
    expect(trySatsToFiatMinor(1_000, 1e-9, 2)).toBeUndefined();
    expect(trySatsToFiatMinor(1_000, Number.POSITIVE_INFINITY, 2)).toBeUndefined();
    expect(trySatsToFiatMinor(1.5, 100_000, 2)).toBeUndefined();
    expect(trySatsToFiatMinor(MAX_SATS, 1e300, 2)).toBeUndefined();
    expect(trySatsToFiatMinor(1_000, 100_000, 2)).toBe(100);
    expect(trySatsToFiatMinor(0, 100_000, 2)).toBe(0);
  });

  it('records a sale with its price time, or not at all', () => {
    expect(tryFiatRecordFor(1_000, 'USD', 100_000, 1_800_000_000_000)).toEqual({
      currency: 'USD',
      price: 100_000,
      value: 1,
      time: 1_800_000_000_000,
    });
    expect(tryFiatRecordFor(1_000, 'USD', Number.NaN, 1)).toBeUndefined();
  });
});
