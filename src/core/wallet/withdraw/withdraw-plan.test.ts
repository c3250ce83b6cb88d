// Withdraw decisions without a mint: minimal splits, when to consolidate, acceptable fees.
import { describe, expect, it } from 'vitest';
import { feeIsAcceptable, isHexKeysetId, popcount, wantsConsolidation } from './withdraw-plan';

describe('withdraw plan', () => {
  it('counts the proofs of the minimal power-of-two split', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(1)).toBe(1);
    expect(popcount(255)).toBe(8);
    expect(popcount(256)).toBe(1);
    expect(popcount(2 ** 40 + 3)).toBe(3);
  });

  it('suggests consolidation only when there are more than the split plus a margin of 2', () => {
    // 7 = 4+2+1: 3 proofs minimum, up to 5 tolerated
    expect(wantsConsolidation(7, 5)).toBe(false);
    expect(wantsConsolidation(7, 6)).toBe(true);
    expect(wantsConsolidation(1000, 200)).toBe(true);
  });

  it('accepts a free swap or a fee of at most 1 % of the amount', () => {
    expect(feeIsAcceptable(0, 1)).toBe(true);
    expect(feeIsAcceptable(1, 100)).toBe(true);
    expect(feeIsAcceptable(2, 100)).toBe(false);
    expect(feeIsAcceptable(1, 1)).toBe(false);
  });

  it('tells hex keyset ids (cashuB-encodable) from legacy base64 ones', () => {
    expect(isHexKeysetId('00ad268c4d1f5826')).toBe(true);
    expect(isHexKeysetId('I2yN+iRYfkzT')).toBe(false);
  });
});
