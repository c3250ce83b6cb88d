// The price source's errors in the merchant's language: English exactly as core writes them, each
// one in Spanish, the currency, price and status kept as written.
import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { PriceReplyError, PriceUnavailableError } from '../../core/prices/errors';
import { PRICE_REPLY_FUTURE, priceReplyUnlikelyWords } from '../../core/prices/price-checks';
import { priceReplyBadPriceWords } from '../../core/prices/price-reply';
import {
  INVALID_CURRENCY,
  INVALID_PRICE_URL,
  PRICE_UNREACHABLE,
  priceHttpWords,
  priceJumpedWords,
} from '../../core/prices/price-service';
import fixed from '../../core/prices/texts.json';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import * as SPANISH from './locales/price-errors/es.json';
import { priceErrorText } from './price-errors';

const FIXED = [
  ...Object.values(fixed),
  PRICE_REPLY_FUTURE,
  PRICE_UNREACHABLE,
  INVALID_PRICE_URL,
  INVALID_CURRENCY,
];
const WORDS = [
  priceReplyUnlikelyWords('USD', 12.5),
  priceReplyBadPriceWords('EUR'),
  priceHttpWords(503),
  priceJumpedWords('USD', 60_000, 90_000, '+50 %'),
];

describe('price source errors in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const message of FIXED) {
      expect(priceErrorText(englishText, ENGLISH_FORMATS, new PriceReplyError(message))).toBe(
        message,
      );
    }
    for (const words of WORDS) {
      const error = new PriceUnavailableError(words);
      expect(priceErrorText(englishText, ENGLISH_FORMATS, error)).toBe(words.message);
    }
  });

  it('say every one in Spanish', () => {
    const { t, formats } = spanishTexts(SPANISH);
    for (const message of FIXED) {
      expect(priceErrorText(t, formats, new PriceReplyError(message)), message).not.toBe(message);
    }
    for (const words of WORDS) {
      const error = new PriceUnavailableError(words);
      expect(priceErrorText(t, formats, error), words.message).not.toBe(words.message);
    }
    expect(priceErrorText(t, formats, new PriceUnavailableError(WORDS[3]!))).toBe(
      'El precio se movió +50 % en menos de una hora, de 60000 a 90000 USD',
    );
  });
});
