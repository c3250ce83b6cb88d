// The per-unit thresholds as the automatic cash-out form types them: major units in the field,
// minor units stored, an empty field for none (docs/decisions/0090-automatic-cash-out-per-unit.md).
import { describe, expect, it } from 'vitest';
import { thresholdsFromTexts, thresholdTexts, thresholdUnits } from './unit-thresholds';

describe('automatic cash-out thresholds per unit', () => {
  it('offers a field per fiat unit the mint issues and per unit already set, never sats', () => {
    expect(thresholdUnits(['sat', 'usd'], { eur: 500 })).toEqual(['usd', 'eur']);
    expect(thresholdUnits(['sat'], undefined)).toEqual([]);
  });

  it('shows stored cents as dollars and reads typed dollars back as cents', () => {
    expect(thresholdTexts({ usd: 2000, jpy: 500 })).toEqual({ usd: '20.00', jpy: '500' });
    expect(thresholdsFromTexts({ usd: '20', eur: '12,5', jpy: '' })).toEqual({
      usd: 2000,
      eur: 1250,
    });
  });

  it('leaves empty fields out, and marks text that is not an amount for the check', () => {
    expect(thresholdsFromTexts({ usd: ' ' })).toBeUndefined();
    expect(thresholdsFromTexts({ usd: '1.234' })).toEqual({ usd: Number.NaN });
  });
});
