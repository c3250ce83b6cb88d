// A catalog part's Spanish as the app loads it when Spanish is chosen, for tests of texts in
// another language (docs/decisions/0055-languages-with-lingui.md).
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Language, Messages } from '../../core/i18n/messages';
import { textsOf, type Translate } from '../../ui/i18n';

/** `import * as SPANISH from './locales/<part>/es.json'`, as a language for a provider. */
export function spanishOf(...catalogs: object[]): Language {
  const messages = Object.assign(
    {},
    ...catalogs.map((catalog) => (catalog as { messages: Messages }).messages),
  ) as Messages;
  return { formats: intlFormats('es'), messages };
}

/** The same as what speaks outside React: a Translate and the language's figures. */
export function spanishTexts(...catalogs: object[]): { t: Translate } & Pick<Language, 'formats'> {
  const language = spanishOf(...catalogs);
  return { t: textsOf(language), formats: language.formats };
}
