// The dev price feed's prices: fixed defaults, changes from tests, and the reply mempool's API gives.

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'AUD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** BTC price per currency; round on purpose: at 100 000 USD, one dollar is 1 000 sat. */
export const DEFAULT_PRICES: Record<Currency, number> = {
  USD: 100_000,
  EUR: 92_000,
  GBP: 79_000,
  CAD: 137_000,
  CHF: 88_000,
  AUD: 153_000,
  JPY: 15_000_000,
};

export class PriceBook {
  private prices: Record<Currency, number> = { ...DEFAULT_PRICES };
  /** unix seconds the reply says; the current time when null */
  private pinnedTime: number | null = null;

  /** The body of `GET /api/v1/prices`: `{time, USD, EUR, …}` as mempool answers it. */
  reply(): { time: number } & Record<Currency, number> {
    return { time: this.pinnedTime ?? Math.floor(Date.now() / 1000), ...this.prices };
  }

  /** Applies `{USD?: n, …, time?: n | null}`; returns an Error (and changes nothing) when invalid. */
  update(body: unknown): Error | undefined {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return new Error('body must be an object like {"USD": 65000}');
    }
    const next = { ...this.prices };
    let time = this.pinnedTime;
    for (const [key, value] of Object.entries(body)) {
      if (key === 'time') {
        if (
          value !== null &&
          (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        ) {
          return new Error('time must be unix seconds, or null for the current time');
        }
        time = value as number | null;
      } else if ((CURRENCIES as readonly string[]).includes(key)) {
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
          return new Error(`${key} must be a positive number`);
        }
        next[key as Currency] = value;
      } else {
        return new Error(`unknown currency ${key}; known: ${CURRENCIES.join(', ')}`);
      }
    }
    this.prices = next;
    this.pinnedTime = time;
    return undefined;
  }

  reset(): void {
    this.prices = { ...DEFAULT_PRICES };
    this.pinnedTime = null;
  }
}
