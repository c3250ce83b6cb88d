// The merchant's receipt for a remote sale, gift-wrapped back to the key the cashier chose for
// that sale (docs/protocol.md "Receipts").
import type { NostrEvent } from 'nostr-tools/core';
import { InvalidPaymentMessageError } from '../errors';
import { MAX_QUOTE_ID_LENGTH } from './constants';
import { giftWrap, unwrapPaymentEvent } from './gift-wrap';
import { isUnit, type Unit } from '../units/unit';

/** What the merchant confirms once the sale's proofs are stored. */
export interface SaleReceipt {
  quote: string;
  /** whole minor units of `unit` credited: sats, or cents */
  amount: number;
  /** unix seconds when the proofs were stored */
  time: number;
  /** the sale's unit when not sat (decision 0092); absent: sats, as every receipt before units */
  unit?: Unit;
}

/** Tells a receipt from a payment message should one ever reach the wrong side. */
const RECEIPT_TYPE = 'receipt';
const MAX_RECEIPT_BYTES = 1024;

function fail(reason: string, cause?: unknown): never {
  throw new InvalidPaymentMessageError(`Invalid receipt: ${reason}`, { cause });
}

export function serializeReceipt(receipt: SaleReceipt): string {
  const { quote, amount, time, unit } = receipt;
  // A sat receipt is sent as before units, byte for byte.
  const named = unit && unit !== 'sat' ? { unit } : {};
  return JSON.stringify({ type: RECEIPT_TYPE, quote, amount, time, ...named });
}

export function parseReceipt(content: unknown): SaleReceipt {
  if (typeof content !== 'string') fail('content is not a string');
  if (content.length > MAX_RECEIPT_BYTES) fail('content is too large');
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    fail('content is not JSON', error);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('not an object');
  const { type, quote, amount, time, unit } = data as Record<string, unknown>;
  if (type !== RECEIPT_TYPE) fail('not a receipt');
  if (typeof quote !== 'string' || quote.length === 0 || quote.length > MAX_QUOTE_ID_LENGTH) {
    fail('malformed quote id');
  }
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    fail('amount is not a positive whole number');
  }
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0) fail('malformed time');
  if (unit !== undefined && !isUnit(unit)) fail('unit is not one a till charges in');
  return unit === undefined || unit === 'sat'
    ? { quote, amount, time }
    : { quote, amount, time, unit };
}

/** Sealed with the merchant's device key, so the cashier can tell it came from the merchant. */
export function wrapReceipt(args: {
  merchantSecretKey: Uint8Array;
  receiptPubkeyHex: string;
  receipt: SaleReceipt;
}): NostrEvent {
  return giftWrap(args.merchantSecretKey, args.receiptPubkeyHex, serializeReceipt(args.receipt));
}

/**
 * Opens a receipt wrap with the sale's receipt key. nostr-tools checks the seal's signature and
 * that the rumor's author signed the seal; this adds that the author is the merchant.
 */
export function readReceiptEvent(
  event: NostrEvent,
  receiptSecretKey: Uint8Array,
  merchantPubkeyHex: string,
): SaleReceipt {
  const rumor = unwrapPaymentEvent(event, receiptSecretKey);
  if (rumor.pubkey !== merchantPubkeyHex) fail('not sent by the merchant');
  return parseReceipt(rumor.content);
}
