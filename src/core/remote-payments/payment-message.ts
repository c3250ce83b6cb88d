// The remote payment message (the content of a NIP-17 kind 14 rumor): its shape and validation.
import { InvalidPaymentMessageError } from '../errors';
import { MAX_PAYMENT_MESSAGE_BYTES, MAX_QUOTE_ID_LENGTH, MAX_REQUEST_LENGTH } from './constants';
import { mintUrlKey as normalizeMintUrl } from '../urls/normalise-url';

/** What a cashier tells the merchant about a mint quote it created for them. */
export interface PaymentMessage {
  quote: string;
  /** integer sats */
  amount: number;
  /** the BOLT11 invoice */
  request: string;
  unit: 'sat';
  /** the mint that issued the quote */
  mint: string;
  /** NUT-20 lock pubkey (compressed, hex) when the quote is locked to the merchant */
  pubkey?: string;
  /** unix seconds, or null when the mint gave none */
  expiry?: number | null;
}

/** The most sats that can exist; anything above is not a real quote. */
const MAX_AMOUNT = 2_100_000_000_000_000;
/** Quote ids are URL path segments at the mint (uuid, hex or url-safe base64). */
const QUOTE_ID_PATTERN = /^[A-Za-z0-9._~+=-]+$/;
const PUBKEY_PATTERN = /^0[23][0-9a-f]{64}$/;

/** Mint URLs compare in the one normalised form (core/urls/normalise-url.ts). */
export { normalizeMintUrl };

function fail(reason: string, cause?: unknown): never {
  throw new InvalidPaymentMessageError(`Invalid payment message: ${reason}`, { cause });
}

/**
 * Parses and validates a payment message. Throws InvalidPaymentMessageError for anything the
 * merchant must not pay out: not JSON, a bad quote id or amount, another unit, another mint.
 */
export function parsePaymentMessage(
  content: unknown,
  context: { currentMintUrl: string },
): PaymentMessage {
  if (typeof content !== 'string') fail('content is not a string');
  if (new TextEncoder().encode(content).length > MAX_PAYMENT_MESSAGE_BYTES) {
    fail(`content is larger than ${MAX_PAYMENT_MESSAGE_BYTES} bytes`);
  }
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    fail('content is not JSON', error);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    fail('content is not a JSON object');
  }
  const raw = data as Record<string, unknown>;

  const { quote, amount, request, unit, mint, pubkey, expiry } = raw;
  if (typeof quote !== 'string' || quote.length === 0) fail('missing quote id');
  if (quote.length > MAX_QUOTE_ID_LENGTH || !QUOTE_ID_PATTERN.test(quote)) {
    fail('malformed quote id');
  }
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    fail('amount is not a positive whole number of sats');
  }
  if (amount > MAX_AMOUNT) fail('amount is too large');
  if (typeof request !== 'string' || request.length === 0) fail('missing payment request');
  if (request.length > MAX_REQUEST_LENGTH) fail('payment request is too long');
  if (unit !== 'sat') fail('unit is not sat');
  if (typeof mint !== 'string' || mint.length === 0) fail('missing mint');
  if (normalizeMintUrl(mint) !== normalizeMintUrl(context.currentMintUrl)) {
    fail('quote is for another mint');
  }
  if (pubkey !== undefined && (typeof pubkey !== 'string' || !PUBKEY_PATTERN.test(pubkey))) {
    fail('malformed lock pubkey');
  }
  if (
    expiry !== undefined &&
    expiry !== null &&
    (typeof expiry !== 'number' || !Number.isSafeInteger(expiry) || expiry < 0)
  ) {
    fail('malformed expiry');
  }

  const message: PaymentMessage = { quote, amount, request, unit, mint };
  if (pubkey !== undefined) message.pubkey = pubkey as string;
  if (expiry !== undefined) message.expiry = expiry as number | null;
  return message;
}

/** The message text a cashier sends; only known fields, so nothing else leaks into the rumor. */
export function serializePaymentMessage(message: PaymentMessage): string {
  const { quote, amount, request, unit, mint, pubkey, expiry } = message;
  return JSON.stringify({ quote, amount, request, unit, mint, pubkey, expiry });
}
