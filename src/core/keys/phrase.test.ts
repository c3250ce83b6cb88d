// Phrase generation and validation rules (docs/behaviour.md "Step 1, restore").
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { generatePhrase, isValidPhrase, validatePhrase } from './phrase';
import { countWords, normalisePhrase } from './phrase-shape';

const NIP06_12 = 'leader monkey parrot ring guide accident before fence cannon height naive bean';
const NIP06_24 =
  'what bleak badge arrange retreat wolf trade produce cricket blur garlic valid proud rude strong choose busy staff weather area salt hollow arm fade';

function expectInvalidMnemonic(phrase: string) {
  expect(() => validatePhrase(phrase)).toThrow(ValidationError);
  expect(() => validatePhrase(phrase)).toThrow(/^Invalid mnemonic$/);
  expect(isValidPhrase(phrase)).toBe(false);
}

describe('generatePhrase', () => {
  it('makes 12 valid words from the English list', () => {
    const phrase = generatePhrase();
    expect(countWords(phrase)).toBe(12);
    expect(isValidPhrase(phrase)).toBe(true);
  });

  it('makes a different phrase each time', () => {
    expect(generatePhrase()).not.toBe(generatePhrase());
  });
});

describe('validatePhrase', () => {
  it('accepts 12 and 24 word phrases', () => {
    expect(validatePhrase(NIP06_12)).toBe(NIP06_12);
    expect(validatePhrase(NIP06_24)).toBe(NIP06_24);
  });

  it('accepts 15, 18 and 21 word phrases', () => {
    // BIP-39 reference vectors (entropy 0x00.. of 160, 192 and 224 bits)
    const abandon = (n: number, last: string) => `${'abandon '.repeat(n - 1)}${last}`;
    expect(isValidPhrase(abandon(15, 'address'))).toBe(true);
    expect(isValidPhrase(abandon(18, 'agent'))).toBe(true);
    expect(isValidPhrase(abandon(21, 'admit'))).toBe(true);
  });

  it('normalises case and whitespace before validating', () => {
    const messy = `  ${NIP06_12.toUpperCase().split(' ').join(' \n\t ')}  `;
    expect(validatePhrase(messy)).toBe(NIP06_12);
  });

  it('rejects 11 and 13 words', () => {
    const words = NIP06_12.split(' ');
    expectInvalidMnemonic(words.slice(0, 11).join(' '));
    expectInvalidMnemonic([...words, 'bean'].join(' '));
  });

  it('rejects an empty phrase', () => {
    expectInvalidMnemonic('');
    expectInvalidMnemonic('   ');
  });

  it('rejects a word not in the list', () => {
    expectInvalidMnemonic(NIP06_12.replace('monkey', 'monkeys'));
  });

  it('rejects a bad checksum', () => {
    // every word valid, but the last word's checksum bits do not match
    expectInvalidMnemonic(NIP06_12.replace(/bean$/, 'zoo'));
    expectInvalidMnemonic('abandon '.repeat(12).trim());
  });
});

describe('normalisePhrase', () => {
  it('joins words with single spaces in lower case', () => {
    expect(normalisePhrase('  Leader\n\nMONKEY  parrot ')).toBe('leader monkey parrot');
    expect(countWords(' \n ')).toBe(0);
  });
});
