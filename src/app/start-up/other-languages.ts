// Every language but English: its catalogs (each a chunk of its own) and its Intl formats, this
// module itself loaded only when such a language is chosen (docs/decisions/0055-languages-with-lingui.md).
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Locale } from '../../core/i18n/locales';
import type { Language, Messages } from '../../core/i18n/messages';

const CATALOGS = import.meta.glob<Messages>(
  ['../../**/locales/**/*.json', '!../../**/locales/**/en.json'],
  { import: 'messages' },
);

/** A language's catalogs, merged: every part's texts in that language. */
export async function loadLanguage(locale: Locale): Promise<Language> {
  const parts = Object.entries(CATALOGS).filter(([path]) => path.endsWith(`/${locale}.json`));
  const catalogs = await Promise.all(parts.map(([, load]) => load()));
  return { formats: intlFormats(locale), messages: Object.assign({}, ...catalogs) as Messages };
}
