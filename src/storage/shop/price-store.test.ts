// Price settings and cache on Dexie: sats only and the build's URL by default, settings saved
// together, a corrupt cache reads as none.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../index';
import { FALLBACK_PRICE_URL, PRICE_CONFIG_KEYS } from './price-store';
import { DEFAULTS, freshDbName, recordingLogger, testStorage } from '../../testing/storage/db';

describe('DexiePriceStore', () => {
  it('is sats only on the build’s price URL until the merchant saves settings', async () => {
    const s = createStorage({
      dbName: freshDbName(),
      defaults: DEFAULTS,
      logger: recordingLogger(),
      defaultPriceUrl: 'http://127.0.0.1:3340/api/v1/prices',
    });
    expect(await s.prices.getSettings()).toEqual({
      currency: null,
      url: 'http://127.0.0.1:3340/api/v1/prices',
    });
    await s.prices.saveSettings({ currency: 'CHF', url: 'https://prices.example/api' });
    expect(await s.prices.getSettings()).toEqual({
      currency: 'CHF',
      url: 'https://prices.example/api',
    });
    await s.prices.saveSettings({ currency: null, url: 'https://prices.example/api' });
    expect((await s.prices.getSettings()).currency).toBeNull();
    s.close();
  });

  it('falls back to mempool’s public endpoint when the build sets none', async () => {
    const s = testStorage();
    expect((await s.prices.getSettings()).url).toBe(FALLBACK_PRICE_URL);
    expect(FALLBACK_PRICE_URL).toBe('https://mempool.space/api/v1/prices');
  });

  it('keeps the cache with its time and reads a corrupt one as none', async () => {
    const s = testStorage();
    const cache = { url: 'u', time: 1, fetchedAt: 2, prices: { USD: 100_000 } };
    await s.prices.putCache(cache);
    expect(await s.prices.getCache()).toEqual(cache);
    await s.db.config.put({ key: PRICE_CONFIG_KEYS.cache, value: '{"url":', updatedAt: 0 });
    expect(await s.prices.getCache()).toBeUndefined();
    await s.db.config.put({ key: PRICE_CONFIG_KEYS.currency, value: 'lots', updatedAt: 0 });
    expect((await s.prices.getSettings()).currency).toBeNull();
  });
});
