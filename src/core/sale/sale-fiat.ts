// The fiat record a sale is charged with, fixed at the price shown as Submit or Charge is pressed
// (docs/behaviour.md "Prices in the merchant's currency"). Loaded with the conversion code, after
// the keypad's first paint.
import { minorToText, tryFiatMinorToSats, tryFiatRecordFor } from '../prices/convert';
import { currencyDecimals, type FiatRecord } from '../prices/currencies';
import { keypadSale, type Sale } from './sale';

/** A usable price of the display currency: BTC in `currency`, taken at `time` (ms) when known. */
export interface SalePrice {
  currency: string;
  price: number;
  time?: number;
}

/** The record of `sats` at `price`; undefined without a price or when the value cannot be exact. */
export function fiatAt(sats: number, price: SalePrice | undefined): FiatRecord | undefined {
  return price ? tryFiatRecordFor(sats, price.currency, price.price, price.time) : undefined;
}

/** A keypad sale typed in sats: its record at `price` when there is one. */
export function satsSale(sats: number, price: SalePrice | undefined): Sale {
  return keypadSale(sats, fiatAt(sats, price));
}

/**
 * A keypad sale typed in the currency's minor units: the sats rounded up (the merchant never gets
 * less than asked) and the record of the typed value itself; undefined when it cannot be converted
 * exactly (never a guess: no sale rather than one for a wrong amount).
 */
export function typedFiatSale(minor: number, price: SalePrice): Sale | undefined {
  const decimals = currencyDecimals(price.currency);
  const sats = tryFiatMinorToSats(minor, price.price, decimals);
  if (sats === undefined) return undefined;
  const record: FiatRecord = {
    currency: price.currency,
    price: price.price,
    value: Number(minorToText(minor, decimals)),
    ...(price.time === undefined ? {} : { time: price.time }),
  };
  return keypadSale(sats, record);
}
