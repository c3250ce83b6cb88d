// Sats <-> fiat at a BTC price, in exact integer arithmetic (BigInt), and fiat amounts as text
// without Intl (the keypad's first paint must not wait for locale data). The `try…` forms never
// throw: what a screen renders goes through them.
import { currencyDecimals, type FiatRecord } from './currencies';
import { minorToText } from '../format-sats';

export { currencyDecimals, minorToText };

const SATS_PER_BTC = 100_000_000n;
/** Prices are taken to 8 decimals: enough for any currency, exact for the integers mempool gives. */
const PRICE_SCALE = 100_000_000n;
/** No amount of sats can be larger: 21 million BTC. */
export const MAX_SATS = 2_100_000_000_000_000;

function scaledPrice(price: number): bigint {
  const scaled = price * Number(PRICE_SCALE);
  // Below 5e-9 the price rounds to zero at 8 decimals: a division by zero, not a price.
  if (!Number.isFinite(scaled) || Math.round(scaled) < 1) {
    throw new RangeError('price must be a positive number of at least 1e-8');
  }
  return BigInt(Math.round(scaled));
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/**
 * Whole sats for a fiat amount in minor units (cents; yen for JPY) at `price` per BTC, rounded UP:
 * the merchant never receives less than the amount asked for.
 */
export function fiatMinorToSats(minor: number, price: number, decimals: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('amount must be whole');
  const num = BigInt(minor) * SATS_PER_BTC * PRICE_SCALE;
  const den = scaledPrice(price) * pow10(decimals);
  return Number((num + den - 1n) / den);
}

/** The fiat value of `sats` in minor units at `price` per BTC, rounded half up. */
export function satsToFiatMinor(sats: number, price: number, decimals: number): number {
  if (!Number.isSafeInteger(sats) || sats < 0) throw new RangeError('sats must be whole');
  const num = BigInt(sats) * scaledPrice(price) * pow10(decimals);
  const den = SATS_PER_BTC * PRICE_SCALE;
  return Number((num * 2n + den) / (den * 2n));
}

/**
 * The fiat value of `sats` in minor units at `price` per BTC, rounded UP: a sat-priced item charged
 * in a fiat unit never brings the merchant less than its sats were worth
 * (docs/decisions/0089-sat-prices-in-a-fiat-till.md).
 */
export function satsToFiatMinorUp(sats: number, price: number, decimals: number): number {
  if (!Number.isSafeInteger(sats) || sats < 0) throw new RangeError('sats must be whole');
  const num = BigInt(sats) * scaledPrice(price) * pow10(decimals);
  const den = SATS_PER_BTC * PRICE_SCALE;
  return Number((num + den - 1n) / den);
}

/**
 * Whole sats for a fiat amount, or undefined when there is no sound answer: a price that is not a
 * usable number, an amount that is not whole, or a result that is not a whole number of sats from
 * 1 to MAX_SATS. The caller refuses the amount (never charges a wrong one).
 */
export function tryFiatMinorToSats(
  minor: number,
  price: number,
  decimals: number,
): number | undefined {
  if (minor === 0) return undefined;
  try {
    const sats = fiatMinorToSats(minor, price, decimals);
    return Number.isSafeInteger(sats) && sats >= 1 && sats <= MAX_SATS ? sats : undefined;
  } catch {
    return undefined;
  }
}

/** The fiat value of `sats` in minor units, or undefined when it cannot be told exactly. */
export function trySatsToFiatMinor(
  sats: number,
  price: number,
  decimals: number,
): number | undefined {
  try {
    const minor = satsToFiatMinor(sats, price, decimals);
    return Number.isSafeInteger(minor) ? minor : undefined;
  } catch {
    return undefined;
  }
}

/** "12.34 USD": the code after the number reads the same in every locale. */
export function formatFiatMinor(minor: number, currency: string): string {
  return `${minorToText(minor, currencyDecimals(currency))} ${currency}`;
}

/**
 * The record of a sale of `sats` at `price` (taken at `time`, ms, when given): value in major
 * units, rounded to the currency.
 */
export function fiatRecordFor(
  sats: number,
  currency: string,
  price: number,
  time?: number,
): FiatRecord {
  const decimals = currencyDecimals(currency);
  const minor = satsToFiatMinor(sats, price, decimals);
  const record: FiatRecord = { currency, price, value: Number(minorToText(minor, decimals)) };
  return time === undefined ? record : { ...record, time };
}

/** fiatRecordFor, or undefined when the value cannot be told exactly (no record then). */
export function tryFiatRecordFor(
  sats: number,
  currency: string,
  price: number,
  time?: number,
): FiatRecord | undefined {
  if (trySatsToFiatMinor(sats, price, currencyDecimals(currency)) === undefined) return undefined;
  return fiatRecordFor(sats, currency, price, time);
}

/** A record's value as text with the currency's decimals: {value: 12.3, USD} is "12.30". */
export function fiatValueText(record: Pick<FiatRecord, 'value' | 'currency'>): string {
  const decimals = currencyDecimals(record.currency);
  return minorToText(Math.round(record.value * 10 ** decimals), decimals);
}

export function formatFiatRecord(record: Pick<FiatRecord, 'value' | 'currency'>): string {
  return `${fiatValueText(record)} ${record.currency}`;
}
