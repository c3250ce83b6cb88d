// Why a restore scan could not scan a mint, and what the relays could not give it, in the chosen
// language: the scan row's catalog keys where it has them, else core's fixed English found by
// itself (rows written before the keys were stored) (docs/decisions/0063-texts-from-domain-values.md).
import { coreWords } from '../core-words';
import { englishText, type Formats, type Translate } from '../i18n';
import * as TEXTS from '../locales/restore/en.json';

const said = coreWords(TEXTS);
const CATALOG = TEXTS as unknown as Record<string, string | undefined>;
/** Sentences core writes whole, which a stored line may hold joined with others. */
const FIXED = [
  TEXTS.RESTORE_MINT_LISTS_UNREAD,
  TEXTS.RESTORE_LOCKED_SALES_UNREAD,
  TEXTS.RESTORE_NO_NUT09,
  TEXTS.RESTORE_SIGNS_ANYTHING,
];

/** A catalog key and values, as core's ErrorText. */
export interface RestoreText {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** A stored English line with each of core's fixed sentences in it said in the language. */
export function restoreLineText(t: Translate, line: string): string {
  return FIXED.reduce((text, fixed) => text.replace(englishText(fixed), t(fixed)), line);
}

/** Why the mint was not (fully) scanned, or undefined when nothing went wrong. */
export function mintErrorText(
  t: Translate,
  formats: Pick<Formats, 'sats'>,
  mint: { error?: string; errorTexts?: readonly RestoreText[] },
): string | undefined {
  const texts = mint.errorTexts ?? [];
  if (texts.length > 0 && texts.every((text) => CATALOG[text.key])) {
    return texts.map((text) => said(t, formats, { text })).join(' ');
  }
  return mint.error === undefined ? undefined : restoreLineText(t, mint.error);
}
