// The merchant's fee limit: 1 % + 10 sats by default, bad stored values fall back to it.
import { describe, expect, it } from 'vitest';
import { cleanFeeLimit, DEFAULT_FEE_LIMIT, feeAboveLimit, feeLimitSats } from './fee-limit';

describe('fee limit', () => {
  it('is floor(amount × percent / 100) + sats', () => {
    expect(feeLimitSats(1000, DEFAULT_FEE_LIMIT)).toBe(20);
    expect(feeLimitSats(12, DEFAULT_FEE_LIMIT)).toBe(10);
    expect(feeLimitSats(100, { percent: 2.5, sats: 0 })).toBe(2);
  });

  it('only fees strictly above it need asking again', () => {
    expect(feeAboveLimit(100, 11, DEFAULT_FEE_LIMIT)).toBe(false);
    expect(feeAboveLimit(100, 12, DEFAULT_FEE_LIMIT)).toBe(true);
    expect(feeAboveLimit(100, 90, DEFAULT_FEE_LIMIT)).toBe(true);
  });

  it('falls back to the default for missing or nonsense values', () => {
    expect(cleanFeeLimit(undefined)).toEqual(DEFAULT_FEE_LIMIT);
    expect(cleanFeeLimit({ percent: -1, sats: 1.5 })).toEqual(DEFAULT_FEE_LIMIT);
    expect(cleanFeeLimit({ percent: Number.NaN, sats: 5 })).toEqual({ percent: 1, sats: 5 });
    expect(cleanFeeLimit({ percent: 3, sats: 0 })).toEqual({ percent: 3, sats: 0 });
  });
});
