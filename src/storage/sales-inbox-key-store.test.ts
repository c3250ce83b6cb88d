// The sales inbox key on the real Dexie storage (fake-indexeddb): one key across tabs asking at
// once, kept plain and readable on a locked till, never the Nostr key (decision 0030, point 7).
import 'fake-indexeddb/auto';
import { generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { mnemonicToSeedSync } from '@scure/bip39';
import { freshDbName, testStorage } from '../testing/storage/db';
import { KEY_NAMES } from './key-names';

const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('sales inbox key store', () => {
  it('gives two tabs asking at once the same key, stored once', async () => {
    const dbName = freshDbName();
    const [a, b] = [testStorage(dbName), testStorage(dbName)];
    const [keyA, keyB] = await Promise.all([
      a.salesInboxKey.getOrCreate(),
      b.salesInboxKey.getOrCreate(),
    ]);
    expect(keyA).toEqual(keyB);
    expect(keyA).toHaveLength(32);
    a.close();
    b.close();
  });

  it('is readable without the PIN on a reloaded, locked till, and is not the Nostr key', async () => {
    const dbName = freshDbName();
    const first = testStorage(dbName);
    const secretKey = generateSecretKey();
    await first.keys.saveWalletKeys({
      secretKey,
      mnemonic: PHRASE,
      seed: mnemonicToSeedSync(PHRASE),
    });
    const key = await first.salesInboxKey.getOrCreate();
    await first.lock.setPin('482915');
    first.close();

    const reloaded = testStorage(dbName);
    await reloaded.lock.init();
    expect(reloaded.lock.state()).toBe('locked');
    expect(await reloaded.salesInboxKey.getOrCreate()).toEqual(key);
    expect(key).not.toEqual(secretKey);
    // The Nostr key row is sealed; the sales inbox key row is the plain key.
    expect(String((await reloaded.db.keys.get(KEY_NAMES.secretKey))?.value)).toMatch(/^sealed:v1:/);
    expect((await reloaded.db.keys.get(KEY_NAMES.salesInboxKey))?.value).toEqual(key);
    reloaded.close();
  });
});
