// Catalog texts at run time: Lingui's compiled messages (vite-plugins/lingui-catalogs.ts compiles
// them with Lingui's own compiler) put together with Intl.PluralRules, in a few lines instead of
// Lingui's runtime, which the first visit has no room for
// (docs/decisions/0055-languages-with-lingui.md).
import type { Formats } from './formats';

/** A compiled ICU message: text, `[arg]`, or `[arg, 'plural' | 'select', cases]`. */
export type CompiledMessage = readonly CompiledToken[];
export type CompiledToken =
  | string
  | readonly [name: string]
  | readonly [name: string, type: string, cases?: Readonly<Record<string, unknown>>];

/** One text of a catalog as the build emits it: its key and its English message. */
export interface CompiledText {
  id: string;
  message: CompiledMessage;
}

/** A language's texts by key, compiled. */
export type Messages = Readonly<Record<string, CompiledMessage>>;
export type TextValues = Readonly<Record<string, string | number>>;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCase(locale: string, type: 'cardinal' | 'ordinal', n: number): string {
  const key = `${locale}/${type}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type });
    pluralRules.set(key, rules);
  }
  return rules.select(n);
}

/**
 * `plural` and `selectordinal` pick an exact `=n` case or Intl.PluralRules' (about 2 ms at 4x CPU
 * the first time, against 130 ms for a first Intl.NumberFormat); `#` is that number in `formats`;
 * `select` picks by value; any other argument is put in as it is (format numbers before).
 */
export function formatMessage(
  message: CompiledMessage,
  formats: Formats,
  values: TextValues = {},
): string {
  const render = (tokens: readonly unknown[], count?: number): string =>
    tokens
      .map((token) => {
        if (typeof token === 'string') {
          return token === '#' && count !== undefined ? formats.number(count) : token;
        }
        if (!Array.isArray(token)) return '';
        const [name, type, cases] = token as [string, string?, Record<string, unknown>?];
        const value = values[name];
        if (!type || !cases) return value === undefined ? '' : String(value);
        const pick = (key: string) => cases[key] as readonly unknown[] | undefined;
        if (type === 'select') return render(pick(String(value)) ?? pick('other') ?? []);
        const n = Number(value) - Number(cases.offset ?? 0);
        const rule = pluralCase(
          formats.locale,
          type === 'selectordinal' ? 'ordinal' : 'cardinal',
          n,
        );
        return render(pick(String(value)) ?? pick(rule) ?? pick('other') ?? [], n);
      })
      .join('');
  return render(message);
}

/** The language shown: its formats and its texts (none for English: each text carries its own). */
export interface Language {
  formats: Formats;
  messages: Messages;
  /** Each screen's name in the document title, by its English name; none: the English (app/shell/RouteFocus.tsx). */
  titles?: Readonly<Record<string, string>>;
}

/** A catalog text in the language; its English message where the language lacks its key. */
export function translate(language: Language, text: CompiledText, values?: TextValues): string {
  const message = language.messages[text.id] ?? text.message;
  return formatMessage(message, language.formats, values);
}
