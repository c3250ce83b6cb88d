// Units of ecash a wallet holds (NUT-00/01: a keyset per unit): sat, or a fiat currency in its minor unit.
import { currencyDecimals, KNOWN_CURRENCIES } from '../prices/currencies';

/** Fiat units as mints name them (lowercase ISO 4217), the currencies the price source knows. */
export const FIAT_UNITS = ['usd', 'eur', 'gbp', 'cad', 'chf', 'aud', 'jpy'] as const;
export type FiatUnit = (typeof FIAT_UNITS)[number];
export type Unit = 'sat' | FiatUnit;

/** What every wallet written before units holds, and what a row with no unit means. */
export const SAT: Unit = 'sat';

export function isFiatUnit(value: unknown): value is FiatUnit {
  return typeof value === 'string' && (FIAT_UNITS as readonly string[]).includes(value);
}

export function isUnit(value: unknown): value is Unit {
  return value === 'sat' || isFiatUnit(value);
}

/**
 * A mint's unit name read as one the wallet can hold, or undefined (msat, auth, a currency the
 * app does not know): such keysets are left alone, never counted as sats.
 */
export function parseUnit(value: unknown): Unit | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.toLowerCase();
  return isUnit(lower) ? lower : undefined;
}

/** The stored unit of a row: rows written before units carry none and are sats (docs/protocol.md). */
export function storedUnit(value: unknown): Unit {
  return parseUnit(value) ?? SAT;
}

/** The ISO code the formats and the price source use: "USD" for usd. */
export function unitCurrency(unit: FiatUnit): (typeof KNOWN_CURRENCIES)[number] {
  return unit.toUpperCase() as (typeof KNOWN_CURRENCIES)[number];
}

/** Decimal places of one major unit: none for sat (whole sats), 2 for usd, 0 for jpy. */
export function unitDecimals(unit: Unit): number {
  return unit === 'sat' ? 0 : currencyDecimals(unitCurrency(unit));
}
