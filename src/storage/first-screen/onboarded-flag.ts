// Reads the ONBOARDED flag with plain IndexedDB, so the onboarding guard on the first screen does
// not wait for Dexie to download (the rest of storage loads with the screens that need it).
import { ONBOARDED_KEY } from './onboarded-key';

/**
 * Same answer as DexieConfigStore.isOnboarded: true only when the config row holds 'true'. A
 * database that does not exist yet is not created here (the open is aborted), and one older than
 * the config table (schema v4) has no flag: both read as not onboarded.
 */
export function readOnboardedFlag(
  dbName: string,
  factory: IDBFactory = globalThis.indexedDB,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const open = factory.open(dbName);
    let missing = false;
    open.onupgradeneeded = () => {
      // Only a database that does not exist gets here (no version was asked for).
      missing = true;
      open.transaction?.abort();
    };
    open.onerror = (event) => {
      if (missing) {
        event.preventDefault();
        resolve(false);
      } else {
        reject(open.error ?? new Error(`Could not open ${dbName}`));
      }
    };
    open.onblocked = () => reject(new Error(`Opening ${dbName} is blocked`));
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('config')) {
        db.close();
        resolve(false);
        return;
      }
      const request = db.transaction('config', 'readonly').objectStore('config').get(ONBOARDED_KEY);
      request.onsuccess = () => {
        db.close();
        const row = request.result as { value?: unknown } | undefined;
        resolve(row?.value === 'true');
      };
      request.onerror = () => {
        db.close();
        reject(request.error ?? new Error(`Could not read ${ONBOARDED_KEY}`));
      };
    };
  });
}
