// What a price must be before the till charges by it (docs/protocol.md "Price source"): a likely
// BTC price in its currency, a time not in the future, and no wild jump from the last price taken.
import { errorWords } from '../errors';
import { PriceReplyError } from './errors';

/** A reply's time may be this far ahead of the device's clock (clocks drift); further is refused. */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;
/** A move larger than this fraction from the last price taken is held for the merchant to confirm… */
export const JUMP_FRACTION = 0.2;
/** …when that price was taken within this long; an older one is no reference any more. */
export const JUMP_WINDOW_MS = 60 * 60 * 1000;

/**
 * The BTC prices a feed may plausibly answer, per currency: orders of magnitude around today's, so
 * only a feed that is broken or lying (1e12, 1e-9) is refused, never a real market move.
 */
const USD_LIKE = [100, 100_000_000] as const;
const LIKELY: Readonly<Record<string, readonly [number, number]>> = {
  USD: USD_LIKE,
  EUR: USD_LIKE,
  GBP: USD_LIKE,
  CAD: USD_LIKE,
  CHF: USD_LIKE,
  AUD: USD_LIKE,
  JPY: [10_000, 10_000_000_000],
};
/** Any other currency code: from a currency worth 100 dollars a unit to one worth a millionth. */
const ANY_CURRENCY = [1, 1e13] as const;

export const PRICE_REPLY_FUTURE = "The price source's time is in the future";
/** With its catalog key (decision 0063); the price is passed as written, not as sats. */
export const priceReplyUnlikelyWords = (currency: string, price: number) =>
  errorWords(
    'PRICE_ERR_UNLIKELY',
    { currency, price: String(price) },
    `The price source answered an unlikely price for ${currency} (${price})`,
  );
export const priceReplyUnlikely = (currency: string, price: number) =>
  priceReplyUnlikelyWords(currency, price).message;

export function likelyPrice(currency: string, price: number): boolean {
  const [low, high] = LIKELY[currency] ?? ANY_CURRENCY;
  return Number.isFinite(price) && price >= low && price <= high;
}

/** Throws PriceReplyError when the reply's time (unix s) is ahead of `now` (ms) by more than the skew. */
export function checkReplyTime(timeSeconds: number, now: number): void {
  if (timeSeconds * 1000 > now + FUTURE_SKEW_MS) throw new PriceReplyError(PRICE_REPLY_FUTURE);
}

/** The move from `last` to `next` as a signed fraction: 100 → 150 is 0.5, 100 → 50 is -0.5. */
export function priceMove(last: number, next: number): number {
  return next / last - 1;
}

export function isJump(last: number, next: number): boolean {
  const move = priceMove(last, next);
  // A NaN move (never for checked prices) counts as a jump: it is not within reason.
  return !(Math.abs(move) <= JUMP_FRACTION);
}

/**
 * A cached table as it may be used: prices out of reason dropped, and nothing at all when its time
 * was ahead of its fetch. A cache written before these checks (or edited on the device) may hold
 * either; a time ahead would never turn stale.
 */
export function checkedTable<T extends { time: number; fetchedAt: number; prices: object }>(
  table: T | undefined,
): T | undefined {
  if (!table || table.time * 1000 > table.fetchedAt + FUTURE_SKEW_MS) return undefined;
  const prices: Record<string, number> = {};
  for (const [currency, price] of Object.entries(table.prices)) {
    if (typeof price === 'number' && likelyPrice(currency, price)) prices[currency] = price;
  }
  return { ...table, prices };
}
