// The phrase checksum's SHA-256 against the FIPS 180-4 examples and @noble/hashes.
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256';

describe('sha256', () => {
  it('gives the FIPS 180-4 digests of "abc", the empty input and the two-block example', () => {
    expect(bytesToHex(sha256(utf8ToBytes('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(bytesToHex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(
      bytesToHex(sha256(utf8ToBytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    ).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with @noble/hashes on random inputs of every length up to three blocks', () => {
    for (let length = 0; length <= 200; length++) {
      const data = crypto.getRandomValues(new Uint8Array(length));
      expect(bytesToHex(sha256(data)), `length ${length}`).toBe(bytesToHex(nobleSha256(data)));
    }
  });
});
