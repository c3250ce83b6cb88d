// KeyStore on Dexie: the device's nostr key, the recovery phrase and its seed
// (docs/protocol.md "Keys and secrets").
import type { Clock, KeyStore } from '../core/ports';
import { toBytes, toText } from './bytes';
import type { CashewDb } from './db';
import type { KeyRow } from './rows';
import { KEY_NAMES } from './key-names';

export class DexieKeyStore implements KeyStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  private row(key: string, value: Uint8Array | string): KeyRow {
    // Copy bytes so a caller wiping or reusing its buffer cannot change what was stored.
    return {
      key,
      value: typeof value === 'string' ? value : Uint8Array.from(value),
      updatedAt: this.clock(),
    };
  }

  async getSecretKey(): Promise<Uint8Array | undefined> {
    return toBytes((await this.db.keys.get(KEY_NAMES.secretKey))?.value);
  }

  async setSecretKey(secretKey: Uint8Array): Promise<void> {
    await this.db.keys.put(this.row(KEY_NAMES.secretKey, secretKey));
  }

  async getMnemonic(): Promise<string | undefined> {
    return toText((await this.db.keys.get(KEY_NAMES.mnemonic))?.value);
  }

  async getSeed(): Promise<Uint8Array | undefined> {
    return toBytes((await this.db.keys.get(KEY_NAMES.seed))?.value);
  }

  async saveWalletKeys(keys: {
    secretKey: Uint8Array;
    mnemonic: string;
    seed: Uint8Array;
  }): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.keys, async () => {
      await db.keys.bulkPut([
        this.row(KEY_NAMES.secretKey, keys.secretKey),
        this.row(KEY_NAMES.mnemonic, keys.mnemonic),
        this.row(KEY_NAMES.seed, keys.seed),
      ]);
    });
  }
}
