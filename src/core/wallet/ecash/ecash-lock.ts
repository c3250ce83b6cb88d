// Ecash locked to the merchant (NUT-10/11 P2PK, asked for by a NUT-18 request's locking field):
// the key derived from the seed, and the check of every proof a customer sends against it
// (docs/protocol.md "Ecash locked to the merchant").
import { getP2PKExpectedWitnessPubkeys, getP2PKSigFlag, parseP2PKSecret } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ValidationError } from '../../errors';
import type { NewProof } from '../proof-ports';

export const LOCKED_ELSEWHERE_MESSAGE = 'This ecash is locked to another key';
export const NOT_LOCKED_MESSAGE = 'This ecash is not locked to the shop, as the request asked';
export const LOCKED_WAIT_MESSAGE = 'Unlock the till to take ecash locked to the shop';

/** Domain label of the derivation: a key for this use only, never a NUT-13 output's. */
const LABEL = utf8ToBytes('cashew/ecash-lock/v1');

export interface EcashLockKey {
  /** hex, for cashu-ts' signing of the swap's inputs */
  secretKey: string;
  /** compressed (33 bytes) hex, as NUT-11 names a key */
  pubkey: string;
}

/**
 * The merchant's ecash lock key: HMAC-SHA256 of the BIP-39 seed under a fixed label, so every
 * device restored from the phrase has it and it is sealed with the seed while the till is locked.
 */
export function ecashLockKey(seed: Uint8Array): EcashLockKey {
  const secret = hmac(sha256, LABEL, seed);
  // A digest outside the curve order happens with odds of about 2^-128.
  if (!secp256k1.utils.isValidSecretKey(secret)) throw new Error('Unusable ecash lock key');
  return {
    secretKey: bytesToHex(secret),
    pubkey: bytesToHex(secp256k1.getPublicKey(secret, true)),
  };
}

/** A mint whose info lists NUT-10 and NUT-11 can enforce a P2PK lock. */
export function mintEnforcesLocks(info: {
  isSupported(nut: 10 | 11): { supported: boolean };
}): boolean {
  return info.isSupported(10).supported && info.isSupported(11).supported;
}

/** A NUT-10 secret (a JSON array) rather than a plain NUT-00 one. */
export function hasSpendingCondition(proof: Pick<NewProof, 'secret'>): boolean {
  return proof.secret.trimStart().startsWith('[');
}

/** True when `pubkey` alone may spend the proof now: P2PK, SIG_INPUTS, one signature. */
function spendableBy(secret: string, pubkey: string): boolean {
  try {
    const parsed = parseP2PKSecret(secret);
    if (getP2PKSigFlag(parsed) !== 'SIG_INPUTS') return false;
    const nSigs = parsed[1].tags?.find((tag) => tag[0] === 'n_sigs')?.[1];
    if (nSigs !== undefined && Number(nSigs) > 1) return false;
    return getP2PKExpectedWitnessPubkeys(parsed).some((key) => key.toLowerCase() === pubkey);
  } catch {
    return false;
  }
}

/**
 * Checks a payment's proofs against the lock before anything is stored: with `required`, every
 * proof must be locked; every locked proof must be spendable by `key` alone. `key` null: the seed
 * is sealed, so locked proofs wait for the PIN. Returns whether the swap must sign.
 */
export function checkEcashLock(
  inputs: NewProof[],
  required: boolean,
  key: Pick<EcashLockKey, 'pubkey'> | null,
): boolean {
  const locked = inputs.filter(hasSpendingCondition);
  if (required && locked.length < inputs.length) throw new ValidationError(NOT_LOCKED_MESSAGE);
  if (locked.length === 0) return false;
  if (!key) throw new ValidationError(LOCKED_WAIT_MESSAGE);
  for (const proof of locked) {
    if (!spendableBy(proof.secret, key.pubkey)) throw new ValidationError(LOCKED_ELSEWHERE_MESSAGE);
  }
  return true;
}
