// Other tabs of a device whose wallet was replaced in Settings: the copy of the ONBOARDED flag in
// localStorage goes when the wallet is forgotten (storage/wallet/wallet-reset.ts), and every other tab
// hears it as a `storage` event and reloads, so none keeps the old wallet's keys and services in
// memory (docs/security.md "Onboarding and Replace wallet").
import {
  onboardedHintKey,
  readOnboardedHint,
  type HintStorage,
} from '../../storage/first-screen/onboarded-hint';

/** Reloads the page when another tab removes this database's flag copy. Returns the unsubscribe. */
export function reloadWhenWalletForgotten(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  dbName: string,
  reload: () => void,
): () => void {
  const key = onboardedHintKey(dbName);
  const onStorage = (event: Event) => {
    const { key: changed, oldValue, newValue } = event as StorageEvent;
    if (changed === key && oldValue === '1' && newValue === null) reload();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/** What the start knew when it deferred the listener. */
export interface ForgottenSince {
  /** Listen from then on (the first screen painted). */
  after: Promise<unknown>;
  /** The flag's copy said "wallet" as the page started. */
  hadWallet: boolean;
  /** IndexedDB's answer at start: a copy this tab's own start removed (no wallet) is no news. */
  onboarded: Promise<boolean> | undefined;
  storage?: HintStorage;
}

/**
 * The same, listening only once `since.after` has come: adding a `storage` listener makes
 * Chromium open the page's storage areas, 20–70 ms before the first screen in profiles of a cold
 * /wallet (docs/performance.md "Wallet at scale"). A copy removed meanwhile went by unheard, so it
 * is checked then: gone since the start while IndexedDB said this device has a wallet, it reloads.
 */
export function reloadWhenWalletForgottenAfter(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  dbName: string,
  reload: () => void,
  since: ForgottenSince,
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  void since.after
    .then(async () => {
      if (stopped) return;
      stop = reloadWhenWalletForgotten(target, dbName, reload);
      if (!since.hadWallet || readOnboardedHint(dbName, since.storage) !== false) return;
      if ((await since.onboarded?.catch(() => false)) === true && !stopped) reload();
    })
    .catch(() => {});
  return () => {
    stopped = true;
    stop?.();
  };
}
