// The port for the merchant's choice of language (docs/decisions/0055-languages-with-lingui.md).
import type { Locale } from './locales';

/** The language chosen in Settings, a config row; null: the browser's languages decide. */
export interface LanguageStore {
  /** The row as stored: the app speaks it or not (core/i18n/locales.ts `isLocale` tells). */
  language(): Promise<string | null>;
  setLanguage(choice: Locale | null): Promise<void>;
}
