// The key store port: the Nostr key, the phrase and its seed.
import type { NewWalletOnly } from '../settings/ports';

export interface KeyStore {
  getSecretKey(): Promise<Uint8Array | undefined>;
  setSecretKey(secretKey: Uint8Array): Promise<void>;
  getMnemonic(): Promise<string | undefined>;
  getSeed(): Promise<Uint8Array | undefined>;
  /** Replaces the device key and stores phrase and seed, in one transaction. */
  saveWalletKeys(
    keys: {
      secretKey: Uint8Array;
      mnemonic: string;
      seed: Uint8Array;
    },
    options?: NewWalletOnly,
  ): Promise<void>;
}
