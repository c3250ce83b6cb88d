// Sats <-> fiat at a BTC price, in exact integer arithmetic (BigInt), and fiat amounts as text
// without Intl (the keypad's first paint must not wait for locale data).
import { currencyDecimals, type FiatRecord } from './currencies';

const SATS_PER_BTC = 100_000_000n;
/** Prices are taken to 8 decimals: enough for any currency, exact for the integers mempool gives. */
const PRICE_SCALE = 100_000_000n;

function scaledPrice(price: number): bigint {
  if (!Number.isFinite(price) || price <= 0) throw new RangeError('price must be positive');
  return BigInt(Math.round(price * Number(PRICE_SCALE)));
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

/** Minor units as a plain decimal string: 1234 with 2 decimals is "12.34", with 0 "1234". */
export function minorToText(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor)));
  if (decimals === 0) return sign + digits;
  const padded = digits.padStart(decimals + 1, '0');
  return `${sign}${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/** "12.34 USD": the code after the number reads the same in every locale. */
export function formatFiatMinor(minor: number, currency: string): string {
  return `${minorToText(minor, currencyDecimals(currency))} ${currency}`;
}

/** The record of a sale of `sats` at `price`: value in major units, rounded to the currency. */
export function fiatRecordFor(sats: number, currency: string, price: number): FiatRecord {
  const decimals = currencyDecimals(currency);
  const minor = satsToFiatMinor(sats, price, decimals);
  return { currency, price, value: Number(minorToText(minor, decimals)) };
}

/** A record's value as text with the currency's decimals: {value: 12.3, USD} is "12.30". */
export function fiatValueText(record: Pick<FiatRecord, 'value' | 'currency'>): string {
  const decimals = currencyDecimals(record.currency);
  return minorToText(Math.round(record.value * 10 ** decimals), decimals);
}

export function formatFiatRecord(record: Pick<FiatRecord, 'value' | 'currency'>): string {
  return `${fiatValueText(record)} ${record.currency}`;
}
