// The automatic cash-out form's checks, the fee limit included (saved even with automatic off).
import { describe, expect, it } from 'vitest';
import {
  AUTO_NEEDS_ADDRESS,
  AUTO_NEEDS_THRESHOLD,
  FEE_LIMIT_NEEDS_PERCENT,
  FEE_LIMIT_NEEDS_SATS,
} from './texts.json';
import { checkAutoCashOut } from './AutoCashOutSettings';

const off = { enabled: false, address: '', threshold: 0 };

describe('checkAutoCashOut', () => {
  it('takes a fee limit of 0 to 100 percent and whole sats, even with automatic cash-out off', () => {
    expect(checkAutoCashOut({ ...off, feeLimit: { percent: 2.5, sats: 0 } })).toBeNull();
    expect(checkAutoCashOut({ ...off, feeLimit: { percent: 101, sats: 10 } })).toBe(
      FEE_LIMIT_NEEDS_PERCENT,
    );
    expect(checkAutoCashOut({ ...off, feeLimit: { percent: Number.NaN, sats: 10 } })).toBe(
      FEE_LIMIT_NEEDS_PERCENT,
    );
    expect(checkAutoCashOut({ ...off, feeLimit: { percent: 1, sats: Number.NaN } })).toBe(
      FEE_LIMIT_NEEDS_SATS,
    );
  });

  it('still needs an address and a threshold when on', () => {
    const on = { enabled: true, address: 'shop@pay.example', threshold: 1 };
    expect(checkAutoCashOut(on)).toBe(AUTO_NEEDS_THRESHOLD);
    expect(checkAutoCashOut({ ...on, threshold: 100 })).toBeNull();
  });

  it('an empty or blank address asks for an address, never for an invoice', () => {
    const on = { enabled: true, address: '', threshold: 100 };
    expect(checkAutoCashOut(on)).toBe(AUTO_NEEDS_ADDRESS);
    expect(checkAutoCashOut({ ...on, address: '   ' })).toBe(AUTO_NEEDS_ADDRESS);
  });
});
