// The dev price feed: mempool's /api/v1/prices shape, prices set by a dev call, failing and hanging on request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_PRICES } from './price-book.ts';
import { startPriceFeed } from './server.ts';
import type { DevPriceFeed } from './server.ts';

let feed: DevPriceFeed;

beforeAll(async () => {
  feed = await startPriceFeed({ port: 0 });
});

beforeEach(() => {
  feed.reset();
  feed.clearFaults();
});

afterAll(() => feed.close());

async function prices() {
  const res = await fetch(feed.pricesUrl);
  return { res, body: (await res.json()) as Record<string, number> };
}

const post = (path: string, body: unknown) =>
  fetch(`${feed.url}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('GET /api/v1/prices', () => {
  it('answers the BTC price per currency and the current time, with CORS open', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { res, body } = await prices();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(Object.keys(body).sort()).toEqual(['time', ...CURRENCIES].sort());
    expect(body).toMatchObject({
      USD: 100_000,
      EUR: 92_000,
      GBP: 79_000,
      CAD: 137_000,
      CHF: 88_000,
      AUD: 153_000,
      JPY: 15_000_000,
    });
    expect(body.time).toBeGreaterThanOrEqual(before);
    expect(body.time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});

describe('POST /dev/prices', () => {
  it('changes some prices and pins the time, until DELETE puts the defaults back', async () => {
    const set = await post('/dev/prices', { USD: 65_000, JPY: 9_800_000, time: 1_700_000_000 });
    expect(set.status).toBe(200);
    expect((await prices()).body).toEqual({
      ...DEFAULT_PRICES,
      USD: 65_000,
      JPY: 9_800_000,
      time: 1_700_000_000,
    });
    await post('/dev/prices', { time: null });
    expect((await prices()).body.time).toBeGreaterThan(1_700_000_000);
    await fetch(`${feed.url}/dev/prices`, { method: 'DELETE' });
    expect((await prices()).body.USD).toBe(100_000);
  });

  it.each([
    [{ XBT: 1 }, 'unknown currency XBT; known: USD, EUR, GBP, CAD, CHF, AUD, JPY'],
    [{ USD: 0 }, 'USD must be a positive number'],
    [{ EUR: 'lots' }, 'EUR must be a positive number'],
    [{ time: -1 }, 'time must be unix seconds, or null for the current time'],
    [[1], 'body must be an object like {"USD": 65000}'],
  ])('refuses %j and changes nothing', async (body, detail) => {
    const refused = await post('/dev/prices', body);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail });
    expect((await prices()).body.GBP).toBe(79_000);
  });

  it('answers the absurd prices and future times the app must refuse', async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await post('/dev/prices', { USD: 1e12, EUR: 1e-9, time: future })).status).toBe(200);
    expect((await prices()).body).toMatchObject({ USD: 1e12, EUR: 1e-9, time: future });
  });

  it('is also there in process', async () => {
    feed.setPrices({ EUR: 50_000 });
    expect((await prices()).body.EUR).toBe(50_000);
    expect(() => feed.setPrices({ EUR: -1 })).toThrow('EUR must be a positive number');
  });
});

describe('fault switches', () => {
  it('fails with HTTP 500 once, then answers again', async () => {
    await post('/dev/faults', { action: 'error500', count: 1 });
    expect((await fetch(feed.pricesUrl)).status).toBe(500);
    expect((await prices()).res.status).toBe(200);
  });

  it('answers malformed JSON', async () => {
    feed.addFault({ action: 'malformedJson', count: 1 });
    const res = await fetch(feed.pricesUrl);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it('hangs until the client gives up, and delays while persistent', async () => {
    feed.addFault({ action: 'hang', count: 1 });
    await expect(fetch(feed.pricesUrl, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await post('/dev/faults', { delayMs: 250 });
    const started = Date.now();
    expect((await prices()).body.USD).toBe(100_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(await (await fetch(`${feed.url}/dev/faults`)).json()).toEqual({
      faults: [{ delayMs: 250 }],
    });
    await fetch(`${feed.url}/dev/faults`, { method: 'DELETE' });
    expect(await (await fetch(`${feed.url}/dev/faults`)).json()).toEqual({ faults: [] });
  });

  it('answers a time a day ahead, and an infinite price', async () => {
    feed.addFault({ action: 'futureTime', count: 1 });
    const ahead = (await prices()).body;
    expect(ahead.time).toBeGreaterThan(Date.now() / 1000 + 86_000);
    expect(ahead.USD).toBe(100_000);
    feed.addFault({ action: 'infinitePrice', count: 1 });
    expect((await prices()).body.USD).toBe(Number.POSITIVE_INFINITY);
    expect((await prices()).body.USD).toBe(100_000);
  });

  it('refuses unknown fault actions', async () => {
    expect((await post('/dev/faults', { action: 'explode' })).status).toBe(400);
  });
});
