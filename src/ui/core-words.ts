// Messages core wrote, in the chosen language: an error or a check's answer names its catalog key
// and values (ErrorWords), or is a fixed English message a catalog holds too and is found by it;
// anything else is shown as core wrote it (docs/decisions/0063-texts-from-domain-values.md).
import { englishText, type CatalogText, type Formats, type Translate } from './i18n';

/** A catalog key and its values, as core's `ErrorText` (core/errors.ts) carries them. */
interface CoreText {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** What core said: an error, ErrorWords (or anything with a message and a text), or a string. */
export type CoreWords = (t: Translate, formats: Pick<Formats, 'sats'>, said: unknown) => string;

const isKey = (name: string) => /^[A-Z][A-Z0-9_]*$/.test(name);

/** A string, or an error or ErrorWords: its message and, for core's CashewError, its `text`. */
function partsOf(said: unknown): { message?: string; text?: CoreText } {
  if (typeof said === 'string') return { message: said };
  if (typeof said !== 'object' || said === null) return {};
  const { message, text } = said as { message?: unknown; text?: CoreText };
  return { ...(typeof message === 'string' ? { message } : {}), ...(text ? { text } : {}) };
}

/**
 * A reader of core's words for one catalog part (`import * as TEXTS from './locales/<part>/en.json'`).
 * Every number a message carries is grouped as the language groups sats.
 */
export function coreWords(catalog: object): CoreWords {
  const byKey = catalog as Record<string, CatalogText | undefined>;
  let byEnglish: Map<string, string> | undefined;
  const keyOfEnglish = (message: string) => {
    byEnglish ??= new Map(
      Object.keys(byKey)
        .filter(isKey)
        .map((key) => [englishText(byKey[key]!), key]),
    );
    return byEnglish.get(message);
  };
  return (t, formats, said) => {
    const { message, text } = partsOf(said);
    const key = text?.key ?? (message === undefined ? undefined : keyOfEnglish(message));
    const descriptor = key && isKey(key) ? byKey[key] : undefined;
    if (!descriptor) return message || 'Unknown error';
    const values = Object.fromEntries(
      Object.entries(text?.values ?? {}).map(([name, value]) => [
        name,
        typeof value === 'number' ? formats.sats(value) : value,
      ]),
    );
    return t(descriptor, values);
  };
}
