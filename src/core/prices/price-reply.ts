// Strict reading of a price reply in the shape of mempool's /api/v1/prices: {"time": s, "USD": n, …}.
import {
  PRICE_REPLY_NOT_JSON,
  PRICE_REPLY_NOT_OBJECT,
  PRICE_REPLY_BAD_TIME,
  PRICE_REPLY_EMPTY,
} from './texts.json';
import { isCurrencyCode } from './currencies';
import { PriceReplyError } from './errors';
import { errorWords } from '../errors';
import { likelyPrice, priceReplyUnlikelyWords } from './price-checks';

export interface PriceTable {
  /** unix seconds the source gives for these prices */
  time: number;
  /** BTC price per currency code, each positive and finite */
  prices: Record<string, number>;
}

export const priceReplyBadPriceWords = (key: string) =>
  errorWords(
    'PRICE_ERR_BAD_PRICE',
    { currency: key },
    `The price source answered an invalid price for ${key}`,
  );
export const priceReplyBadPrice = (key: string) => priceReplyBadPriceWords(key).message;

/**
 * Reads the reply body; throws PriceReplyError on anything but an object with a non-negative
 * integer `time` and only positive finite numbers under currency codes (at least one), each a
 * likely BTC price in its currency (price-checks.ts). Keys that are not currency codes are
 * ignored, so a source may add fields.
 */
export function parsePriceReply(body: string): PriceTable {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (cause) {
    throw new PriceReplyError(PRICE_REPLY_NOT_JSON, { cause });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new PriceReplyError(PRICE_REPLY_NOT_OBJECT);
  }
  const record = parsed as Record<string, unknown>;
  const time = record.time;
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0) {
    throw new PriceReplyError(PRICE_REPLY_BAD_TIME);
  }
  const prices: Record<string, number> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'time' || !isCurrencyCode(key)) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new PriceReplyError(priceReplyBadPriceWords(key));
    }
    if (!likelyPrice(key, value)) throw new PriceReplyError(priceReplyUnlikelyWords(key, value));
    prices[key] = value;
  }
  if (Object.keys(prices).length === 0) throw new PriceReplyError(PRICE_REPLY_EMPTY);
  return { time, prices };
}
