// Other tabs of a device whose wallet was replaced in Settings: the copy of the ONBOARDED flag in
// localStorage goes when the wallet is forgotten (storage/wallet/wallet-reset.ts), and every other tab
// hears it as a `storage` event and reloads, so none keeps the old wallet's keys and services in
// memory (docs/security.md "Onboarding and Replace wallet").
import { onboardedHintKey } from '../../storage/first-screen/onboarded-hint';

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
