// The merchant's display currency and its BTC price: settings, a cached price table with its time,
// and what the keypad and the records may use (docs/behaviour.md "Prices in the merchant's currency").
import { errorWords, ValidationError } from '../errors';
import type { Logger } from '../logger';
import type { Clock } from '../clock';
import { tryFiatRecordFor } from './convert';
import { KNOWN_CURRENCIES, currencyDecimals, isCurrencyCode, type FiatRecord } from './currencies';
import { PriceJumpError, PriceReplyError, PriceUnavailableError, type PricePoint } from './errors';
import { checkedTable, checkReplyTime, isJump, JUMP_WINDOW_MS, priceMove } from './price-checks';
import { parsePriceReply, type PriceTable } from './price-reply';
import type { OwnFiat } from './stated-fiat';

/** A price older than this (by the source's own time) is stale: not used, sats only. */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** A cached table younger than this is used without asking the source again. */
export const REFRESH_AFTER_MS = 60 * 1000;
/** How long the source may take before it counts as unreachable. */
export const PRICE_TIMEOUT_MS = 5_000;

export const INVALID_PRICE_URL = 'Price source URL must start with http:// or https://';
export const INVALID_CURRENCY = 'Display currency must be sats only or a currency code like USD';
/** With its catalog key (decision 0063); prices and the move are passed as written. */
export const priceJumpedWords = (currency: string, last: number, next: number, percent: string) =>
  errorWords(
    'PRICE_ERR_JUMPED',
    { currency, last: String(last), next: String(next), percent },
    `The price moved ${percent} in under an hour, from ${last} to ${next} ${currency}`,
  );
export const PRICE_UNREACHABLE = 'Price source unreachable';
export const priceHttpWords = (status: number) =>
  errorWords('PRICE_ERR_HTTP', { status: String(status) }, `Price source answered HTTP ${status}`);

/** "+50 %", "-20.5 %": the move as the merchant reads it. */
export function movePercent(last: number, next: number): string {
  const percent = Math.round(priceMove(last, next) * 1000) / 10;
  return `${percent > 0 ? '+' : ''}${percent} %`;
}

/** The host of a source URL, as the keypad names it. */
export function sourceHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

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

/**
 * Where the last price taken lives: the reference a jump is measured from, so it must outlive the
 * page (a reload that forgot it would take any jump; decision 0053).
 */
export interface PriceCacheStore {
  getCache(): Promise<PriceCache | undefined>;
  putCache(cache: PriceCache): Promise<void>;
}

/** Where the settings and the cache live (storage/shop/price-store.ts on the config table). */
export interface PriceStore extends PriceCacheStore {
  getSettings(): Promise<PriceSettings>;
  saveSettings(settings: PriceSettings): Promise<void>;
}

/** Why a chosen currency has no price to use: the keypad takes sats and says so. */
export type PriceProblem =
  /** the source cannot be reached and nothing usable is cached */
  | 'unreachable'
  /** the source's last reply was refused (detail: why) */
  | 'refused'
  /** the source offers no price in this currency */
  | 'no-price'
  /** the price jumped and the merchant chose to keep sats only */
  | 'declined';

