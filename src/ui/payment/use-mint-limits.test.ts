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
});
