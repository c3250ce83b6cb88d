// The shape of a NIP-44 v2 payload, checked before any key work: a wrap that fails it is refused
// without the signature check or the ECDH it would otherwise cost (docs/performance.md, issue 48).
import { v2 } from 'nostr-tools/nip44';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The shortest payload nip44 decodes (base64 characters) and its shortest decoded length. */
const MIN_PAYLOAD_CHARS = 132;
const MIN_DECODED_BYTES = 99;
/** version byte, 32-byte nonce, 32-byte MAC around the ciphertext */
const ENVELOPE_BYTES = 1 + 32 + 32;

/** A padded length nip44 could have produced: the padding of some plaintext length is itself. */
function isPaddedLength(length: number): boolean {
  return length >= 32 && v2.utils.calcPaddedLen(length) === length;
}

/**
 * Why `payload` cannot be a NIP-44 v2 payload, or undefined when it may be one. Refuses only what
 * nostr-tools' own decrypt refuses before its MAC check (length, version), and a ciphertext whose
 * length no plaintext pads to (its unpad refuses that after the MAC), so a payload it would open
 * always passes: a fast path, never a stricter rule. Nothing is decoded: the decoded length and
 * the version byte are read off the base64 text, exact for valid base64 (and invalid base64 is
 * refused by decrypt whatever is said of it here).
 */
export function nip44ShapeProblem(payload: string): string | undefined {
  if (payload.length < MIN_PAYLOAD_CHARS) return `payload of ${payload.length} characters`;
  if (payload[0] === '#') return 'unknown encryption version';
  const version = (ALPHABET.indexOf(payload[0]!) << 2) | (ALPHABET.indexOf(payload[1]!) >> 4);
  if (version !== 2) return 'not encryption version 2';
  let padding = 0;
  while (padding < 2 && payload[payload.length - 1 - padding] === '=') padding++;
  const decoded = Math.floor(((payload.length - padding) * 6) / 8);
  if (decoded < MIN_DECODED_BYTES) return `payload of ${decoded} bytes`;
  // The ciphertext is the padded plaintext behind its length prefix: 2 bytes, or 6 for the
  // extended form nostr-tools also reads (plaintexts of 64 KiB and more).
  const ciphertext = decoded - ENVELOPE_BYTES;
  if (isPaddedLength(ciphertext - 2) || isPaddedLength(ciphertext - 6)) return undefined;
  return `ciphertext of ${ciphertext} bytes fits no padded length`;
}
