// The config port: mint, relays, shop name, onboarding flag and the counter, on the config table.

export interface ConfigStore {
  /** The stored mint URL; the default is written back when missing. */
  getMintUrl(): Promise<string>;
  setMintUrl(url: string): Promise<void>;
  /** The stored relays; the default is written back when missing or not valid JSON. */
  getRelays(): Promise<string[]>;
  setRelays(relays: string[]): Promise<void>;
  /** Saves mint URL and relays in one transaction. */
  saveSettings(
    settings: { mintUrl: string; relays: string[] },
    options?: NewWalletOnly,
  ): Promise<void>;
  isOnboarded(): Promise<boolean>;
  setOnboarded(onboarded: boolean): Promise<void>;
  getCounter(): Promise<number>;
  setCounter(value: number): Promise<void>;
  incrementCounter(by?: number): Promise<number>;
  decrementCounter(by?: number): Promise<number>;
  /** The shop's name as saved in Settings; '' when none was set. */
  getShopName(): Promise<string>;
  setShopName(name: string): Promise<void>;
}

/**
 * For the writes that create a wallet (onboarding): `newWalletOnly` makes the write check, in its
 * own transaction, that the device is not onboarded, and throw WalletExistsError (writing nothing)
 * when it is, so neither a race nor a direct call overwrites a wallet (docs/security.md).
 */
export interface NewWalletOnly {
  newWalletOnly?: boolean;
}
