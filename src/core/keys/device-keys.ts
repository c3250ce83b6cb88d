// The device's signing key (docs/protocol.md "Keys and secrets"): created on first use, or replaced
// by the key
// derived from a recovery phrase. The word list is loaded only when a phrase is imported.
import type { NewWalletOnly } from '../settings/ports';
import type { KeyStore } from './ports';
import { keysFromPhrase } from './derive';
import { keypairFromSecretKey, randomSecretKey, type Keypair } from './keypair';

export class DeviceKeys {
  /** Shared by concurrent first calls so only one key is ever generated and saved. */
  private creating: Promise<Uint8Array> | undefined;

  constructor(private readonly keyStore: KeyStore) {}

  async hasSecretKey(): Promise<boolean> {
    return (await this.keyStore.getSecretKey()) !== undefined;
  }

  /** The stored secret key; a random one is generated and saved when none is stored. */
  async getOrCreateSecretKey(): Promise<Uint8Array> {
    const stored = await this.keyStore.getSecretKey();
    if (stored) return stored;
    this.creating ??= this.createRandomKey().finally(() => {
      this.creating = undefined;
    });
    return this.creating;
  }

  async getKeypair(): Promise<Keypair> {
    return keypairFromSecretKey(await this.getOrCreateSecretKey());
  }

  /**
   * Validates the phrase ('Invalid mnemonic' ValidationError otherwise), derives the NIP-06 key
   * and the BIP-39 seed, and stores key, phrase and seed together, replacing the device key.
   * `newWalletOnly`: refused with WalletExistsError when the device is onboarded (onboarding).
   */
  async createFromMnemonic(
    phrase: string,
    account = 0,
    options: NewWalletOnly = {},
  ): Promise<Keypair> {
    const { validatePhrase } = await import('./phrase');
    const mnemonic = validatePhrase(phrase);
    const { seed, keypair } = await keysFromPhrase(mnemonic, account);
    await this.keyStore.saveWalletKeys({ secretKey: keypair.sk, mnemonic, seed }, options);
    return keypair;
  }

  private async createRandomKey(): Promise<Uint8Array> {
    // Re-read: another caller may have saved a key while we waited.
    const stored = await this.keyStore.getSecretKey();
    if (stored) return stored;
    const secretKey = randomSecretKey();
    await this.keyStore.setSecretKey(secretKey);
    return secretKey;
  }
}
