// Change a mint returns after paying: the fee it implies, and what the reserve cannot explain.
import { describe, expect, it } from 'vitest';
import { checkChange } from './change-check';

const row = { inputAmount: 512, inputFee: 2, amount: 100, feeReserve: 10 };

describe('checkChange', () => {
  it('change within the reserve: the fee is what was kept, nothing unexplained', () => {
    expect(checkChange(row, 409)).toEqual({ feePaid: 1, extraChange: 0, feeBeyondReserve: 0 });
    expect(checkChange(row, 400)).toEqual({ feePaid: 10, extraChange: 0, feeBeyondReserve: 0 });
  });

  it('more change than was left over after the amount is counted as extra change', () => {
    expect(checkChange(row, 415)).toEqual({ feePaid: 0, extraChange: 5, feeBeyondReserve: 0 });
  });

  it('less change than the reserve allows is a fee beyond the reserve', () => {
    expect(checkChange(row, 390)).toEqual({ feePaid: 20, extraChange: 0, feeBeyondReserve: 10 });
  });
});
