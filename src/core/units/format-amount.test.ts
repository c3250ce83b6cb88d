import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from '../i18n/formats';
import { intlFormats } from '../i18n/intl-formats';
import { amountOf } from './amount';
import { formatAmount } from './format-amount';

const sats = (count: number, formatted: string) => `${formatted} ${count === 1 ? 'sat' : 'sats'}`;

describe('amounts as text', () => {
  it('writes a usd balance as the wallet screen shows it in English', () => {
    expect(formatAmount(amountOf(350, 'usd'), ENGLISH_FORMATS, sats)).toBe('3.50 USD');
    expect(formatAmount(amountOf(5, 'eur'), ENGLISH_FORMATS, sats)).toBe('0.05 EUR');
    expect(formatAmount(amountOf(2100, 'sat'), ENGLISH_FORMATS, sats)).toBe('2,100 sats');
    expect(formatAmount(amountOf(1, 'sat'), ENGLISH_FORMATS, sats)).toBe('1 sat');
  });

  it('goes through Intl in the other languages', () => {
    expect(formatAmount(amountOf(350, 'usd'), intlFormats('de'), sats)).toBe('3,50\u00a0USD');
    expect(formatAmount(amountOf(123456, 'eur'), intlFormats('fr'), sats)).toBe(
      '1\u202f234,56\u00a0EUR',
    );
    expect(formatAmount(amountOf(150, 'jpy'), intlFormats('es'), sats)).toBe('150\u00a0JPY');
    expect(formatAmount(amountOf(2100, 'sat'), intlFormats('de'), sats)).toBe('2.100 sats');
  });
});
