import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from './formats';
import { intlFormats } from './intl-formats';

describe('English formats', () => {
  it('group sats as Intl does for en-US, without asking Intl (the first screen)', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const sats of [
      0, 7, 21, 999, 1000, 2100, 12_345, 999_999, 1_000_000, 2_100_000_000_000_000,
    ]) {
      expect(ENGLISH_FORMATS.sats(sats)).toBe(intl.format(sats));
    }
    expect(ENGLISH_FORMATS.sats(-2100)).toBe('-2,100');
  });

  it('keep the texts docs/behaviour.md and the e2e suite read', () => {
    expect(ENGLISH_FORMATS.sats(2100)).toBe('2,100');
    expect(ENGLISH_FORMATS.number(65432.5)).toBe('65,432.5');
    expect(ENGLISH_FORMATS.fiat(1234, 'USD', 2)).toBe('12.34 USD');
    expect(ENGLISH_FORMATS.decimal(1230, 2)).toBe('12.30');
    expect(ENGLISH_FORMATS.time(new Date(2026, 0, 1, 9, 5).getTime())).toBe('09:05');
  });
});

describe('Intl formats of the other languages', () => {
  it('group sats the way of each language (Spanish leaves four digits ungrouped)', () => {
    expect(intlFormats('es').sats(2100)).toBe('2100');
    expect(intlFormats('es').sats(21_000)).toBe('21.000');
    expect(intlFormats('de').sats(2100)).toBe('2.100');
    expect(intlFormats('pt-BR').sats(2100)).toBe('2.100');
    // French groups with a narrow no-break space (U+202F).
    expect(intlFormats('fr').sats(2100)).toBe('2\u202f100');
  });

  it('write decimals, prices and currency amounts with the decimal comma', () => {
    expect(intlFormats('de').number(65432.5)).toBe('65.432,5');
    expect(intlFormats('de').decimal(1230, 2)).toBe('12,30');
    expect(intlFormats('de').fiat(1234, 'USD', 2)).toBe('12,34\u00a0USD');
    expect(intlFormats('es').fiat(1234, 'EUR', 2)).toBe('12,34\u00a0EUR');
    expect(intlFormats('pt-BR').fiat(1234, 'USD', 2)).toBe('USD\u00a012,34');
    expect(intlFormats('fr').time(new Date(2026, 0, 1, 14, 5).getTime())).toBe('14:05');
  });
});
