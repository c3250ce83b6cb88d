// A remote cashier's fiat record as its message states it, and the merchant's checks of it: its
// shape and its sum when the quote is taken, its price beside the merchant's own when it is paid
// (docs/protocol.md "The payment message", decision 0046).
import { satsToFiatMinor } from './convert';
import { currencyDecimals, KNOWN_CURRENCIES, type FiatRecord } from './currencies';
import { likelyPrice, FUTURE_SKEW_MS } from './price-checks';

/** The cashier's price may differ from the merchant's own by this fraction; further, it is not used. */
export const MAX_STATED_PRICE_GAP = 0.1;
/** The stated value may be off the value of the sats at the stated price by this many minor units. */
const VALUE_TOLERANCE_MINOR = 1;
/** Bitcoin's first block (ms): a price cannot be older. */
const EARLIEST_PRICE_TIME = Date.UTC(2009, 0, 3);

/**
 * The known fields of a stated record in a fixed order, values as sent (checked later against
 * the mint's amount), so the pairing proof covers the same bytes on both sides; undefined when
 * `value` is not an object at all.
 */
export function canonicalStatedFiat(value: unknown): FiatRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const record = { currency: raw.currency, price: raw.price, value: raw.value } as FiatRecord;
  if (raw.time !== undefined) record.time = raw.time as number;
  return record;
}

/** The bytes of a stated record the pairing proof covers. */
export function provenFiatText(fiat: FiatRecord): string {
  return JSON.stringify(canonicalStatedFiat(fiat) ?? null);
}

const isKnownCurrency = (value: unknown): value is string =>
  (KNOWN_CURRENCIES as readonly unknown[]).includes(value);

/**
 * The stated record for a sale of `sats` (the mint's amount), or why it is not one: a currency the
 * app does not offer, a price out of reason, a time not a past instant, or a value that is not the
 * sats at that price to the minor unit (rounding either way).
 */
export function checkStatedFiat(value: unknown, sats: number, now: number): FiatRecord | string {
  const stated = canonicalStatedFiat(value);
  if (!stated) return 'not a record';
  const { currency, price, value: amount, time } = stated;
  if (!isKnownCurrency(currency)) return 'unknown currency';
  if (typeof price !== 'number' || !likelyPrice(currency, price)) return 'price out of reason';
  if (
    time !== undefined &&
    (!Number.isSafeInteger(time) || time < EARLIEST_PRICE_TIME || time > now + FUTURE_SKEW_MS)
  ) {
    return 'malformed price time';
  }
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    return 'malformed value';
  }
  const decimals = currencyDecimals(currency);
  const minor = Math.round(amount * 10 ** decimals);
  if (!Number.isSafeInteger(minor) || Math.abs(amount * 10 ** decimals - minor) > 1e-6) {
    return 'value is not in whole minor units';
  }
  let expected: number;
  try {
    expected = satsToFiatMinor(sats, price, decimals);
  } catch {
    return 'price out of reason';
  }
  if (Math.abs(minor - expected) > VALUE_TOLERANCE_MINOR) return 'value does not match the sats';
  return stated;
}

/**
 * The record a remote sale keeps: the cashier's checked record while the merchant has no price of
 * its own in that currency or its price is within MAX_STATED_PRICE_GAP of the merchant's; else the
 * merchant's own, noting the cashier's price it did not use (decision 0046).
 */
export function chooseRemoteFiat(
  stated: FiatRecord | undefined,
  own: FiatRecord | undefined,
): { record: FiatRecord | undefined; note?: string } {
  if (!stated) return { record: own };
  if (!own) return { record: stated };
  if (own.currency !== stated.currency) {
    return { record: own, note: `the cashier's record is in ${stated.currency}` };
  }
  if (Math.abs(stated.price / own.price - 1) > MAX_STATED_PRICE_GAP) {
    return {
      record: { ...own, cashierPrice: stated.price },
      note: `the cashier's price ${stated.price} is over ${MAX_STATED_PRICE_GAP * 100} % from ${own.price}`,
    };
  }
  return { record: stated };
}
