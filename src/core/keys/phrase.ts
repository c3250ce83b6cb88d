// Recovery phrases: generation and validation against the BIP-39 English list. Kept in its own
// module because the 2048-word list is heavy; the app lazy-loads this file (first-screen budget).
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { ValidationError } from '../errors';
import { normalisePhrase, phraseWordCountIsValid } from './phrase-shape';

/**
 * New phrases use 128 bits of entropy, i.e. 12 words (docs/behaviour.md "Limits and constants").
 */
export const NEW_PHRASE_ENTROPY_BITS = 128;

export const INVALID_MNEMONIC = 'Invalid mnemonic';

/** A new random 12-word phrase, words separated by single spaces. */
export function generatePhrase(): string {
  return generateMnemonic(wordlist, NEW_PHRASE_ENTROPY_BITS);
}

/** True when the phrase (after normalising) has a valid length, known words and checksum. */
export function isValidPhrase(phrase: string): boolean {
  const normalised = normalisePhrase(phrase);
  return phraseWordCountIsValid(normalised) && validateMnemonic(normalised, wordlist);
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
