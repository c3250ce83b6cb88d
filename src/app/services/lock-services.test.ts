// Tests for the lock's factory: the one "seed sealed" question, the identity key, the sales key.
import 'fake-indexeddb/auto';
import { getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { closedAfterEach, testStorage } from '../../testing/storage/db';
import { createLockServices } from './lock-services';

const storages = closedAfterEach();

describe('createLockServices', () => {
  it('without a PIN the seed is open and the identity key opens', async () => {
    const storage = await storages.withPhrase();
    const keys = createLockServices(storage);
    expect(await keys.seedSealed()).toBe(false);
    expect(await keys.openIdentityKey()).toEqual(new Uint8Array(32).fill(1));
    expect(keys.lock).toBe(storage.lock);
  });

  it('a locked till reads as sealed after a reload and keeps the identity key shut', async () => {
    const first = await storages.withPhrase();
    await first.lock.setPin('482915');
    first.close();
    const reloaded = testStorage(first.db.name);
    const keys = createLockServices(reloaded);
    expect(await keys.seedSealed()).toBe(true);
    expect(await keys.openIdentityKey()).toBeUndefined();
    reloaded.close();
  });

  it('signs a quote locked to the sales inbox key with it, and no other quote', async () => {
    const keys = createLockServices(await storages.withPhrase());
    const salesKey = await keys.salesKey();
    expect(await keys.inboxKeyFor(`02${getPublicKey(salesKey)}`)).toEqual(salesKey);
    expect(await keys.inboxKeyFor(`02${'ab'.repeat(32)}`)).toBeUndefined();
  });
});
