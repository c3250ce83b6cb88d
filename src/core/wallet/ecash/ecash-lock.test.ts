// The merchant's ecash lock key and the lock check: what a customer's proofs must be for a locked
// request, checked before anything is stored (docs/protocol.md "Ecash locked to the merchant").
import { createP2PKsecret } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors';
import {
  checkEcashLock,
  ecashLockKey,
  LOCKED_ELSEWHERE_MESSAGE,
  LOCKED_WAIT_MESSAGE,
  mintEnforcesLocks,
  NOT_LOCKED_MESSAGE,
} from './ecash-lock';

const seed = new Uint8Array(64).fill(1);
const key = ecashLockKey(seed);
const other = ecashLockKey(new Uint8Array(64).fill(2));
const proof = (secret: string) => ({ id: '00aa', amount: 1, secret, C: '02ab' });
const plain = proof('a'.repeat(64));
const lockedTo = (pubkey: string, tags?: string[][]) => proof(createP2PKsecret(pubkey, tags));

describe('the ecash lock key', () => {
  it('is the same for the same seed, another for another seed, a compressed key', () => {
    expect(ecashLockKey(new Uint8Array(64).fill(1))).toEqual(key);
    expect(other.pubkey).not.toBe(key.pubkey);
    expect(key.pubkey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(key.secretKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is asked for only where the mint lists NUT-10 and NUT-11', () => {
    const info = (nuts: number[]) => ({
      isSupported: (n: number) => ({ supported: nuts.includes(n) }),
    });
    expect(mintEnforcesLocks(info([10, 11]))).toBe(true);
    expect(mintEnforcesLocks(info([10]))).toBe(false);
    expect(mintEnforcesLocks(info([11]))).toBe(false);
  });
});

describe('checkEcashLock', () => {
  it('passes proofs locked to the key (sign), and plain ones when no lock was asked (no signing)', () => {
    expect(checkEcashLock([lockedTo(key.pubkey)], true, key)).toBe(true);
    expect(checkEcashLock([plain], false, key)).toBe(false);
    expect(checkEcashLock([plain], false, null)).toBe(false);
    // one signature of ours among several keys is enough when one is asked for
    expect(checkEcashLock([lockedTo(other.pubkey, [['pubkeys', key.pubkey]])], true, key)).toBe(
      true,
    );
  });

  it.each([
    ['plain proofs for a locked request', [plain], true, NOT_LOCKED_MESSAGE],
    ['one plain among locked ones', [lockedTo(key.pubkey), plain], true, NOT_LOCKED_MESSAGE],
    ['locked to another key', [lockedTo(other.pubkey)], true, LOCKED_ELSEWHERE_MESSAGE],
    [
      'locked elsewhere though no lock was asked',
      [lockedTo(other.pubkey)],
      false,
      LOCKED_ELSEWHERE_MESSAGE,
    ],
    [
      'two signatures needed',
      [
        lockedTo(key.pubkey, [
          ['pubkeys', other.pubkey],
          ['n_sigs', '2'],
        ]),
      ],
      true,
      LOCKED_ELSEWHERE_MESSAGE,
    ],
    ['SIG_ALL', [lockedTo(key.pubkey, [['sigflag', 'SIG_ALL']])], true, LOCKED_ELSEWHERE_MESSAGE],
    [
      'an HTLC',
      [proof(JSON.stringify(['HTLC', { nonce: 'n', data: 'ab'.repeat(32) }]))],
      true,
      LOCKED_ELSEWHERE_MESSAGE,
    ],
    ['not JSON', [proof('[not json')], true, LOCKED_ELSEWHERE_MESSAGE],
  ])('refuses %s', (_name, inputs, required, message) => {
    expect(() => checkEcashLock(inputs, required, key)).toThrow(new ValidationError(message));
  });

  it('locked proofs wait for the PIN while the seed is sealed', () => {
    expect(() => checkEcashLock([lockedTo(key.pubkey)], true, null)).toThrow(LOCKED_WAIT_MESSAGE);
  });
});
