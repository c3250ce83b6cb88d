// A copy of the ONBOARDED flag in localStorage, read synchronously before IndexedDB has answered.
// Only the first screen goes by it (the welcome or the keypad, neither waiting for IndexedDB); the
// IndexedDB flag stays the truth, for every later guard (docs/decisions/0020-onboarded-hint.md).

/** The part of the Web Storage API the hint needs. */
export type HintStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One key per database, so a test's own database never answers for the app's. */
export const onboardedHintKey = (dbName: string) => `${dbName}.has-wallet`;

/** localStorage, or undefined where there is none or the browser refuses it (storage disabled). */
export function defaultHintStorage(): HintStorage | undefined {
  try {
    return (globalThis as { localStorage?: HintStorage }).localStorage;
  } catch {
    return undefined;
  }
}

/**
 * true: this device held a wallet when it last knew; false: no copy, so most likely a new user;
 * undefined: the copy cannot be read, so nothing can be assumed.
 */
export function readOnboardedHint(
  dbName: string,
  storage: HintStorage | undefined = defaultHintStorage(),
): boolean | undefined {
  if (!storage) return undefined;
  try {
    return storage.getItem(onboardedHintKey(dbName)) === '1';
  } catch {
    return undefined;
  }
}

/** Keeps the copy in step with the flag. Never throws: a lost copy only costs the welcome's head start. */
export function writeOnboardedHint(
  dbName: string,
  onboarded: boolean,
  storage: HintStorage | undefined = defaultHintStorage(),
): void {
  if (!storage) return;
  try {
    if (onboarded) storage.setItem(onboardedHintKey(dbName), '1');
    else storage.removeItem(onboardedHintKey(dbName));
  } catch {
    // Quota or a disabled storage: the next start reads IndexedDB first, as before the hint.
  }
}
