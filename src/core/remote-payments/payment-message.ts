// The remote payment message (the content of a NIP-17 kind 14 rumor): its shape and validation.
import { InvalidPaymentMessageError } from '../errors';
import { MAX_PAYMENT_MESSAGE_BYTES, MAX_QUOTE_ID_LENGTH, MAX_REQUEST_LENGTH } from './constants';
import { mintUrlKey } from '../urls/normalise-url';
import { canonicalRemoteSale, type RemoteSaleLines } from './remote-sale';
import type { FiatRecord } from '../prices/currencies';
import { canonicalStatedFiat } from '../prices/stated-fiat';
import { isUnit, unitDecimals, type Unit } from '../units/unit';

/** What a paired cashier adds to a payment message. */
export interface PairingProof {
  /** the first 16 hex characters of sha256(secret) */
  id: string;
  /** hex HMAC-SHA256(secret, canonical message) */
  mac: string;
  /**
   * BIP-340 signature of sha256(canonical message) by the link's signing key (pairingKey), for a
   * merchant checking while its till is locked (docs/protocol.md "Pairing"); 128 hex.
   */
  sig?: string;
}

/** What a cashier tells the merchant about a mint quote it created for them. */
export interface PaymentMessage {
  quote: string;
  /** whole minor units of `unit`: sats, or cents of a fiat till's unit */
  amount: number;
  /** the BOLT11 invoice */
  request: string;
  /** the quote's unit at the mint: `sat`, or the merchant's fiat till unit (decision 0092) */
  unit: Unit;
  /** the mint that issued the quote */
  mint: string;
  /** NUT-20 lock pubkey (compressed, hex) when the quote is locked to the merchant */
  pubkey?: string;
  /** unix seconds, or null when the mint gave none */
  expiry?: number | null;
  /** x-only hex pubkey the cashier chose for this sale; the merchant's receipt is wrapped to it */
  receipt?: string;
  /** a paired cashier's proof of the link's secret (core/remote-payments/pairing.ts) */
  pairing?: PairingProof;
  /** the sale's lines, tax and tip; the merchant keeps them only if they add up to the quote */
  sale?: RemoteSaleLines;
  /** the id of the NUT-18 request the cashier shows beside the invoice, paid to the merchant */
  ecashRequest?: string;
  /**
   * the fiat record the cashier's screen used, values as sent: checked when the quote is taken,
   * and a record that fails is ignored, never the sale (decision 0046)
   */
  fiat?: FiatRecord;
}

/** The most sats that can exist; anything above is not a real quote. */
const MAX_SATS = 2_100_000_000_000_000;
/** A billion of a fiat currency's major unit, in its minor units: no remote sale is larger. */
const MAX_MAJOR_FIAT = 1_000_000_000;

/** The largest amount a remote quote in `unit` may name (docs/protocol.md "The payment message"). */
export function maxRemoteAmount(unit: Unit): number {
  return unit === 'sat' ? MAX_SATS : MAX_MAJOR_FIAT * 10 ** unitDecimals(unit);
}
/** Quote ids are URL path segments at the mint (uuid, hex or url-safe base64). */
const QUOTE_ID_PATTERN = /^[A-Za-z0-9._~+=-]+$/;
const PUBKEY_PATTERN = /^0[23][0-9a-f]{64}$/;
const X_ONLY_PUBKEY_PATTERN = /^[0-9a-f]{64}$/;
const PAIRING_ID_PATTERN = /^[0-9a-f]{16}$/;
const PAIRING_MAC_PATTERN = /^[0-9a-f]{64}$/;
const PAIRING_SIG_PATTERN = /^[0-9a-f]{128}$/;
/** A NUT-18 request id as the app makes them (core/wallet/ecash/sale-request.ts): 8 bytes, hex. */
const ECASH_REQUEST_PATTERN = /^[0-9a-f]{16}$/;

/** Every field a message carries, in the order it is sent; the compiler keeps it complete. */
const SENT_FIELDS = {
  quote: true,
  amount: true,
  request: true,
  unit: true,
  mint: true,
  pubkey: true,
  expiry: true,
  receipt: true,
  pairing: true,
  sale: true,
  ecashRequest: true,
  fiat: true,
} as const satisfies Record<keyof PaymentMessage, true>;

/** The optional string fields that are ids or keys: each is checked whole against its pattern. */
const OPTIONAL_ID_FIELDS = [
  ['pubkey', PUBKEY_PATTERN, 'malformed lock pubkey'],
  ['receipt', X_ONLY_PUBKEY_PATTERN, 'malformed receipt pubkey'],
  ['ecashRequest', ECASH_REQUEST_PATTERN, 'malformed ecash request id'],
] as const satisfies readonly (readonly [keyof PaymentMessage, RegExp, string])[];

