import { describe, expect, it } from 'vitest';
import { matchLocale, startLocale } from './locales';

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

describe('startLocale', () => {
  it('goes by the copied choice when the app speaks it, whatever the browser says', () => {
    expect(startLocale('en', ['es-ES'])).toBe('en');
    expect(startLocale('fr', ['en-US'])).toBe('fr');
  });

  it('goes by the browser when there is no copy, or one the app does not speak', () => {
    expect(startLocale(undefined, ['es-ES'])).toBe('es');
    expect(startLocale('xx', ['de-DE'])).toBe('de');
    expect(startLocale(undefined, ['ja'])).toBe('en');
  });
});
