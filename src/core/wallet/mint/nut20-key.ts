// Picking the private key that matches a NUT-20 locked quote's pubkey (BIP-340 x-only semantics).
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ValidationError } from '../../errors';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The quote pubkey for a nostr key: '02' + x-only hex, the form the remote cashier sends. */
export function lockPubkeyForNostrKey(nostrPubkeyHex: string): string {
  return `02${nostrPubkeyHex.toLowerCase()}`;
}

/**
 * cashu-ts signs a locked mint request only with a key whose compressed pubkey equals the
 * quote's. A nostr key is x-only, so '02'+x may name the key with the odd-y point; its negation
 * has the same x and even y and makes the same BIP-340 signatures, so we hand cashu-ts that one.
 */
export function signingKeyForQuote(quotePubkey: string, secretKey: Uint8Array): string {
  const wanted = quotePubkey.toLowerCase();
  const own = bytesToHex(secp256k1.getPublicKey(secretKey, true));
  if (own === wanted) return bytesToHex(secretKey);
  const x = wanted.length === 66 ? wanted.slice(2) : wanted;
  if (own.slice(2) !== x) throw new ValidationError('Mint quote is locked to another key');
  const d = BigInt(`0x${bytesToHex(secretKey)}`);
  return bytesToHex(hexToBytes((N - d).toString(16).padStart(64, '0')));
}
