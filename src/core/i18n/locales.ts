// The languages the app speaks and how a browser's preferences pick one
// (docs/decisions/0055-languages-with-lingui.md).

/** English first: the default, and the language the product's texts are written in. */
export const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The first of the browser's languages (navigator.languages, most wanted first) the app speaks:
 * the exact tag, else the same language in another region ('es-MX' → 'es', 'pt-PT' → 'pt-BR',
 * 'en-GB' → 'en'); English when none matches.
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    const sameLanguage = LOCALES.find((locale) => locale.split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}

/**
 * The language a start shows: the copy of the merchant's choice when it is one the app speaks,
 * else the browser's. The early script (the prerendered welcome is English) and start-up ask alike.
 */
export function startLocale(hint: string | undefined, preferred: readonly string[]): Locale {
  return isLocale(hint) ? hint : matchLocale(preferred);
}
