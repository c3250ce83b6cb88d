// Keys from a recovery phrase: the BIP-39 seed (also the NUT-13 ecash seed) and the NIP-06 key.
// No word list here: callers validate the phrase first (phrase.ts) when they need to.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedWebcrypto } from '@scure/bip39';
import { InvalidSecretKeyError } from './errors';
import { keypairFromSecretKey, type Keypair } from './keypair';
import { normalisePhrase } from './phrase-shape';

/** NIP-06 path, account 0 by default (docs/protocol.md "Keys and secrets"). */
export function nip06Path(account = 0): string {
  if (!Number.isInteger(account) || account < 0 || account >= 2 ** 31) {
    throw new RangeError(`account must be an integer in [0, 2^31): ${account}`);
  }
  return `m/44'/1237'/${account}'/0/0`;
}

/**
 * BIP-39 seed of the phrase with an empty passphrase: PBKDF2-HMAC-SHA512, 2048 rounds, 64 bytes
 * (the BIP-39 rule). WebCrypto does the rounds natively so the page does not stall.
 */
export async function seedFromPhrase(phrase: string): Promise<Uint8Array> {
  return mnemonicToSeedWebcrypto(normalisePhrase(phrase), '');
}

/** NIP-06 secret key derived from a BIP-39 seed. */
export function nostrSecretKeyFromSeed(seed: Uint8Array, account = 0): Uint8Array {
  const privateKey = HDKey.fromMasterSeed(seed).derive(nip06Path(account)).privateKey;
  if (!privateKey) throw new InvalidSecretKeyError('Could not derive a secret key from the seed');
  return privateKey;
}

export interface PhraseKeys {
  seed: Uint8Array;
  keypair: Keypair;
}

/** Seed and NIP-06 keypair of a phrase (the phrase is not checked against the word list). */
export async function keysFromPhrase(phrase: string, account = 0): Promise<PhraseKeys> {
  const seed = await seedFromPhrase(phrase);
  return { seed, keypair: keypairFromSecretKey(nostrSecretKeyFromSeed(seed, account)) };
}
