// The price service: cached prices with their time, stale after 10 minutes, sats when unreachable,
// malformed replies refused without touching the cache.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { silentLogger } from '../logger';
import { PriceJumpError, PriceReplyError, PriceUnavailableError } from './errors';
import {
  INVALID_CURRENCY,
  INVALID_PRICE_URL,
  PriceService,
  type PriceCache,
  type PriceFetch,
  type PriceSettings,
  type PriceStore,
} from './price-service';

const URL_A = 'http://127.0.0.1:3340/api/v1/prices';
const T0 = 1_800_000_000_000;

/** The fiat record of a sale worth `value` at `price`, priced at T0. */
const fiatAtT0 = (currency: string, price: number, value: number) => ({
  currency,
  price,
  value,
  time: T0,
});

function memoryStore(settings: PriceSettings = { currency: 'USD', url: URL_A }) {
  const state: { settings: PriceSettings; cache?: PriceCache } = { settings };
  const store: PriceStore = {
    getSettings: async () => state.settings,
    saveSettings: async (next) => {
      state.settings = next;
    },
    getCache: async () => state.cache,
    putCache: async (cache) => {
      state.cache = cache;
    },
  };
  return { state, store };
}

function answering(reply: () => string | Error) {
  const calls: string[] = [];
  const fetch: PriceFetch = async (url) => {
    calls.push(url);
    const body = reply();
    if (body instanceof Error) throw body;
    return { ok: true, status: 200, text: async () => body };
  };
  return { fetch, calls };
}

function service(store: PriceStore, fetch: PriceFetch, now: { t: number }) {
  return new PriceService({ store, fetch, clock: () => now.t, logger: silentLogger });
}

describe('PriceService.current', () => {
  it('is sats only while no currency is chosen, without asking the source', async () => {
    const { store } = memoryStore({ currency: null, url: URL_A });
    const source = answering(() => '{"time":1,"USD":1}');
    expect(await service(store, source.fetch, { t: T0 }).current()).toEqual({ kind: 'off' });
    expect(source.calls).toEqual([]);
  });

  it('fetches, caches with its time, and reuses the cache for a minute', async () => {
    const { store, state } = memoryStore();
    const now = { t: T0 };
    const source = answering(() => `{"time":${T0 / 1000},"USD":100000,"JPY":15000000}`);
    const prices = service(store, source.fetch, now);
    expect(await prices.current()).toMatchObject({
      kind: 'price',
      currency: 'USD',
      price: 100_000,
      decimals: 2,
      time: T0,
      source: '127.0.0.1:3340',
      stale: false,
    });
    expect(state.cache).toMatchObject({ url: URL_A, fetchedAt: T0, time: T0 / 1000 });
    now.t += 30_000;
    await prices.current();
    expect(source.calls).toHaveLength(1);
    now.t += 31_000;
    await prices.current();
    expect(source.calls).toHaveLength(2);
  });

  it('without refresh shows the stored price however old, and does not ask the source', async () => {
    const { store } = memoryStore();
    const now = { t: T0 };
    const source = answering(() => `{"time":${T0 / 1000},"USD":100000}`);
    const prices = service(store, source.fetch, now);
    expect(await prices.current({ refresh: false })).toMatchObject({
      kind: 'unavailable',
      reason: 'no-price',
    });
    await prices.current();
    now.t += 2 * 3600_000;
    expect(await prices.current({ refresh: false })).toMatchObject({
      kind: 'price',
      price: 100_000,
      stale: true,
    });
    expect(source.calls).toHaveLength(1);
  });

  it('shows a price older than 10 minutes as stale', async () => {
    const { store } = memoryStore();
    const now = { t: T0 };
    const source = answering(() => `{"time":${(T0 - 10 * 60_000 - 1000) / 1000},"USD":100000}`);
    expect(await service(store, source.fetch, now).current()).toMatchObject({
      kind: 'price',
      stale: true,
    });
  });

  it('keeps the cached price when the source becomes unreachable, stale once old', async () => {
    const { store } = memoryStore();
    const now = { t: T0 };
    let up = true;
    const source = answering(() =>
      up ? `{"time":${T0 / 1000},"USD":100000}` : new TypeError('Failed to fetch'),
    );
    const prices = service(store, source.fetch, now);
    await prices.current();
    up = false;
    now.t += 11 * 60_000;
    expect(await prices.current()).toMatchObject({ kind: 'price', price: 100_000, stale: true });
  });

  it('falls back to sats with a note when unreachable and nothing is cached', async () => {
    const { store } = memoryStore();
    const source = answering(() => new TypeError('Failed to fetch'));
    expect(await service(store, source.fetch, { t: T0 }).current()).toEqual({
      kind: 'unavailable',
      currency: 'USD',
      reason: 'unreachable',
    });
  });

  it('does not use a cache of another source URL', async () => {
    const { store, state } = memoryStore();
    state.cache = {
      url: 'http://elsewhere/prices',
      fetchedAt: T0,
      time: T0 / 1000,
      prices: { USD: 1 },
    };
    const source = answering(() => new TypeError('Failed to fetch'));
    expect(await service(store, source.fetch, { t: T0 }).current()).toMatchObject({
      kind: 'unavailable',
    });
  });
});

