// Recovery phrases: generation and validation against the BIP-39 English list. Kept in its own
// module because the 2048-word list is heavy; the app lazy-loads this file (first-screen budget).
// BIP-39's encoding is done here rather than by @scure/bip39, which brings the seed's PBKDF2 and
// the SHA-2 family with it: the phrase screen needs only the entropy, SHA-256 for the checksum and
// the list (docs/performance.md "Taps"). The seed is still derived by @scure/bip39 (derive.ts).
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { ValidationError } from '../errors';
import { normalisePhrase, phraseWordCountIsValid } from './phrase-shape';
import { sha256 } from './sha256';

/**
 * New phrases use 128 bits of entropy, i.e. 12 words (docs/behaviour.md "Limits and constants").
 */
export const NEW_PHRASE_ENTROPY_BITS = 128;

/** Bits per word: 2048 words. */
const WORD_BITS = 11;

/** Words in a new phrase: its entropy and a checksum of a bit per 32, 11 bits a word. */
export const NEW_PHRASE_WORDS =
  (NEW_PHRASE_ENTROPY_BITS + NEW_PHRASE_ENTROPY_BITS / 32) / WORD_BITS;

export const INVALID_MNEMONIC = 'Invalid mnemonic';

/** The BIP-39 bits of `entropy` (16 to 32 bytes, a multiple of 4) and its checksum, as 0s and 1s. */
function checkedBits(entropy: Uint8Array): string {
  const checksumBits = entropy.length / 4;
  const checksum = sha256(entropy)[0]!;
  const bits = Array.from(entropy, (byte) => byte.toString(2).padStart(8, '0')).join('');
  return bits + checksum.toString(2).padStart(8, '0').slice(0, checksumBits);
}

/** The English phrase encoding `entropy` (BIP-39: 16, 20, 24, 28 or 32 bytes). */
export function entropyToPhrase(entropy: Uint8Array): string {
  if (entropy.length < 16 || entropy.length > 32 || entropy.length % 4 !== 0) {
    throw new RangeError('Entropy must be 16 to 32 bytes, a multiple of 4');
  }
  const bits = checkedBits(entropy);
  const words: string[] = [];
  for (let at = 0; at < bits.length; at += WORD_BITS) {
    words.push(wordlist[parseInt(bits.slice(at, at + WORD_BITS), 2)]!);
  }
  return words.join(' ');
}

/** A new random 12-word phrase, words separated by single spaces. */
export function generatePhrase(): string {
  // Throws where the browser has no secure random source; the screen says so.
  const entropy = globalThis.crypto.getRandomValues(new Uint8Array(NEW_PHRASE_ENTROPY_BITS / 8));
  return entropyToPhrase(entropy);
}

/** Where each word sits in the list, for the lookups of `isValidPhrase`. */
let wordIndex: Map<string, number> | undefined;

/** True when the phrase (after normalising) has a valid length, known words and checksum. */
export function isValidPhrase(phrase: string): boolean {
  const normalised = normalisePhrase(phrase);
  if (!phraseWordCountIsValid(normalised)) return false;
  wordIndex ??= new Map(wordlist.map((word, index) => [word, index]));
  let bits = '';
  for (const word of normalised.split(' ')) {
    const index = wordIndex.get(word);
    if (index === undefined) return false;
    bits += index.toString(2).padStart(WORD_BITS, '0');
  }
  // 33 bits per 32 of entropy: the entropy, then its checksum.
  const entropyBits = (bits.length / 33) * 32;
  const entropy = new Uint8Array(entropyBits / 8);
  for (let i = 0; i < entropy.length; i++) entropy[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return checkedBits(entropy) === bits;
}

/**
 * Returns the normalised phrase, or throws ValidationError('Invalid mnemonic') for a wrong word
 * count, an unknown word or a bad checksum (one message for all: docs/behaviour.md
 * "Step 1, restore").
 */
export function validatePhrase(phrase: string): string {
  const normalised = normalisePhrase(phrase);
  if (!isValidPhrase(normalised)) throw new ValidationError(INVALID_MNEMONIC);
  return normalised;
}
