// The checks a price passes before the till charges by it: likely, not from the future, no wild jump.
import { describe, expect, it } from 'vitest';
import { PriceReplyError } from './errors';
import { checkReplyTime, FUTURE_SKEW_MS, isJump, likelyPrice, priceMove } from './price-checks';

describe('likelyPrice', () => {
  it.each([
    ['USD', 100_000, true],
    ['USD', 1e12, false],
    ['USD', 1e-9, false],
    ['USD', 99, false],
    ['USD', 100_000_001, false],
    ['EUR', 92_000, true],
    ['JPY', 15_000_000, true],
    ['JPY', 1_000, false],
    ['BRL', 550_000, true], // a currency the app has no range for: the wide one
    ['IRR', 4e12, true],
    ['IRR', 1e14, false],
    ['USD', Number.POSITIVE_INFINITY, false],
    ['USD', Number.NaN, false],
  ])('%s at %d is %s', (currency, price, likely) => {
    expect(likelyPrice(currency, price)).toBe(likely);
  });
});

describe('checkReplyTime', () => {
  const now = 1_800_000_000_000;
  it('takes a time in the past or up to the skew ahead', () => {
    expect(() => checkReplyTime(now / 1000 - 86_400, now)).not.toThrow();
    expect(() => checkReplyTime((now + FUTURE_SKEW_MS) / 1000, now)).not.toThrow();
  });
  it('refuses a time further ahead', () => {
    expect(() => checkReplyTime((now + FUTURE_SKEW_MS) / 1000 + 1, now)).toThrow(PriceReplyError);
    expect(() => checkReplyTime(now / 1000 + 3600, now)).toThrow(
      "The price source's time is in the future",
    );
  });
});

describe('isJump', () => {
  it.each([
    [100_000, 120_000, false],
    [100_000, 80_000, false],
    [100_000, 120_001, true],
    [100_000, 79_999, true],
    [100_000, 150_000, true],
    [100_000, 50_000, true],
    [100_000, Number.NaN, true],
  ])('%d to %d: %s', (last, next, jump) => {
    expect(isJump(last, next)).toBe(jump);
  });
  it('measures the move from the last price', () => {
    expect(priceMove(100, 150)).toBeCloseTo(0.5);
    expect(priceMove(100, 50)).toBeCloseTo(-0.5);
  });
});
