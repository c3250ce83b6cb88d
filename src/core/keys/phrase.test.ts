// Phrase generation and validation rules (docs/behaviour.md "Step 1, restore").
import { entropyToMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../errors';
import { entropyToPhrase, generatePhrase, isValidPhrase, validatePhrase } from './phrase';
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

  afterEach(() => vi.restoreAllMocks());

  it('encodes 16 bytes from crypto.getRandomValues as @scure/bip39 does', () => {
    const entropy = Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + 11) & 0xff);
    const random = vi
      .spyOn(globalThis.crypto, 'getRandomValues')
      .mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
        (array as unknown as Uint8Array).set(entropy);
        return array;
      });
    const phrase = generatePhrase();
    expect(random).toHaveBeenCalledOnce();
    expect(phrase).toBe(entropyToMnemonic(entropy, wordlist));
    // The wallet made from it is the one @scure/bip39's phrase makes: the same words, so the same seed.
    expect(mnemonicToSeedSync(phrase)).toEqual(
      mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist)),
    );
  });

  it('throws when the browser has no secure random source', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(() => {
      throw new Error('no random source');
    });
    expect(() => generatePhrase()).toThrow();
  });
});

describe('entropyToPhrase', () => {
  it('gives the BIP-39 reference phrases', () => {
    expect(entropyToPhrase(new Uint8Array(16))).toBe(`${'abandon '.repeat(11)}about`);
    expect(entropyToPhrase(new Uint8Array(16).fill(0x7f))).toBe(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
    );
    expect(entropyToPhrase(new Uint8Array(16).fill(0xff))).toBe(`${'zoo '.repeat(11)}wrong`);
    expect(entropyToPhrase(new Uint8Array(32).fill(0xff))).toBe(`${'zoo '.repeat(23)}vote`);
  });

  it('agrees with @scure/bip39 on random entropy of every length', () => {
    for (const bytes of [16, 20, 24, 28, 32]) {
      for (let round = 0; round < 50; round++) {
        const entropy = crypto.getRandomValues(new Uint8Array(bytes));
        expect(entropyToPhrase(entropy)).toBe(entropyToMnemonic(entropy, wordlist));
      }
    }
  });

  it('refuses entropy BIP-39 has no phrase for', () => {
    for (const bytes of [0, 12, 15, 17, 36]) {
      expect(() => entropyToPhrase(new Uint8Array(bytes))).toThrow(RangeError);
    }
  });
});

describe('isValidPhrase against @scure/bip39', () => {
  it('agrees on valid phrases and on each of them with one word changed', () => {
    for (const bytes of [16, 20, 24, 28, 32]) {
      for (let round = 0; round < 20; round++) {
        const phrase = entropyToMnemonic(crypto.getRandomValues(new Uint8Array(bytes)), wordlist);
        expect(isValidPhrase(phrase)).toBe(true);
        const words = phrase.split(' ');
        const at = round % words.length;
        words[at] = wordlist[(wordlist.indexOf(words[at]!) + 1 + round) % 2048]!;
        const changed = words.join(' ');
        expect(isValidPhrase(changed), changed).toBe(validateMnemonic(changed, wordlist));
      }
    }
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
