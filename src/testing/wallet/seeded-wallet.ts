// Test helper: a till's wallet keys and mint saved in a test storage, and its wallet provider, as
// onboarding leaves them.
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import type { Storage } from '../../storage/index';

export interface Phrase {
  mnemonic: string;
  seed: Uint8Array;
}

/** A new random BIP-39 phrase and its seed. */
export function newPhrase(): Phrase {
  const mnemonic = generateMnemonic(wordlist);
  return { mnemonic, seed: mnemonicToSeedSync(mnemonic) };
}

/**
 * Saves `phrase` (a new one by default) as the wallet's keys, with a secret key of `keyByte`
 * repeated, and `mintUrl` as the till's mint.
 */
export async function seedWallet(
  storage: Storage,
  mintUrl: string,
  options: { phrase?: Phrase; keyByte?: number } = {},
): Promise<Phrase> {
  const phrase = options.phrase ?? newPhrase();
  await storage.keys.saveWalletKeys({
    secretKey: new Uint8Array(32).fill(options.keyByte ?? 7),
    mnemonic: phrase.mnemonic,
    seed: phrase.seed,
  });
  await storage.config.setMintUrl(mintUrl);
  return phrase;
}

/** The wallet provider on the storage's keys and counters; the caller closes it. */
export function walletsOf(storage: Storage): WalletProvider {
  return new WalletProvider({ keys: storage.keys, counters: storage.counterSource });
}
