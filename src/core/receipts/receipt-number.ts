// A sale's receipt number: `{device prefix}-{sequence}`, the sequence without gaps on each device,
// the prefix drawn once per device so the phrase's devices never print the same number
// (docs/decisions/0074-receipt-numbers.md).
import { isSale } from './refunds';

/** Crockford's base32: no I, L, O or U, so a number read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Symbols of a prefix: 30 bits, so two devices draw the same one about once in a billion. */
export const PREFIX_LENGTH = 6;

/** Digits the sequence is padded to (it grows past them rather than wrap). */
const SEQUENCE_DIGITS = 6;

const NUMBER = /^([0-9A-HJKMNP-TV-Z]{1,16})-(\d{1,15})$/;

/** A device's prefix from random bytes (at least 4; the first 30 bits are used). */
export function receiptPrefix(random: Uint8Array): string {
  if (random.length < 4) throw new RangeError('a receipt prefix needs 4 random bytes');
  let bits = ((random[0]! << 24) | (random[1]! << 16) | (random[2]! << 8) | random[3]!) >>> 0;
  let prefix = '';
  for (let i = 0; i < PREFIX_LENGTH; i++) {
    prefix = ALPHABET[bits & 31]! + prefix;
    bits >>>= 5;
  }
  return prefix;
}

/** The receipt number of the device's `sequence`-th sale (from 1): "K7Q2XM-000042". */
export function receiptNumber(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The prefix and sequence of a receipt number; undefined for anything else. */
export function parseReceiptNumber(
  value: unknown,
): { prefix: string; sequence: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = NUMBER.exec(value);
  if (!match) return undefined;
  const sequence = Number(match[2]);
  return sequence >= 1 ? { prefix: match[1]!, sequence } : undefined;
}

/**
 * Whether a history row being added takes this device's next number: one of its own sales (not a
 * copy of another device's, which keeps the number that device gave it) not numbered yet.
 */
export function takesReceiptNumber(row: {
  type: string;
  gid?: string;
  device?: string;
  receiptNumber?: string;
}): boolean {
  return (
    isSale(row) &&
    row.gid === undefined &&
    row.device === undefined &&
    row.receiptNumber === undefined
  );
}
