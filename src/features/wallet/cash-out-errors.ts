// A cash-out's refusals in the chosen language: core's catalog key and values, or for a fixed
// message its English text matched to the catalog; anything else as core wrote it
// (docs/decisions/0063-texts-from-domain-values.md).
import { CashewError, errorMessage } from '../../core/errors';
import { englishText, type CatalogText, type Formats, type Translate } from '../../ui/i18n';
import * as TEXTS from './locales/cash-out-errors/en.json';

const BY_KEY = TEXTS as unknown as Record<string, CatalogText | undefined>;
const isKey = (name: string) => /^[A-Z][A-Z0-9_]*$/.test(name);
let byEnglish: Map<string, string> | undefined;

function keyOfEnglish(message: string): string | undefined {
  byEnglish ??= new Map(
    Object.keys(BY_KEY)
      .filter(isKey)
      .map((key) => [englishText(BY_KEY[key]!), key]),
  );
  return byEnglish.get(message);
}

/** Every number a cash-out message carries is grouped as the language groups sats. */
export function cashOutErrorText(
  t: Translate,
  formats: Pick<Formats, 'sats'>,
  error: unknown,
): string {
  const text = error instanceof CashewError ? error.text : undefined;
  const key = text?.key ?? (error instanceof Error ? keyOfEnglish(error.message) : undefined);
  const descriptor = key && isKey(key) ? BY_KEY[key] : undefined;
  if (!descriptor) return errorMessage(error);
  const values = Object.fromEntries(
    Object.entries(text?.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' ? formats.sats(value) : value,
    ]),
  );
  return t(descriptor, values);
}
