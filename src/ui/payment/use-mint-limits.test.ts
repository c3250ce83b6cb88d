// A keypad's mint-limit hints in the merchant's language, the figure in its grouping.
import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Messages } from '../../core/i18n/messages';
import { englishText, textsOf } from '../i18n';
import * as SPANISH from '../locales/keypad/es.json';
import { keypadLimits } from './use-mint-limits';

const spanish = {
  formats: intlFormats('es'),
  messages: (SPANISH as unknown as { messages: Messages }).messages,
};

describe('keypadLimits', () => {
  it('says the bounds in English exactly as before', () => {
    expect(keypadLimits({ min: 10, max: 21_000 }, englishText, ENGLISH_FORMATS)).toEqual({
      min: { value: 10, hint: 'The mint takes at least 10 sats per invoice.' },
      max: { value: 21_000, hint: 'The mint takes at most 21,000 sats per invoice.' },
    });
  });

  it('says them in Spanish when Spanish is chosen, with no minimum of one sat', () => {
    expect(keypadLimits({ min: 1, max: 21_000 }, textsOf(spanish), spanish.formats)).toEqual({
      max: { value: 21_000, hint: 'El mint acepta como mucho 21.000 sats por factura.' },
    });
  });

  it("says a fiat till's bounds in its currency, never as sats", () => {
    expect(
      keypadLimits({ min: 50, max: 1_000_000 }, englishText, ENGLISH_FORMATS, {
        currency: 'USD',
        decimals: 2,
      }),
    ).toEqual({
      min: { value: 50, hint: 'The mint takes at least 0.50 USD per invoice.' },
      max: { value: 1_000_000, hint: 'The mint takes at most 10000.00 USD per invoice.' },
    });
    expect(
      keypadLimits({ min: null, max: 2_500 }, textsOf(spanish), spanish.formats, {
        currency: 'EUR',
        decimals: 2,
      }),
    ).toEqual({
      max: {
        value: 2_500,
        // Intl's Spanish currency text keeps the code after a no-break space.
        hint: 'El mint acepta como mucho 25,00\u00a0EUR por factura.',
      },
    });
  });
});
