// Tests read a catalog's English texts by key, as the screens show them without arguments.
import { englishText } from '../../ui/i18n';

/** Every text of a catalog module (`import * as T from './locales/x/en.json'`) in English. */
export function englishTexts<C extends object>(
  catalog: C,
): { [K in keyof C as K extends Uppercase<string> ? K : never]: string } {
  const entries = Object.entries(catalog).filter(
    // The build turns each key into `{ id, message }`; the JSON's types say string.
    ([key, value]) => /^[A-Z0-9_]+$/.test(key) && value !== null && value !== undefined,
  );
  return Object.fromEntries(
    entries.map(([key, value]) => [key, englishText(value as string)]),
  ) as never;
}