/** Mint URLs compare in the one normalised form (core/urls/normalise-url.ts). */

function fail(reason: string, cause?: unknown): never {
  throw new InvalidPaymentMessageError(`Invalid payment message: ${reason}`, { cause });
}

/**
 * Parses and validates a payment message. Throws InvalidPaymentMessageError for anything the
 * merchant must not pay out: not JSON, a bad quote id or amount, a unit no till charges in,
 * another mint.
 * Without `currentMintUrl` the mint is not compared: the merchant's inbox checks it against every
 * mint the wallet uses (docs/protocol.md "Receiving (merchant inbox)").
 */
export function parsePaymentMessage(
  content: unknown,
  context: { currentMintUrl?: string } = {},
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

  const { quote, amount, request, unit, mint, expiry, pairing, sale, fiat } = raw;
  if (typeof quote !== 'string' || quote.length === 0) fail('missing quote id');
  if (quote.length > MAX_QUOTE_ID_LENGTH || !QUOTE_ID_PATTERN.test(quote)) {
    fail('malformed quote id');
  }
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    fail(`amount is not a positive whole number of ${unit === 'sat' ? 'sats' : 'minor units'}`);
  }
  // Any unit a till can charge in (core/units/unit.ts); whether it is this till's is the inbox's
  // judgement (message-judgement.ts), which logs the refusal by name.
  if (!isUnit(unit)) fail('unit is not one a till charges in');
  if (amount > maxRemoteAmount(unit)) fail('amount is too large');
  if (typeof request !== 'string' || request.length === 0) fail('missing payment request');
  if (request.length > MAX_REQUEST_LENGTH) fail('payment request is too long');
  if (typeof mint !== 'string' || mint.length === 0) fail('missing mint');
  if (
    context.currentMintUrl !== undefined &&
    mintUrlKey(mint) !== mintUrlKey(context.currentMintUrl)
  ) {
    fail('quote is for another mint');
  }
  if (
    expiry !== undefined &&
    expiry !== null &&
    (typeof expiry !== 'number' || !Number.isSafeInteger(expiry) || expiry < 0)
  ) {
    fail('malformed expiry');
  }
  for (const [field, pattern, reason] of OPTIONAL_ID_FIELDS) {
    const value = raw[field];
    if (value !== undefined && (typeof value !== 'string' || !pattern.test(value))) fail(reason);
  }
  const proof = pairing === undefined ? undefined : parsePairingProof(pairing);
  const lines = sale === undefined ? undefined : canonicalRemoteSale(sale);
  if (sale !== undefined && !lines) fail('malformed sale');

  const message: PaymentMessage = { quote, amount, request, unit, mint };
  for (const [field] of OPTIONAL_ID_FIELDS) {
    if (raw[field] !== undefined) message[field] = raw[field] as string;
  }
  if (expiry !== undefined) message.expiry = expiry as number | null;
  if (proof) message.pairing = proof;
  if (lines) message.sale = lines;
  // Not an object at all: no record, and the sale stands without one.
  const stated = canonicalStatedFiat(fiat);
  if (stated) message.fiat = stated;
  return message;
}

function parsePairingProof(value: unknown): PairingProof {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('malformed pairing proof');
  }
  const { id, mac, sig } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !PAIRING_ID_PATTERN.test(id)) fail('malformed pairing id');
  if (typeof mac !== 'string' || !PAIRING_MAC_PATTERN.test(mac)) fail('malformed pairing proof');
  if (sig === undefined) return { id, mac };
  if (typeof sig !== 'string' || !PAIRING_SIG_PATTERN.test(sig)) fail('malformed pairing proof');
  return { id, mac, sig };
}

/** The message text a cashier sends; only known fields, so nothing else leaks into the rumor. */
export function serializePaymentMessage(message: PaymentMessage): string {
  const sent: Record<string, unknown> = {};
  for (const field of Object.keys(SENT_FIELDS) as (keyof PaymentMessage)[]) {
    sent[field] = message[field];
  }
  const { pairing, sale, fiat } = message;
  sent.pairing = pairing
    ? { id: pairing.id, mac: pairing.mac, ...(pairing.sig ? { sig: pairing.sig } : {}) }
    : undefined;
  sent.sale = sale ? canonicalRemoteSale(sale) : undefined;
  sent.fiat = fiat ? canonicalStatedFiat(fiat) : undefined;
  return JSON.stringify(sent);
}
