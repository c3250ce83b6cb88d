// The automatic cash-out form's checks, the fee limit included (saved even with automatic off).
import { describe, expect, it } from 'vitest';
import { englishText } from '../../ui/i18n';
import { checkAutoCashOut } from './AutoCashOutSettings';
import * as S from './locales/settings/en.json';

const AUTO_NEEDS_ADDRESS = englishText(S.AUTO_NEEDS_ADDRESS);
const AUTO_NEEDS_THRESHOLD = englishText(S.AUTO_NEEDS_THRESHOLD);
const FEE_LIMIT_NEEDS_PERCENT = englishText(S.FEE_LIMIT_NEEDS_PERCENT);
const FEE_LIMIT_NEEDS_SATS = englishText(S.FEE_LIMIT_NEEDS_SATS);
const AUTO_NEEDS_UNIT_THRESHOLD = (unit: string, min: string) =>
  englishText(S.AUTO_NEEDS_UNIT_THRESHOLD, { unit, min });

const off = { enabled: false, address: '', threshold: 0 };

describe('checkAutoCashOut', () => {
  it('takes a fee limit of 0 to 100 percent and whole sats, even with automatic cash-out off', () => {
    expect(
      checkAutoCashOut({ ...off, feeLimit: { percent: 2.5, sats: 0 } }, englishText),
    ).toBeNull();
    expect(checkAutoCashOut({ ...off, feeLimit: { percent: 101, sats: 10 } }, englishText)).toBe(
      FEE_LIMIT_NEEDS_PERCENT,
    );
    expect(
      checkAutoCashOut({ ...off, feeLimit: { percent: Number.NaN, sats: 10 } }, englishText),
    ).toBe(FEE_LIMIT_NEEDS_PERCENT);
    expect(
      checkAutoCashOut({ ...off, feeLimit: { percent: 1, sats: Number.NaN } }, englishText),
    ).toBe(FEE_LIMIT_NEEDS_SATS);
  });

  it('still needs an address and a threshold when on', () => {
    const on = { enabled: true, address: 'shop@pay.example', threshold: 1 };
    expect(checkAutoCashOut(on, englishText)).toBe(AUTO_NEEDS_THRESHOLD);
    expect(checkAutoCashOut({ ...on, threshold: 100 }, englishText)).toBeNull();
  });

  it('an empty or blank address asks for an address, never for an invoice', () => {
    const on = { enabled: true, address: '', threshold: 100 };
    expect(checkAutoCashOut(on, englishText)).toBe(AUTO_NEEDS_ADDRESS);
    expect(checkAutoCashOut({ ...on, address: '   ' }, englishText)).toBe(AUTO_NEEDS_ADDRESS);
  });

  // docs/decisions/0090-automatic-cash-out-per-unit.md
  it('takes a dollar threshold alone, and names the unit whose threshold is not an amount', () => {
    const on = { enabled: true, address: 'shop@pay.example', threshold: 0 };
    expect(checkAutoCashOut({ ...on, unitThresholds: { usd: 2000 } }, englishText)).toBeNull();
    expect(checkAutoCashOut(on, englishText)).toBe(AUTO_NEEDS_THRESHOLD);
    expect(checkAutoCashOut({ ...on, unitThresholds: { usd: 1 } }, englishText)).toBe(
      AUTO_NEEDS_UNIT_THRESHOLD('USD', '0.02 USD'),
    );
    expect(
      checkAutoCashOut({ ...on, threshold: 100, unitThresholds: { eur: Number.NaN } }, englishText),
    ).toBe(AUTO_NEEDS_UNIT_THRESHOLD('EUR', '0.02 EUR'));
  });
});
