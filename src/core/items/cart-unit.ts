// A line's price in the unit its cart charges in: sats as before, or the minor units of a till's
// fiat unit, where the till's currency is taken as it is and sats are converted at the price feed's
// rate, rounded up to the cent (docs/decisions/0089-sat-prices-in-a-fiat-till.md).
import { MAX_SATS, satsToFiatMinorUp } from '../prices/convert';
import { currencyDecimals } from '../prices/currencies';
import { unitCurrency, type FiatUnit } from '../units/unit';
import type { ItemPrice } from './item';

/** The BTC price a price in another unit is converted at (the shop's display currency's). */
export interface RateUsed {
  currency: string;
  price: number;
}

/**
 * Why a line has no price in a fiat till: 'other-currency' for a price in a currency the till does
 * not charge in (it is refused, never converted twice through bitcoin), 'no-rate' for a price in
 * sats while the feed has no usable price of the till's currency.
 */
export type UnitPriceProblem = 'other-currency' | 'no-rate';

export type UnitPrice =
  | { ok: true; minor: number; converted: boolean }
  | { ok: false; problem: UnitPriceProblem; currency: string };

/** The most minor units a fiat cart may hold: its total stays a safe integer. */
const MAX_MINOR = MAX_SATS;

/** `price` in minor units of `unit`: `converted` when it came from sats at `used`'s rate. */
export function priceInUnit(
  price: ItemPrice,
  unit: FiatUnit,
  used: RateUsed | undefined,
): UnitPrice {
  const code = unitCurrency(unit);
  if (price.unit === 'fiat') {
    return price.currency === code
      ? { ok: true, minor: price.minor, converted: false }
      : { ok: false, problem: 'other-currency', currency: price.currency };
  }
  if (!used || used.currency !== code) return { ok: false, problem: 'no-rate', currency: code };
  try {
    const minor = satsToFiatMinorUp(price.sats, used.price, currencyDecimals(code));
    return Number.isSafeInteger(minor) && minor >= 1 && minor <= MAX_MINOR
      ? { ok: true, minor, converted: true }
      : { ok: false, problem: 'no-rate', currency: code };
  } catch {
    return { ok: false, problem: 'no-rate', currency: code };
  }
}
