// npub / hex public key encoding and validation.
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { InvalidNpubError, InvalidPubkeyError, InvalidSecretKeyError } from './errors';
import {
  decodeNpub,
  encodeNpub,
  isHexPubkey,
  isValidNpub,
  keypairFromSecretKey,
  randomSecretKey,
} from './keypair';

const PK = '17162c921dc4d2518f9a101db33695df1afb56ab82f5ff3e5da6eec3ca5cd917';
const NPUB = 'npub1zutzeysacnf9rru6zqwmxd54mud0k44tst6l70ja5mhv8jjumytsd2x7nu';
const NSEC = 'nsec10allq0gjx7fddtzef0ax00mdps9t2kmtrldkyjfs8l5xruwvh2dq0lhhkp';

describe('npub encoding', () => {
  it('round-trips the NIP-06 vector public key', () => {
    expect(encodeNpub(PK)).toBe(NPUB);
    expect(decodeNpub(NPUB)).toBe(PK);
  });

  it('rejects malformed npubs with a typed error', () => {
    const bad = [
      '',
      'hello',
      NSEC,
      NPUB.slice(0, -1),
      NPUB.replace('zutz', 'zutx'),
      `${NPUB}q`,
      'npub1',
    ];
    for (const input of bad) {
      expect(() => decodeNpub(input), input).toThrow(InvalidNpubError);
      expect(isValidNpub(input)).toBe(false);
    }
  });

  it('says why an npub is rejected', () => {
    expect(() => decodeNpub(NSEC)).toThrow('Invalid npub: must start with npub1');
    expect(() => decodeNpub(NPUB.slice(0, -1))).toThrow(/Invalid npub: not valid bech32/);
    const err = (() => {
      try {
        decodeNpub('hello');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ValidationError);
  });

  it('refuses to encode something that is not a hex pubkey', () => {
    expect(() => encodeNpub(PK.toUpperCase())).toThrow(InvalidPubkeyError);
    expect(() => encodeNpub(PK.slice(2))).toThrow(InvalidPubkeyError);
  });
});

describe('isHexPubkey', () => {
  it('accepts exactly 64 lowercase hex characters', () => {
    expect(isHexPubkey(PK)).toBe(true);
    expect(isHexPubkey(PK.toUpperCase())).toBe(false);
    expect(isHexPubkey(`${PK}00`)).toBe(false);
    expect(isHexPubkey(PK.replace('1', 'g'))).toBe(false);
    expect(isHexPubkey(42)).toBe(false);
  });
});

describe('keypairFromSecretKey', () => {
  it('gives the NIP-06 vector pubkey and npub', () => {
    const sk = hexToBytes('7f7ff03d123792d6ac594bfa67bf6d0c0ab55b6b1fdb6249303fe861f1ccba9a');
    expect(keypairFromSecretKey(sk)).toEqual({ sk, pk: PK, npub: NPUB });
  });

  it('makes a usable keypair from a random key', () => {
    const { pk, npub } = keypairFromSecretKey(randomSecretKey());
    expect(isHexPubkey(pk)).toBe(true);
    expect(decodeNpub(npub)).toBe(pk);
  });

  it('rejects keys that are not 32 valid bytes', () => {
    expect(() => keypairFromSecretKey(new Uint8Array(31))).toThrow(InvalidSecretKeyError);
    expect(() => keypairFromSecretKey(new Uint8Array(32))).toThrow(InvalidSecretKeyError);
  });
});
