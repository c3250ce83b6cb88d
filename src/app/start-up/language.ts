// The app's language: the browser's by default, the merchant's choice once made; English is in the
// bundle, every other language's catalogs load only when it is chosen
// (docs/decisions/0055-languages-with-lingui.md).
import type { LanguageStore } from '../../core/i18n/language-store';
import {
  DEFAULT_LOCALE,
  isLocale,
  matchLocale,
  startLocale,
  type Locale,
} from '../../core/i18n/locales';
import type { Language } from '../../core/i18n/messages';
import type { Logger } from '../../core/logger';
import { ENGLISH, textsOf, type Translate } from '../../ui/i18n';
import type { Formats } from '../../core/i18n/formats';

/** Another language than English: its texts and formats, from a chunk of their own. */
const loadLanguage = (locale: Locale) =>
  import('./other-languages').then((module) => module.loadLanguage(locale));

export interface LanguageControl {
  /** The language shown now. */
  current(): Locale;
  /** Its texts and figures, for what speaks outside the screens (the payment toasts). */
  texts(): { t: Translate; formats: Formats };
  /** The merchant's choice as stored; null: the browser's languages decide. */
  choice(): Promise<Locale | null>;
  /** Stores the choice (null: follow the browser again) and shows that language. */
  setLanguage(choice: Locale | null): Promise<void>;
  /**
   * Once IndexedDB can be read: the stored choice wins over its copy (changed in another tab, or
   * the copy lost), and the screens move to it.
   */
  followStored(): Promise<void>;
}

export interface LanguageOptions {
  /** The browser's languages, most wanted first (navigator.languages). */
  browser: readonly string[];
  /** The copy of the last choice (storage/first-screen/language-hint.ts), read before the first render. */
  hint: string | undefined;
  /** The stored choice, once the services have loaded. */
  store: () => Promise<LanguageStore>;
  logger: Logger;
}

/** What the screens' provider reads (app/shell/App.tsx): the language now, and its changes. */
export interface LanguageSource {
  get(): Language;
  subscribe(listener: () => void): () => void;
}

/** The language's source and control; `ready` resolves once the first language is shown. */
export function createLanguage(options: LanguageOptions): {
  source: LanguageSource;
  control: LanguageControl;
  ready: Promise<void>;
} {
  let shown = ENGLISH;
  const loaded = new Map<Locale, Language>([[DEFAULT_LOCALE, ENGLISH]]);
  const listeners = new Set<() => void>();
  const wanted = (choice: Locale | null) => choice ?? matchLocale(options.browser);
  const show = async (locale: Locale) => {
    try {
      let language = loaded.get(locale);
      if (!language) {
        language = await loadLanguage(locale);
        loaded.set(locale, language);
      }
      shown = language;
      document.documentElement.lang = locale;
      for (const listener of listeners) listener();
    } catch (error) {
      // A catalog that did not load (offline before the service worker had it): as it was.
      options.logger.warn(`Could not load the texts in ${locale}`, error);
    }
  };
  const ready = show(startLocale(options.hint, options.browser));
  const control: LanguageControl = {
    current: () => shown.formats.locale,
    texts: () => ({ t: textsOf(shown), formats: shown.formats }),
    choice: async () => {
      const stored = await (await options.store()).language();
      return isLocale(stored) ? stored : null;
    },
    async setLanguage(choice) {
      await (await options.store()).setLanguage(choice);
      await show(wanted(choice));
    },
    async followStored() {
      const locale = wanted(await control.choice());
      if (locale !== control.current()) await show(locale);
    },
  };
  const source: LanguageSource = {
    get: () => shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { source, control, ready };
}