describe('PriceService.refresh', () => {
  it('refuses a malformed reply and keeps the cache as it was', async () => {
    const { store, state } = memoryStore();
    const cached = { url: URL_A, fetchedAt: T0, time: T0 / 1000, prices: { USD: 90_000 } };
    state.cache = cached;
    for (const body of ['<html>', '{"time":1,"USD":-3}', '{"time":1,"USD":"x"}']) {
      const source = answering(() => body);
      await expect(service(store, source.fetch, { t: T0 }).refresh()).rejects.toBeInstanceOf(
        PriceReplyError,
      );
    }
    expect(state.cache).toBe(cached);
  });

  it('turns an HTTP error into PriceUnavailableError', async () => {
    const { store } = memoryStore();
    const fetch: PriceFetch = async () => ({ ok: false, status: 503, text: async () => '' });
    await expect(service(store, fetch, { t: T0 }).refresh()).rejects.toBeInstanceOf(
      PriceUnavailableError,
    );
  });
});

describe('PriceService settings and records', () => {
  it('validates settings and changes nothing on bad input', async () => {
    const { store, state } = memoryStore();
    const prices = service(store, answering(() => '').fetch, { t: T0 });
    await expect(prices.saveSettings({ currency: 'USD', url: 'ftp://x' })).rejects.toThrow(
      new ValidationError(INVALID_PRICE_URL),
    );
    await expect(prices.saveSettings({ currency: 'usd', url: URL_A })).rejects.toThrow(
      INVALID_CURRENCY,
    );
    expect(state.settings).toEqual({ currency: 'USD', url: URL_A });
    await prices.saveSettings({ currency: null, url: ` ${URL_A} ` });
    expect(state.settings).toEqual({ currency: null, url: URL_A });
  });

  it('gives the fiat record of a sale at the current price', async () => {
    const { store } = memoryStore({ currency: 'EUR', url: URL_A });
    const source = answering(() => `{"time":${T0 / 1000},"EUR":92000}`);
    expect(await service(store, source.fetch, { t: T0 }).fiatFor(10_000)).toEqual(
      fiatAtT0('EUR', 92_000, 9.2),
    );
  });

  it('lists the currencies of the last table, or the known seven before any', async () => {
    const { store, state } = memoryStore();
    const prices = service(store, answering(() => '').fetch, { t: T0 });
    expect(await prices.currencies()).toEqual(['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'AUD', 'JPY']);
    state.cache = { url: URL_A, fetchedAt: T0, time: 1, prices: { USD: 100_000, BRL: 550_000 } };
    expect(await prices.currencies()).toEqual(['BRL', 'USD']);
  });
});

/** A cache of 100,000 USD taken `ageMs` before T0. */
function cachedAt(ageMs: number): PriceCache {
  return { url: URL_A, fetchedAt: T0 - ageMs, time: (T0 - ageMs) / 1000, prices: { USD: 100_000 } };
}

describe('PriceService refuses replies out of reason', () => {
  it.each([
    [
      'a price of 1e12',
      `{"time":${T0 / 1000},"USD":1e12}`,
      /unlikely price for USD \(1000000000000\)/,
    ],
    ['a price of 1e-9', `{"time":${T0 / 1000},"USD":1e-9}`, /unlikely price for USD \(1e-9\)/],
    ['an infinite price', `{"time":${T0 / 1000},"USD":1e999}`, /invalid price for USD/],
    ['a time an hour ahead', `{"time":${T0 / 1000 + 3600},"USD":100000}`, /time is in the future/],
  ])('%s: sats only, saying why, the cache untouched', async (_, body, why) => {
    const { store, state } = memoryStore();
    const cached = cachedAt(30_000); // fresh: would be used without asking again
    state.cache = cached;
    const prices = service(store, answering(() => body).fetch, { t: T0 });
    await expect(prices.refresh()).rejects.toBeInstanceOf(PriceReplyError);
    const view = await prices.current();
    expect(view).toMatchObject({ kind: 'unavailable', currency: 'USD', reason: 'refused' });
    expect(view.kind === 'unavailable' && view.detail).toMatch(why);
    expect(state.cache).toBe(cached);
    expect(await prices.fiatFor(1000)).toBeUndefined();
  });

  it('takes a time up to 5 minutes ahead (clocks drift)', async () => {
    const { store } = memoryStore();
    const source = answering(() => `{"time":${T0 / 1000 + 290},"USD":100000}`);
    expect(await service(store, source.fetch, { t: T0 }).current()).toMatchObject({
      kind: 'price',
      stale: false,
    });
  });

  it('takes the source again once it answers within reason', async () => {
    const { store } = memoryStore();
    let body = `{"time":${T0 / 1000},"USD":1e12}`;
    const prices = service(store, answering(() => body).fetch, { t: T0 });
    expect(await prices.current()).toMatchObject({ kind: 'unavailable', reason: 'refused' });
    body = `{"time":${T0 / 1000},"USD":100000}`;
    expect(await prices.current()).toMatchObject({ kind: 'price', price: 100_000 });
  });

  it('does not record a sale at a stale price', async () => {
    const { store } = memoryStore();
    const source = answering(() => `{"time":${(T0 - 11 * 60_000) / 1000},"USD":100000}`);
    expect(await service(store, source.fetch, { t: T0 }).fiatFor(1000)).toBeUndefined();
  });
});

describe('PriceService holds a jump for the merchant', () => {
  const jumpTo = (usd: number) => answering(() => `{"time":${T0 / 1000},"USD":${usd}}`);

  it('holds a 50 % jump within the hour: sats only, old and new price, nothing stored', async () => {
    const { store, state } = memoryStore();
    const cached = cachedAt(2 * 60_000);
    state.cache = cached;
    const prices = service(store, jumpTo(150_000).fetch, { t: T0 });
    await expect(prices.refresh()).rejects.toBeInstanceOf(PriceJumpError);
    expect(await prices.current()).toEqual({
      kind: 'jump',
      currency: 'USD',
      decimals: 2,
      source: '127.0.0.1:3340',
      percent: '+50 %',
      last: { price: 100_000, time: T0 - 2 * 60_000 },
      next: { price: 150_000, time: T0 },
    });
    expect(state.cache).toBe(cached);
    expect(await prices.fiatFor(1000)).toBeUndefined();
  });

  it('uses the new price once the merchant confirms that very price', async () => {
    const { store, state } = memoryStore();
    state.cache = cachedAt(2 * 60_000);
    const prices = service(store, jumpTo(50_000).fetch, { t: T0 });
    expect(await prices.current()).toMatchObject({ kind: 'jump', percent: '-50 %' });
    expect(await prices.acceptNewPrice(49_000)).toBe(false);
    expect(state.cache?.prices.USD).toBe(100_000);
    expect(await prices.acceptNewPrice(50_000)).toBe(true);
    expect(state.cache?.prices.USD).toBe(50_000);
    expect(await prices.current()).toMatchObject({ kind: 'price', price: 50_000 });
    expect(await prices.fiatFor(1000)).toEqual(fiatAtT0('USD', 50_000, 0.5));
  });

  it('keeps sats only when the merchant says so, without asking again', async () => {
    const { store, state } = memoryStore();
    state.cache = cachedAt(30_000);
    const now = { t: T0 };
    const prices = service(store, jumpTo(150_000).fetch, now);
    await expect(prices.refresh()).rejects.toBeInstanceOf(PriceJumpError);
    await prices.keepSatsOnly();
    expect(await prices.current()).toEqual({
      kind: 'unavailable',
      currency: 'USD',
      reason: 'declined',
    });
    now.t += 2 * 60_000;
    await expect(prices.refresh()).rejects.toMatchObject({ declined: true });
    expect(await prices.current()).toMatchObject({ kind: 'unavailable', reason: 'declined' });
    expect(state.cache?.prices.USD).toBe(100_000);
    // Saving the settings asks again.
    await prices.saveSettings({ currency: 'USD', url: URL_A });
    expect(await prices.current()).toMatchObject({ kind: 'jump' });
  });

  it('takes a move of up to 20 %, and any move from a price over an hour old', async () => {
    const { store, state } = memoryStore();
    state.cache = cachedAt(2 * 60_000);
    expect(await service(store, jumpTo(120_000).fetch, { t: T0 }).current()).toMatchObject({
      kind: 'price',
      price: 120_000,
    });
    state.cache = cachedAt(61 * 60_000);
    expect(await service(store, jumpTo(300_000).fetch, { t: T0 }).current()).toMatchObject({
      kind: 'price',
      price: 300_000,
    });
  });
});

describe('PriceService.remoteFiatFor: the merchant’s side of a remote sale (decision 0053)', () => {
  const jumpTo = (usd: number) => answering(() => `{"time":${T0 / 1000},"USD":${usd}}`);

  it('is the record at a price that may be used', async () => {
    const { store } = memoryStore();
    const prices = service(store, jumpTo(100_000).fetch, { t: T0 });
    expect(await prices.remoteFiatFor(1000)).toEqual(fiatAtT0('USD', 100_000, 1));
  });

  it('is the records at the last accepted and the held price while a jump is held', async () => {
    const { store, state } = memoryStore();
    state.cache = cachedAt(2 * 60_000);
    const prices = service(store, jumpTo(150_000).fetch, { t: T0 });
    expect(await prices.remoteFiatFor(1000)).toEqual({
      kind: 'held',
      accepted: { currency: 'USD', price: 100_000, value: 1, time: T0 - 2 * 60_000 },
      held: fiatAtT0('USD', 150_000, 1.5),
    });
  });

  it('is the same after the merchant kept sats only rather than take the jump', async () => {
    const { store, state } = memoryStore();
    state.cache = cachedAt(2 * 60_000);
    const now = { t: T0 };
    const prices = service(store, jumpTo(150_000).fetch, now);
    await expect(prices.refresh()).rejects.toBeInstanceOf(PriceJumpError);
    await prices.keepSatsOnly();
    now.t += 2 * 60_000;
    expect(await prices.remoteFiatFor(1000)).toMatchObject({
      kind: 'held',
      accepted: { price: 100_000 },
      held: { price: 150_000 },
    });
  });

  it('is nothing for sats only or a stale price', async () => {
    expect(
      await service(memoryStore({ currency: null, url: URL_A }).store, jumpTo(1).fetch, {
        t: T0,
      }).remoteFiatFor(1000),
    ).toBeUndefined();
    const { store, state } = memoryStore();
    state.cache = cachedAt(11 * 60_000);
    const down = answering(() => new TypeError('Failed to fetch'));
    expect(await service(store, down.fetch, { t: T0 }).remoteFiatFor(1000)).toBeUndefined();
  });
});

describe('PriceService on a stored cache: a reload still holds a jump (decision 0053)', () => {
  it('measures a jump from the price a previous page took, not from nothing', async () => {
    const { store, state } = memoryStore();
    const now = { t: T0 };
    const first = service(store, answering(() => `{"time":${T0 / 1000},"USD":100000}`).fetch, now);
    expect(await first.current()).toMatchObject({ kind: 'price', price: 100_000 });
    // A reload: a new service on the same store, the source now answering a wild jump.
    now.t += 5 * 60_000;
    const wild = answering(() => `{"time":${now.t / 1000},"USD":400000}`);
    const reloaded = service(store, wild.fetch, now);
    expect(await reloaded.current()).toMatchObject({ kind: 'jump', percent: '+300 %' });
    expect(state.cache?.prices.USD).toBe(100_000);
    expect(await reloaded.fiatFor(1000)).toBeUndefined();
  });
});

describe('PriceService reads its cache with the same checks', () => {
  it('drops an unlikely cached price and a cache whose time was ahead of its fetch', async () => {
    const { store, state } = memoryStore();
    const down = answering(() => new TypeError('Failed to fetch'));
    // Written by a version before these checks, the source unreachable since.
    state.cache = {
      url: URL_A,
      fetchedAt: T0,
      time: T0 / 1000,
      prices: { USD: 1e12, EUR: 92_000 },
    };
    const prices = service(store, down.fetch, { t: T0 + 120_000 });
    expect(await prices.current()).toMatchObject({ kind: 'unavailable', reason: 'unreachable' });
    expect(await prices.currencies()).toEqual(['EUR']);
    state.cache = { url: URL_A, fetchedAt: T0, time: T0 / 1000 + 86_400, prices: { USD: 100_000 } };
    expect(await prices.current()).toMatchObject({ kind: 'unavailable', reason: 'unreachable' });
  });
});
