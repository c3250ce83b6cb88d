// Texts and figures in the chosen language for every screen: catalog texts through
// core/i18n/messages.ts, numbers, amounts and times through core/i18n/formats.ts
// (docs/decisions/0055-languages-with-lingui.md).
import { createContext, useContext, useMemo } from 'react';
import { ENGLISH_FORMATS, type Formats } from '../core/i18n/formats';
import {
  translate,
  type CompiledText,
  type Language,
  type TextValues,
} from '../core/i18n/messages';

/**
 * A text imported by name from a `locales/en.json` catalog. TypeScript sees the English source
 * (so a key that is not there fails to compile); the build makes each one its key and compiled
 * message (vite-plugins/lingui-catalogs.ts). Pass it to a Translate; never render it as it is.
 */
export type CatalogText = string;
export type { Formats };
export type Translate = (text: CatalogText, values?: TextValues) => string;

export const ENGLISH: Language = { formats: ENGLISH_FORMATS, messages: {} };

/** The app's language (app/start-up/language.ts); English outside a provider (unit tests, the prerender). */
export const LanguageContext = createContext<Language>(ENGLISH);

const textOf = (language: Language, text: CatalogText, values?: TextValues) =>
  translate(language, text as unknown as CompiledText, values);

/** A language's texts, for what speaks outside the screens (toasts raised by the app). */
export const textsOf =
  (language: Language): Translate =>
  (text, values) =>
    textOf(language, text, values);

/** A text in English, for code that shows English only and for tests. */
export function englishText(text: CatalogText, values?: TextValues): string {
  return textOf(ENGLISH, text, values);
}

/** Catalog texts in the app's language; a new function when the language changes. */
export function useTexts(): Translate {
  const language = useContext(LanguageContext);
  return useMemo(() => textsOf(language), [language]);
}

/** Numbers, amounts and times in the app's language. */
export function useFormats(): Formats {
  return useContext(LanguageContext).formats;
}

/** Both at once, for the screens that word texts and figures together. */
export function useWords(): { t: Translate; formats: Formats } {
  return { t: useTexts(), formats: useFormats() };
}
