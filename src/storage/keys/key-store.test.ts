// Tests for the Dexie KeyStore: key rows nostr-sk, mnemonic and bip39-seed.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { testStorage } from '../../testing/storage/db';

const SK = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const SEED = Uint8Array.from({ length: 64 }, (_, i) => 255 - i);
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('KeyStore', () => {
  it('returns undefined for keys never stored', async () => {
    const s = testStorage();
    expect(await s.keys.getSecretKey()).toBeUndefined();
    expect(await s.keys.getMnemonic()).toBeUndefined();
    expect(await s.keys.getSeed()).toBeUndefined();
  });

  it('stores the secret key as bytes under nostr-sk', async () => {
    const s = testStorage();
    await s.keys.setSecretKey(SK);
    const row = await s.db.keys.get('nostr-sk');
    expect(row?.value).toBeInstanceOf(Uint8Array);
    expect(row?.updatedAt).toBe(s.now.value);
    expect(await s.keys.getSecretKey()).toEqual(SK);
  });

  it('keeps what was stored when the caller later wipes its buffer', async () => {
    const s = testStorage();
    const sk = Uint8Array.from(SK);
    await s.keys.setSecretKey(sk);
    sk.fill(0);
    expect(await s.keys.getSecretKey()).toEqual(SK);
  });

  it('saveWalletKeys replaces the key and stores the phrase and the seed', async () => {
    const s = testStorage();
    await s.keys.setSecretKey(new Uint8Array(32));
    await s.keys.saveWalletKeys({ secretKey: SK, mnemonic: PHRASE, seed: SEED });
    expect(await s.keys.getSecretKey()).toEqual(SK);
    expect(await s.keys.getMnemonic()).toBe(PHRASE);
    expect(await s.keys.getSeed()).toEqual(SEED);
    expect(typeof (await s.db.keys.get('mnemonic'))?.value).toBe('string');
    expect((await s.db.keys.get('bip39-seed'))?.value).toBeInstanceOf(Uint8Array);
  });

  it('saveWalletKeys writes nothing when one of the keys cannot be stored', async () => {
    const s = testStorage();
    await s.keys.setSecretKey(SK);
    // A failure on the last row (the seed) must not leave a new key with no phrase.
    s.db.keys.hook('creating', (_key, row) => {
      if (row.key === 'bip39-seed') throw new Error('disk full');
    });
    await expect(
      s.keys.saveWalletKeys({ secretKey: new Uint8Array(32), mnemonic: PHRASE, seed: SEED }),
    ).rejects.toThrow('disk full');
    expect(await s.keys.getSecretKey()).toEqual(SK);
    expect(await s.keys.getMnemonic()).toBeUndefined();
  });

  it('reads byte keys stored as hex or as a plain number list', async () => {
    const s = testStorage();
    await s.db.keys.put({ key: 'nostr-sk', value: '0102ff', updatedAt: 1 });
    await s.db.keys.put({
      key: 'bip39-seed',
      value: [9, 8, 7] as unknown as Uint8Array,
      updatedAt: 1,
    });
    expect(await s.keys.getSecretKey()).toEqual(Uint8Array.from([1, 2, 255]));
    expect(await s.keys.getSeed()).toEqual(Uint8Array.from([9, 8, 7]));
  });
});