/** What the keypad and the records see. */
export type PriceView =
  /** sats only */
  | { kind: 'off' }
  /** a currency is chosen but no price may be used: sats only, with a note saying why */
  | { kind: 'unavailable'; currency: string; reason: PriceProblem; detail?: string }
  /** the source's price moved too far too fast: sats only until the merchant confirms it */
  | {
      kind: 'jump';
      currency: string;
      decimals: number;
      /** the source's host */
      source: string;
      /** the move as the merchant reads it, "+50 %" */
      percent: string;
      last: PricePoint;
      next: PricePoint;
    }
  | {
      kind: 'price';
      currency: string;
      decimals: number;
      /** BTC price in the currency */
      price: number;
      /** the source's time for this price (ms) */
      time: number;
      /** the source's host, shown beside the price */
      source: string;
      /** over 10 minutes old: not used, sats only */
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

/** A reply held for the merchant to confirm: it is stored only when they do. */
interface HeldPrice {
  url: string;
  currency: string;
  cache: PriceCache;
  last: PricePoint;
  next: PricePoint;
}

export class PriceService {
  private inFlight: Promise<PriceCache> | null = null;
  /** The source's last reply was refused: sats only until it answers within reason. */
  private refused: { url: string; detail: string } | null = null;
  private held: HeldPrice | null = null;
  /**
   * The merchant kept sats only rather than take a jump; cleared by the next price taken. The
   * jump's prices stay known: a remote sale is still checked against them (decision 0053).
   */
  private declined: { url: string; currency: string; last: PricePoint; next: PricePoint } | null =
    null;

  constructor(private readonly deps: PriceServiceDeps) {}

  settings(): Promise<PriceSettings> {
    return this.deps.store.getSettings();
  }

  /** Validates and stores; bad input throws ValidationError and changes nothing. */
  async saveSettings(settings: PriceSettings): Promise<void> {
    await this.deps.store.saveSettings(checkPriceSettings(settings));
    // Saving asks the source again on purpose: a jump kept out before may be offered again.
    this.declined = null;
  }

  /** The currencies the source offers (last table fetched), or the known list before any. */
  async currencies(): Promise<string[]> {
    const cache = await this.cached();
    const offered = cache ? Object.keys(cache.prices).sort() : [];
    return offered.length > 0 ? offered : [...KNOWN_CURRENCIES];
  }

  /**
   * Asks the source now and caches the table. PriceUnavailableError when it cannot be reached,
   * PriceReplyError when its answer is not a valid table or its time is in the future,
   * PriceJumpError when the display currency's price moved too far since the last price taken
   * within the hour (held for acceptNewPrice); the cache is then left as it was.
   */
  async refresh(url?: string): Promise<PriceCache> {
    const settings = await this.deps.store.getSettings();
    const source = url ?? settings.url;
    this.inFlight ??= this.fetchChecked(source, settings.currency).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** The stored table, checked again as it is read (price-checks.ts `checkedTable`). */
  private async cached(): Promise<PriceCache | undefined> {
    return checkedTable(await this.deps.store.getCache().catch(() => undefined));
  }

  /** Takes the held price if it is still `price` (what the merchant saw); else changes nothing. */
  async acceptNewPrice(price: number): Promise<boolean> {
    const held = this.held;
    if (!held || held.next.price !== price) return false;
    await this.deps.store.putCache(held.cache);
    this.held = null;
    this.declined = null;
    return true;
  }

  /** The merchant keeps sats only rather than take the held price. */
  async keepSatsOnly(): Promise<void> {
    const held = this.held;
    if (!held) return;
    this.declined = { url: held.url, currency: held.currency, last: held.last, next: held.next };
    this.held = null;
  }

  private async fetchBody(url: string): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs ?? PRICE_TIMEOUT_MS);
    try {
      const res = await this.deps.fetch(url, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new PriceUnavailableError(priceHttpWords(res.status));
      return await res.text();
    } catch (cause) {
      if (cause instanceof PriceUnavailableError) throw cause;
      throw new PriceUnavailableError(PRICE_UNREACHABLE, { cause });
    } finally {
      clearTimeout(timer);
    }
  }

  private async fetchChecked(url: string, currency: string | null): Promise<PriceCache> {
    const body = await this.fetchBody(url);
    const now = this.deps.clock();
    let table: PriceTable;
    try {
      table = parsePriceReply(body);
      checkReplyTime(table.time, now);
    } catch (error) {
      if (error instanceof PriceReplyError) {
        this.refused = { url, detail: error.message };
        this.held = null;
      }
      throw error;
    }
    this.refused = null;
    const next: PriceCache = { ...table, url, fetchedAt: now };
    const previous = await this.cached();
    const jump = currency ? this.jumpFrom(previous, next, currency) : undefined;
    if (currency && jump) {
      const declined = this.declined?.url === url && this.declined.currency === currency;
      this.held = declined ? null : { url, currency, cache: next, ...jump };
      if (declined) this.declined = { url, currency, ...jump };
      const message = priceJumpedWords(
        currency,
        jump.last.price,
        jump.next.price,
        movePercent(jump.last.price, jump.next.price),
      );
      throw new PriceJumpError(message, currency, jump.last, jump.next, declined);
    }
    await this.deps.store.putCache(next);
    this.held = null;
    this.declined = null;
    return next;
  }

  /** The move to hold, when the last price taken from this source is under an hour old. */
  private jumpFrom(
    previous: PriceCache | undefined,
    next: PriceCache,
    currency: string,
  ): { last: PricePoint; next: PricePoint } | undefined {
    if (!previous || previous.url !== next.url) return undefined;
    if (next.fetchedAt - previous.fetchedAt >= JUMP_WINDOW_MS) return undefined;
    const last = previous.prices[currency];
    const price = next.prices[currency];
    if (last === undefined || price === undefined || !isJump(last, price)) return undefined;
    return {
      last: { price: last, time: previous.time * 1000 },
      next: { price, time: next.time * 1000 },
    };
  }

  /**
   * The display currency's price: the cache when recent, else the source, else an older cache.
   * Sats only (with the reason) while the source's last reply was refused, a jump waits for the
   * merchant or was kept out, or the price is stale. Never rejects. With `refresh: false` the
   * stored price is taken however old, so a screen can show it at once and ask again after.
   */
  async current({ refresh = true }: { refresh?: boolean } = {}): Promise<PriceView> {
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
    let cache = await this.cached();
    if (cache && cache.url !== url) cache = undefined;
    let reason: PriceProblem | undefined;
    const due = !cache || now - cache.fetchedAt >= REFRESH_AFTER_MS || !(currency in cache.prices);
    if (refresh && due) {
      try {
        cache = await this.refresh(url);
      } catch (error) {
        if (!(error instanceof PriceReplyError) && !(error instanceof PriceJumpError)) {
          reason = 'unreachable';
        }
        this.deps.logger.warn('Could not refresh prices', error);
      }
    }
    const source = sourceHost(url);
    if (this.refused?.url === url) {
      return { kind: 'unavailable', currency, reason: 'refused', detail: this.refused.detail };
    }
    const held = this.held;
    if (held?.url === url && held.currency === currency) {
      const decimals = currencyDecimals(currency);
      const percent = movePercent(held.last.price, held.next.price);
      return {
        kind: 'jump',
        currency,
        decimals,
        source,
        percent,
        last: held.last,
        next: held.next,
      };
    }
    if (this.declined?.url === url && this.declined.currency === currency) {
      return { kind: 'unavailable', currency, reason: 'declined' };
    }
    const price = cache?.prices[currency];
    if (!cache || price === undefined) {
      return { kind: 'unavailable', currency, reason: reason ?? 'no-price' };
    }
    const time = cache.time * 1000;
    return {
      kind: 'price',
      currency,
      decimals: currencyDecimals(currency),
      price,
      time,
      source,
      stale: now - time > STALE_AFTER_MS,
    };
  }

  /**
   * The merchant's side of a remote sale of `sats`, checked against its cashier's record
   * (stated-fiat.ts `chooseRemoteFiat`): as `fiatFor`, or, while a jump is held or was kept out,
   * the records at the last price taken and at the held one (decision 0053).
   */
  async remoteFiatFor(sats: number): Promise<OwnFiat | undefined> {
    const view = await this.current();
    if (view.kind === 'price') {
      return view.stale ? undefined : tryFiatRecordFor(sats, view.currency, view.price, view.time);
    }
    const declined = this.declined;
    const jump =
      view.kind === 'jump'
        ? view
        : view.kind === 'unavailable' &&
            view.reason === 'declined' &&
            declined?.currency === view.currency
          ? declined
          : undefined;
    if (!jump || view.kind === 'off') return undefined;
    const { currency } = view;
    const accepted = tryFiatRecordFor(sats, currency, jump.last.price, jump.last.time);
    const held = tryFiatRecordFor(sats, currency, jump.next.price, jump.next.time);
    return accepted && held ? { kind: 'held', accepted, held } : undefined;
  }

  /**
   * The fiat record of `sats` at the current price with its time; undefined for sats only, no
   * price, a stale or held one, or a value that cannot be told exactly.
   */
  async fiatFor(sats: number): Promise<FiatRecord | undefined> {
    const view = await this.current();
    if (view.kind !== 'price' || view.stale) return undefined;
    return tryFiatRecordFor(sats, view.currency, view.price, view.time);
  }
}
