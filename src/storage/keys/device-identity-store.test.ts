// The device identity on the real Dexie storage (fake-indexeddb): one device key across tabs,
// plain on a locked till, and the learnt identity read back after a reload.
import 'fake-indexeddb/auto';
import { getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { DeviceIdentity } from '../../core/backup/device-identity';
import {
  askTwoTabsAtOnce,
  reloadLocked,
  saveFreshWalletKeys,
  testStorage,
} from '../../testing/storage/db';
import { CONFIG_KEYS } from '../database/key-names';

describe('device identity store', () => {
  it('gives two tabs the same device key, apart from the sales inbox key', async () => {
    await askTwoTabsAtOnce(
      (tab) => tab.deviceIdentity.deviceKey(),
      async (key, first) => {
        expect(key).not.toEqual(await first.salesInboxKey.getOrCreate());
      },
    );
  });

  it('keeps what it learnt for a reloaded, locked till', async () => {
    const first = testStorage();
    const secretKey = await saveFreshWalletKeys(first);
    const open = new DeviceIdentity({
      store: first.deviceIdentity,
      openIdentityKey: () => first.keys.getSecretKey(),
    });
    expect(await open.learnIfOpen()).toBe(true);

    const reloaded = await reloadLocked(first);
    const locked = new DeviceIdentity({
      store: reloaded.deviceIdentity,
      openIdentityKey: async () => undefined,
    });
    const writer = await locked.writer();
    expect(writer?.identityPubkey).toBe(getPublicKey(secretKey));
    expect(writer?.certificate?.device).toBe(await locked.devicePubkey());
    reloaded.close();
  });

  it('reads a damaged row as nothing learnt', async () => {
    const storage = testStorage();
    await storage.db.config.put({
      key: CONFIG_KEYS.deviceIdentity,
      value: '{"identity":1}',
      updatedAt: 0,
    });
    expect(await storage.deviceIdentity.read()).toBeUndefined();
    storage.close();
  });
});
