import { describe, expect, it } from 'vitest';
import { matchLocale } from './locales';

describe('matchLocale', () => {
  it.each([
    [['es-ES', 'en'], 'es'],
    [['es-MX'], 'es'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT', 'en'], 'pt-BR'],
    [['de-AT'], 'de'],
    [['fr-CA', 'es'], 'fr'],
    [['en-GB', 'fr'], 'en'],
    [['ja-JP', 'ko', 'de-CH'], 'de'],
  ] as const)('%j → %s: the first language the app speaks, any region', (preferred, locale) => {
    expect(matchLocale(preferred)).toBe(locale);
  });

  it('is English when none of the browser languages is spoken, or none is given', () => {
    expect(matchLocale(['ja', 'zh-CN'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});
