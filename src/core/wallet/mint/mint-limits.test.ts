// The mint's NUT-04 amount limits are read from its info and decide which amounts the keypad takes.
import { describe, expect, it } from 'vitest';
import { checkAmountLimits, mintAmountLimits, NO_AMOUNT_LIMITS } from './mint-limits';

const info = (methods: unknown[]) => ({ nuts: { '4': { methods, disabled: false } } });

describe('mintAmountLimits', () => {
  it('reads min and max of bolt11 in sat', () => {
    const limits = mintAmountLimits(
      info([
        { method: 'bolt11', unit: 'usd', min_amount: 5, max_amount: 10 },
        { method: 'bolt11', unit: 'sat', min_amount: 10, max_amount: 500 },
      ]),
    );
    expect(limits).toEqual({ min: 10, max: 500 });
  });

  it('takes numeric strings and bigints as cashu-ts may give them', () => {
    expect(
      mintAmountLimits(info([{ method: 'bolt11', unit: 'sat', min_amount: '2', max_amount: 9n }])),
    ).toEqual({ min: 2, max: 9 });
  });

  it('counts a missing, null or malformed bound as no limit', () => {
    expect(mintAmountLimits(info([{ method: 'bolt11', unit: 'sat', max_amount: 100 }]))).toEqual({
      min: null,
      max: 100,
    });
    expect(
      mintAmountLimits(info([{ method: 'bolt11', unit: 'sat', min_amount: null, max_amount: -3 }])),
    ).toEqual(NO_AMOUNT_LIMITS);
    expect(mintAmountLimits(info([{ method: 'bolt12', unit: 'sat', max_amount: 1 }]))).toEqual(
      NO_AMOUNT_LIMITS,
    );
    expect(mintAmountLimits({})).toEqual(NO_AMOUNT_LIMITS);
    expect(mintAmountLimits(null)).toEqual(NO_AMOUNT_LIMITS);
    expect(mintAmountLimits({ nuts: { '4': { methods: 'x' } } })).toEqual(NO_AMOUNT_LIMITS);
  });

  it('ignores contradictory limits instead of refusing every amount', () => {
    expect(
      mintAmountLimits(info([{ method: 'bolt11', unit: 'sat', min_amount: 50, max_amount: 10 }])),
    ).toEqual(NO_AMOUNT_LIMITS);
  });
});

describe('checkAmountLimits', () => {
  const limits = { min: 10, max: 500 };

  it('takes amounts within the bounds, both ends included', () => {
    expect(checkAmountLimits(10, limits)).toBeNull();
    expect(checkAmountLimits(500, limits)).toBeNull();
  });

  it('says whether an amount is below the minimum or above the maximum', () => {
    expect(checkAmountLimits(9, limits)).toBe('below');
    expect(checkAmountLimits(501, limits)).toBe('above');
  });

  it('takes every amount when the mint sets no limits', () => {
    expect(checkAmountLimits(Number.MAX_SAFE_INTEGER, NO_AMOUNT_LIMITS)).toBeNull();
  });
});
