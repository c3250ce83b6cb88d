// A copy of the chosen language in localStorage, read synchronously before the first render: the
// first screen comes up in it without waiting for IndexedDB, whose config row stays the truth
// (docs/decisions/0055-languages-with-lingui.md; the same scheme as onboarded-hint.ts).
import { defaultHintStorage, type HintStorage } from './onboarded-hint';

/** One key per database, like the ONBOARDED copy. */
export const languageHintKey = (dbName: string) => `${dbName}.language`;

/**
 * The language last chosen on this device as written (the app drops one it does not speak), or
 * undefined: none chosen, or none readable.
 */
export function readLanguageHint(
  dbName: string,
  storage: HintStorage | undefined = defaultHintStorage(),
): string | undefined {
  try {
    return storage?.getItem(languageHintKey(dbName)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Never throws: a lost copy only means one first screen in the browser's language. */
export function writeLanguageHint(
  dbName: string,
  choice: string | null,
  storage: HintStorage | undefined = defaultHintStorage(),
): void {
  try {
    if (choice) storage?.setItem(languageHintKey(dbName), choice);
    else storage?.removeItem(languageHintKey(dbName));
  } catch {
    // Quota or a disabled storage: the next start goes by the browser until IndexedDB is read.
  }
}
