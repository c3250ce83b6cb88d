// Display currencies: which the app offers, their minor-unit decimals, and the fiat record a sale keeps.

/** What every price source in the shape of mempool's /api/v1/prices offers at least. */
export const KNOWN_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'AUD', 'JPY'] as const;

/** ISO 4217 minor units where they are not 2 (JPY has none). */
const DECIMALS: Readonly<Record<string, number>> = { JPY: 0, KRW: 0, CLP: 0, ISK: 0 };

export function currencyDecimals(currency: string): number {
  return DECIMALS[currency] ?? 2;
}

/** Three capital letters, as the price reply names them. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
}

/**
 * The fiat side of a sale, fixed when it was taken: the display currency, the BTC price in it that
 * was used with the source's time for that price, and the value in major units (rounded to the
 * currency's decimals).
 */
export interface FiatRecord {
  currency: string;
  price: number;
  value: number;
  /** the price source's time for `price` (unix ms); missing on records made before it was kept */
  time?: number;
  /**
   * A remote sale only: the price its cashier stated and the merchant did not use, being more
   * than 10 % from its own (decision 0046).
   */
  cashierPrice?: number;
  /**
   * A remote sale only: the price this record uses is near a jump the merchant's till was holding
   * (not accepted) when the sale was paid; the held price (decision 0053).
   */
  heldPrice?: number;
}
