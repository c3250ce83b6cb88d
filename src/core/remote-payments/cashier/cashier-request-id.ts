// The NUT-18 request id a paired cashier makes for a remote sale: 6 random bytes and a 2-byte tag
// keyed by the link's pairing secret, so the merchant tells a payload naming one of its cashiers'
// requests from a stranger's before the cashier's message comes (decision 0044; docs/protocol.md
// "Remote cashier requests"). Still 8 bytes hex, the form the payment message takes.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  bytesToHex,
  concatBytes,
  hexToBytes,
  randomBytes,
  utf8ToBytes,
} from '@noble/hashes/utils.js';

/** Bumped if the tag ever changes, so an old tag never passes as a new one. */
const TAG_DOMAIN = utf8ToBytes('cashew-pos/ecash-request/1');
const RANDOM_BYTES = 6;
const TAG_BYTES = 2;

function tag(secret: Uint8Array, nonce: Uint8Array): Uint8Array {
  return hmac(sha256, secret, concatBytes(TAG_DOMAIN, nonce)).slice(0, TAG_BYTES);
}

/** A fresh request id tagged with the link's pairing secret. */
export function cashierRequestId(
  secret: Uint8Array,
  random: (length: number) => Uint8Array = randomBytes,
): string {
  const nonce = random(RANDOM_BYTES);
  return bytesToHex(concatBytes(nonce, tag(secret, nonce)));
}

/**
 * True when the id carries the tag of `secret`: made by a cashier holding this merchant's link.
 * A stranger's id passes one time in 65,536, so this only sorts what is held; the sale itself is
 * proven by the cashier's message.
 */
export function isCashierRequestId(id: string, secret: Uint8Array): boolean {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  const bytes = hexToBytes(id);
  const expected = tag(secret, bytes.slice(0, RANDOM_BYTES));
  return expected.every((byte, i) => byte === bytes[RANDOM_BYTES + i]);
}
