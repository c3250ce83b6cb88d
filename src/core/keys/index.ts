// Public surface of the keys module, WITHOUT phrase generation/validation: import those from
// './phrase' (ideally lazily), so the word list stays out of the first-screen bundle.
export { DeviceKeys } from './device-keys';
export { keysFromPhrase, nip06Path, nostrSecretKeyFromSeed, seedFromPhrase } from './derive';
export type { PhraseKeys } from './derive';
export { InvalidNpubError, InvalidPubkeyError, InvalidSecretKeyError } from './errors';
export {
  assertHexPubkey,
  decodeNpub,
  encodeNpub,
  isHexPubkey,
  isValidNpub,
  keypairFromSecretKey,
  publicKeyOf,
  randomSecretKey,
} from './keypair';
export type { Keypair } from './keypair';
export {
  countWords,
  normalisePhrase,
  phraseWordCountIsValid,
  VALID_WORD_COUNTS,
} from './phrase-shape';
