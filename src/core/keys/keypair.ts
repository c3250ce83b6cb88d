// Device keypair: secret key bytes -> hex pubkey and npub; npub and hex pubkey validation.
import { decode, npubEncode } from 'nostr-tools/nip19';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { InvalidNpubError, InvalidPubkeyError, InvalidSecretKeyError } from './errors';

/** A keypair: secret key bytes, hex public key (x-only, 64 lowercase hex), bech32 npub. */
export interface Keypair {
  sk: Uint8Array;
  pk: string;
  npub: string;
}

const HEX_PUBKEY = /^[0-9a-f]{64}$/;

export function isHexPubkey(value: unknown): value is string {
  return typeof value === 'string' && HEX_PUBKEY.test(value);
}

export function assertHexPubkey(value: string): string {
  if (!isHexPubkey(value)) throw new InvalidPubkeyError(value);
  return value;
}

/** A new random secret key (32 bytes, valid on secp256k1). */
export function randomSecretKey(): Uint8Array {
  return generateSecretKey();
}

export function publicKeyOf(sk: Uint8Array): string {
  if (!(sk instanceof Uint8Array) || sk.length !== 32) {
    throw new InvalidSecretKeyError('Invalid secret key: expected 32 bytes');
  }
  try {
    return getPublicKey(sk);
  } catch (cause) {
    throw new InvalidSecretKeyError('Invalid secret key', { cause });
  }
}

export function keypairFromSecretKey(sk: Uint8Array): Keypair {
  const pk = publicKeyOf(sk);
  return { sk, pk, npub: npubEncode(pk) };
}

export function encodeNpub(pubkeyHex: string): string {
  return npubEncode(assertHexPubkey(pubkeyHex));
}

/** Hex public key of an npub; throws InvalidNpubError saying what is wrong with it. */
export function decodeNpub(npub: string): string {
  const input = typeof npub === 'string' ? npub.trim() : '';
  if (!input.toLowerCase().startsWith('npub1')) {
    throw new InvalidNpubError(npub, 'must start with npub1');
  }
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(input);
  } catch (cause) {
    throw new InvalidNpubError(npub, 'not valid bech32 (typo or truncated?)', { cause });
  }
  if (decoded.type !== 'npub' || !isHexPubkey(decoded.data)) {
    throw new InvalidNpubError(npub, 'does not hold a 32-byte public key');
  }
  return decoded.data;
}

/** True when `npub` decodes to a public key; never throws. */
export function isValidNpub(npub: string): boolean {
  try {
    decodeNpub(npub);
    return true;
  } catch {
    return false;
  }
}
