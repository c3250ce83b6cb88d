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
 * The merchant's own price for a remote sale while its till holds a jump (decision 0025): the
 * record at the last price it accepted, and at the held one. Not a price its keypad may use, but
 * what a cashier's price is checked against all the same (decision 0053).
 */
export interface HeldFiat {
  kind: 'held';
  accepted: FiatRecord;
  held: FiatRecord;
}

/** The merchant's side of the check: a record it may use, a held jump, or none. */
export type OwnFiat = FiatRecord | HeldFiat;

export function isHeldFiat(own: OwnFiat | undefined): own is HeldFiat {
  return own !== undefined && 'kind' in own && own.kind === 'held';
}

const near = (stated: FiatRecord, own: FiatRecord) =>
  Math.abs(stated.price / own.price - 1) <= MAX_STATED_PRICE_GAP;

type Choice = { record: FiatRecord | undefined; note?: string };

/**
 * The record a remote sale keeps: the cashier's checked record while the merchant has no price of
 * its own in that currency or its price is within MAX_STATED_PRICE_GAP of the merchant's; else the
 * merchant's own, noting the cashier's price it did not use (decision 0046). While the merchant's
 * price is held, the cashier's is checked against both of its prices (decision 0053).
 */
export function chooseRemoteFiat(stated: FiatRecord | undefined, own: OwnFiat | undefined): Choice {
  if (isHeldFiat(own)) return besideHeld(stated, own);
  if (!stated) return { record: own };
  if (!own) return { record: stated };
  if (own.currency !== stated.currency) {
    return { record: own, note: `the cashier's record is in ${stated.currency}` };
  }
  if (!near(stated, own)) {
    return {
      record: { ...own, cashierPrice: stated.price },
      note: `the cashier's price ${stated.price} is over ${MAX_STATED_PRICE_GAP * 100} % from ${own.price}`,
    };
  }
  return { record: stated };
}

/**
 * The merchant holds a jump: a sale without a cashier's record stays in sats, as the keypad does.
 * The cashier's record stands when it is near the price the merchant accepted last; near the held
 * one, it stands marked as priced at a held price; near neither (or in another currency), the sale
 * gets the merchant's last accepted price with the cashier's noted, as beyond 10 % of a usable one.
 */
function besideHeld(stated: FiatRecord | undefined, own: HeldFiat): Choice {
  if (!stated) return { record: undefined };
  const { accepted, held } = own;
  if (accepted.currency !== stated.currency) {
    return { record: accepted, note: `the cashier's record is in ${stated.currency}` };
  }
  if (near(stated, accepted)) return { record: stated };
  if (near(stated, held)) {
    return {
      record: { ...stated, heldPrice: held.price },
      note: `the cashier's price ${stated.price} is near ${held.price}, a price this till holds`,
    };
  }
  return {
    record: { ...accepted, cashierPrice: stated.price },
    note: `the cashier's price ${stated.price} is over ${MAX_STATED_PRICE_GAP * 100} % from ${accepted.price} and from the held ${held.price}`,
  };
}
