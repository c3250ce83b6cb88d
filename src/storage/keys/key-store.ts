// KeyStore on Dexie: the device's nostr key, the recovery phrase and its seed
// (docs/protocol.md "Keys and secrets"), sealed under the PIN when one is set (docs/security.md).
import type { SecretCodec } from '../../core/lock';
import { isSealed } from '../../core/lock';
import type { Clock } from '../../core/clock';
import type { KeyStore } from '../../core/keys/ports';
import type { NewWalletOnly } from '../../core/settings/ports';
import { refuseIfOnboarded } from '../wallet/wallet-exists';
import { toBytes, toText } from '../database/bytes';
import type { CashewDb } from '../database/db';
import { PLAIN_CODEC } from './plain-codec';
import type { KeyRow } from '../database/rows';
import { KEY_NAMES } from '../database/key-names';

export class DexieKeyStore implements KeyStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly codec: SecretCodec = PLAIN_CODEC,
  ) {}

  private async row(key: string, value: Uint8Array | string): Promise<KeyRow> {
    // Copy bytes so a caller wiping or reusing its buffer cannot change what was stored.
    const copy = typeof value === 'string' ? value : Uint8Array.from(value);
    return { key, value: await this.codec.protect(copy), updatedAt: this.clock() };
  }

  private async read(key: string): Promise<unknown> {
    const value = (await this.db.keys.get(key))?.value;
    return isSealed(value) ? this.codec.reveal(value) : value;
  }

  async getSecretKey(): Promise<Uint8Array | undefined> {
    return toBytes(await this.read(KEY_NAMES.secretKey));
  }

  async setSecretKey(secretKey: Uint8Array): Promise<void> {
    await this.db.keys.put(await this.row(KEY_NAMES.secretKey, secretKey));
  }

  async getMnemonic(): Promise<string | undefined> {
    return toText(await this.read(KEY_NAMES.mnemonic));
  }

  async getSeed(): Promise<Uint8Array | undefined> {
    return toBytes(await this.read(KEY_NAMES.seed));
  }

  async saveWalletKeys(
    keys: {
      secretKey: Uint8Array;
      mnemonic: string;
      seed: Uint8Array;
    },
    options: NewWalletOnly = {},
  ): Promise<void> {
    const { db } = this;
    // Refused before sealing too: on a locked till sealing waits for the PIN.
    if (options.newWalletOnly) {
      await db.transaction('r', db.config, () => refuseIfOnboarded(db));
    }
    // Sealed before the transaction: WebCrypto inside it would let IndexedDB commit early.
    const rows = await Promise.all([
      this.row(KEY_NAMES.secretKey, keys.secretKey),
      this.row(KEY_NAMES.mnemonic, keys.mnemonic),
      this.row(KEY_NAMES.seed, keys.seed),
    ]);
    const tables = options.newWalletOnly ? [db.keys, db.config] : [db.keys];
    await db.transaction('rw', tables, async () => {
      if (options.newWalletOnly) await refuseIfOnboarded(db);
      await db.keys.bulkPut(rows);
    });
  }
}
