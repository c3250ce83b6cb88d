// DeviceKeys against an in-memory KeyStore: first-use key creation and import from a phrase.
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import type { KeyStore } from './ports';
import { DeviceKeys } from './device-keys';
import { NIP06_PHRASE, NIP06_SECRET_HEX } from './nip06-vector';

class MemoryKeyStore implements KeyStore {
  secretKey: Uint8Array | undefined;
  mnemonic: string | undefined;
  seed: Uint8Array | undefined;
  writes = 0;

  async getSecretKey() {
    return this.secretKey;
  }
  async setSecretKey(secretKey: Uint8Array) {
    this.writes++;
    this.secretKey = secretKey;
  }
  async getMnemonic() {
    return this.mnemonic;
  }
  async getSeed() {
    return this.seed;
  }
  async saveWalletKeys(keys: { secretKey: Uint8Array; mnemonic: string; seed: Uint8Array }) {
    this.writes++;
    this.secretKey = keys.secretKey;
    this.mnemonic = keys.mnemonic;
    this.seed = keys.seed;
  }
}

describe('DeviceKeys', () => {
  it('generates and saves a key on first use, then reuses it', async () => {
    const store = new MemoryKeyStore();
    const keys = new DeviceKeys(store);
    expect(await keys.hasSecretKey()).toBe(false);

    const first = await keys.getOrCreateSecretKey();
    expect(first).toHaveLength(32);
    expect(store.secretKey).toBe(first);
    expect(await keys.hasSecretKey()).toBe(true);

    const again = await new DeviceKeys(store).getOrCreateSecretKey();
    expect(bytesToHex(again)).toBe(bytesToHex(first));
    expect(store.writes).toBe(1);
  });

  it('saves only one key when first calls overlap', async () => {
    const store = new MemoryKeyStore();
    const keys = new DeviceKeys(store);
    const [a, b, c] = await Promise.all([
      keys.getOrCreateSecretKey(),
      keys.getKeypair(),
      keys.getOrCreateSecretKey(),
    ]);
    expect(store.writes).toBe(1);
    expect(bytesToHex(b.sk)).toBe(bytesToHex(a));
    expect(bytesToHex(c)).toBe(bytesToHex(a));
  });

  it('returns the keypair of the stored key', async () => {
    const store = new MemoryKeyStore();
    const keys = new DeviceKeys(store);
    const keypair = await keys.getKeypair();
    expect(bytesToHex(keypair.sk)).toBe(bytesToHex(store.secretKey!));
    expect(keypair.npub.startsWith('npub1')).toBe(true);
  });

  it('createFromMnemonic replaces the key and stores phrase and seed', async () => {
    const store = new MemoryKeyStore();
    const keys = new DeviceKeys(store);
    const random = await keys.getOrCreateSecretKey();

    const keypair = await keys.createFromMnemonic(`  ${NIP06_PHRASE.toUpperCase()} `);

    expect(bytesToHex(keypair.sk)).toBe(NIP06_SECRET_HEX);
    expect(bytesToHex(store.secretKey!)).toBe(NIP06_SECRET_HEX);
    expect(bytesToHex(store.secretKey!)).not.toBe(bytesToHex(random));
    expect(store.mnemonic).toBe(NIP06_PHRASE);
    expect(store.seed).toHaveLength(64);
    expect(bytesToHex(await keys.getOrCreateSecretKey())).toBe(NIP06_SECRET_HEX);
  });

  it('createFromMnemonic rejects an invalid phrase and leaves the store alone', async () => {
    const store = new MemoryKeyStore();
    const keys = new DeviceKeys(store);
    const before = await keys.getOrCreateSecretKey();

    await expect(keys.createFromMnemonic('leader monkey parrot')).rejects.toThrow(ValidationError);
    await expect(keys.createFromMnemonic(NIP06_PHRASE.replace('bean', 'zoo'))).rejects.toThrow(
      'Invalid mnemonic',
    );
    expect(store.secretKey).toBe(before);
    expect(store.mnemonic).toBeUndefined();
    expect(store.seed).toBeUndefined();
  });
});
