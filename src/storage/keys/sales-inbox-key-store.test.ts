// The sales inbox key on the real Dexie storage (fake-indexeddb): one key across tabs asking at
// once, kept plain and readable on a locked till, never the Nostr key (decision 0030, point 7).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  askTwoTabsAtOnce,
  reloadLocked,
  saveFreshWalletKeys,
  testStorage,
} from '../../testing/storage/db';
import { KEY_NAMES } from '../database/key-names';

describe('sales inbox key store', () => {
  it('gives two tabs asking at once the same key, stored once', async () => {
    await askTwoTabsAtOnce(
      (tab) => tab.salesInboxKey.getOrCreate(),
      async (key) => {
        expect(key).toHaveLength(32);
      },
    );
  });

  it('is readable without the PIN on a reloaded, locked till, and is not the Nostr key', async () => {
    const first = testStorage();
    const secretKey = await saveFreshWalletKeys(first);
    const key = await first.salesInboxKey.getOrCreate();

    const reloaded = await reloadLocked(first);
    expect(await reloaded.salesInboxKey.getOrCreate()).toEqual(key);
    expect(key).not.toEqual(secretKey);
    // The Nostr key row is sealed; the sales inbox key row is the plain key.
    expect(String((await reloaded.db.keys.get(KEY_NAMES.secretKey))?.value)).toMatch(/^sealed:v1:/);
    expect((await reloaded.db.keys.get(KEY_NAMES.salesInboxKey))?.value).toEqual(key);
    reloaded.close();
  });
});
