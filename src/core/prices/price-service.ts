// The merchant's display currency and its BTC price: settings, a cached price table with its time,
// and what the keypad and the records may use (docs/behaviour.md "Prices in the merchant's currency").
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import type { Clock } from '../ports';
import { fiatRecordFor } from './convert';
import { KNOWN_CURRENCIES, currencyDecimals, isCurrencyCode, type FiatRecord } from './currencies';
import { PriceReplyError, PriceUnavailableError } from './errors';
import { parsePriceReply, type PriceTable } from './price-reply';

/** A price older than this (by the source's own time) is shown as stale. */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** A cached table younger than this is used without asking the source again. */
export const REFRESH_AFTER_MS = 60 * 1000;
/** How long the source may take before it counts as unreachable. */
export const PRICE_TIMEOUT_MS = 5_000;

export const INVALID_PRICE_URL = 'Price source URL must start with http:// or https://';
export const INVALID_CURRENCY = 'Display currency must be sats only or a currency code like USD';

export interface PriceSettings {
  /** null: sats only (the default) */
  currency: string | null;
  url: string;
}

/** A price table as cached, with the source it came from. */
export interface PriceCache extends PriceTable {
  url: string;
  /** when this device fetched it (ms) */
  fetchedAt: number;
}

/** Where the settings and the cache live (storage/price-store.ts on the config table). */
export interface PriceStore {
  getSettings(): Promise<PriceSettings>;
  saveSettings(settings: PriceSettings): Promise<void>;
  getCache(): Promise<PriceCache | undefined>;
  putCache(cache: PriceCache): Promise<void>;
}

/** What the keypad and the records see. */
export type PriceView =
  /** sats only */
  | { kind: 'off' }
  /** a currency is chosen but no price could be had: sats only, with a note */
  | { kind: 'unavailable'; currency: string; reason: string }
  | {
      kind: 'price';
      currency: string;
      decimals: number;
      /** BTC price in the currency */
      price: number;
      /** the source's time for this price (ms) */
      time: number;
      stale: boolean;
    };

export type PriceFetch = (
  url: string,
  init: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

export interface PriceServiceDeps {
  store: PriceStore;
  fetch: PriceFetch;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
}

export function checkPriceSettings(settings: PriceSettings): PriceSettings {
  const url = settings.url.trim();
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new ValidationError(INVALID_PRICE_URL);
  }
  const currency = settings.currency === '' ? null : settings.currency;
  if (currency !== null && !isCurrencyCode(currency)) throw new ValidationError(INVALID_CURRENCY);
  return { currency, url };
}

export class PriceService {
  private inFlight: Promise<PriceCache> | null = null;

  constructor(private readonly deps: PriceServiceDeps) {}

  settings(): Promise<PriceSettings> {
    return this.deps.store.getSettings();
  }

  /** Validates and stores; bad input throws ValidationError and changes nothing. */
  async saveSettings(settings: PriceSettings): Promise<void> {
    await this.deps.store.saveSettings(checkPriceSettings(settings));
  }

  /** The currencies the source offers (last table fetched), or the known list before any. */
  async currencies(): Promise<string[]> {
    const cache = await this.deps.store.getCache().catch(() => undefined);
    const offered = cache ? Object.keys(cache.prices).sort() : [];
    return offered.length > 0 ? offered : [...KNOWN_CURRENCIES];
  }

  /**
   * Asks the source now and caches the table. PriceUnavailableError when it cannot be reached,
   * PriceReplyError when its answer is not a valid table; the cache is then left as it was.
   */
  async refresh(url?: string): Promise<PriceCache> {
    const source = url ?? (await this.deps.store.getSettings()).url;
    this.inFlight ??= this.fetchTable(source).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async fetchTable(url: string): Promise<PriceCache> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs ?? PRICE_TIMEOUT_MS);
    let body: string;
    try {
      const res = await this.deps.fetch(url, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new PriceUnavailableError(`Price source answered HTTP ${res.status}`);
      body = await res.text();
    } catch (cause) {
      if (cause instanceof PriceUnavailableError) throw cause;
      throw new PriceUnavailableError('Price source unreachable', { cause });
    } finally {
      clearTimeout(timer);
    }
    const table = parsePriceReply(body);
    const cache: PriceCache = { ...table, url, fetchedAt: this.deps.clock() };
    await this.deps.store.putCache(cache);
    return cache;
  }

  /**
   * The display currency's price: the cache when recent, else the source, else an older cache
   * (stale when the source's time is over 10 minutes ago). Never rejects.
   */
  async current(): Promise<PriceView> {
    let settings: PriceSettings;
    try {
      settings = await this.deps.store.getSettings();
    } catch (error) {
      this.deps.logger.warn('Could not read the price settings', error);
      return { kind: 'off' };
    }
    const { currency, url } = settings;
    if (currency === null) return { kind: 'off' };
    const now = this.deps.clock();
    let cache = await this.deps.store.getCache().catch(() => undefined);
    if (cache && cache.url !== url) cache = undefined;
    let reason = '';
    if (!cache || now - cache.fetchedAt >= REFRESH_AFTER_MS || !(currency in cache.prices)) {
      try {
        cache = await this.refresh(url);
      } catch (error) {
        reason = error instanceof PriceReplyError ? error.message : 'unreachable';
        this.deps.logger.warn('Could not refresh prices', error);
      }
    }
    const price = cache?.prices[currency];
    if (!cache || price === undefined) {
      return { kind: 'unavailable', currency, reason: reason || 'no price for this currency' };
    }
    const time = cache.time * 1000;
    return {
      kind: 'price',
      currency,
      decimals: currencyDecimals(currency),
      price,
      time,
      stale: now - time > STALE_AFTER_MS,
    };
  }

  /** The fiat record of `sats` at the current price; undefined for sats only or no price. */
  async fiatFor(sats: number): Promise<FiatRecord | undefined> {
    const view = await this.current();
    return view.kind === 'price' ? fiatRecordFor(sats, view.currency, view.price) : undefined;
  }
}
