// A localStorage copy of the ONBOARDED flag, only a hint: it lets index.html start downloading the
// likely first screen before the app runs. IndexedDB stays the source of truth for every decision.

/** Read by the inline script vite.config.ts writes into index.html, so both use this one name. */
export const ONBOARDED_HINT_KEY = 'cashew-pos:onboarded-hint';

/** Records the last flag read from IndexedDB; storage being unavailable only loses the hint. */
export function writeOnboardedHint(onboarded: boolean, storage: Storage | undefined): void {
  try {
    if (onboarded) storage?.setItem(ONBOARDED_HINT_KEY, '1');
    else storage?.removeItem(ONBOARDED_HINT_KEY);
  } catch {
    // Private modes and quota errors: the next load just does without the preload.
  }
}
