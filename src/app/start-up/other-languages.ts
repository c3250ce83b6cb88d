// Every language but English: its catalogs (each a chunk of its own) and its Intl formats, this
// module itself loaded only when such a language is chosen (docs/decisions/0055-languages-with-lingui.md).
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Locale } from '../../core/i18n/locales';
import { formatMessage, type Language, type Messages } from '../../core/i18n/messages';
import * as TITLES from '../locales/titles/en.json';

const CATALOGS = import.meta.glob<Messages>(
  ['../../**/locales/**/*.json', '!../../**/locales/**/en.json'],
  { import: 'messages' },
);

/** A language's catalogs, merged: every part's texts in that language. */
export async function loadLanguage(locale: Locale): Promise<Language> {
  const parts = Object.entries(CATALOGS).filter(([path]) => path.endsWith(`/${locale}.json`));
  const catalogs = await Promise.all(parts.map(([, load]) => load()));
  const formats = intlFormats(locale);
  const messages = Object.assign({}, ...catalogs) as Messages;
  return { formats, messages, titles: titlesIn(messages, formats) };
}

/**
 * The document titles by their English names: the routes name their screens in English
 * (app/routes/routes.tsx), and app/locales/titles holds the same English (a test holds the two
 * equal), so the first visit in English carries no title catalog.
 */
function titlesIn(messages: Messages, formats: Language['formats']): Record<string, string> {
  const english = TITLES as unknown as Record<string, { message: Messages[string] } | undefined>;
  return Object.fromEntries(
    Object.keys(messages)
      .filter((key) => key.startsWith('TITLE_') && english[key])
      .map((key) => [
        formatMessage(english[key]!.message, formats),
        formatMessage(messages[key]!, formats),
      ]),
  );
}
