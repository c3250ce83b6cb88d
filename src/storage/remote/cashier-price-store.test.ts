// A cashier page's last accepted price, per merchant, on this device's config table (decision 0053).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../index';
import { cashierPriceKey } from './cashier-price-store';
import { PRICE_CONFIG_KEYS } from '../shop/price-store';
import { DEFAULTS, freshDbName, recordingLogger, testStorage } from '../../testing/storage/db';

const cache = (usd: number) => ({
  url: 'http://127.0.0.1:3340/api/v1/prices',
  time: 1_800_000_000,
  fetchedAt: 1_800_000_000_000,
  prices: { USD: usd },
});

describe('DexieCashierPriceStore', () => {
  it('keeps one price per merchant across a reload, apart from the merchant’s own', async () => {
    const dbName = freshDbName();
    const page = createStorage({ dbName, defaults: DEFAULTS, logger: recordingLogger() });
    await page.cashierPrices('aa').putCache(cache(100_000));
    await page.cashierPrices('bb').putCache(cache(90_000));
    page.close();

    const reloaded = createStorage({ dbName, defaults: DEFAULTS, logger: recordingLogger() });
    expect(await reloaded.cashierPrices('aa').getCache()).toEqual(cache(100_000));
    expect(await reloaded.cashierPrices('bb').getCache()).toEqual(cache(90_000));
    expect(await reloaded.cashierPrices('cc').getCache()).toBeUndefined();
    expect(await reloaded.prices.getCache()).toBeUndefined();
    expect(await reloaded.db.config.get(PRICE_CONFIG_KEYS.cache)).toBeUndefined();
    expect(await reloaded.db.config.get(cashierPriceKey('aa'))).toBeDefined();
    reloaded.close();
  });

  it('reads a corrupt row as no price', async () => {
    const s = testStorage();
    await s.db.config.put({ key: cashierPriceKey('aa'), value: '{not json', updatedAt: 1 });
    expect(await s.cashierPrices('aa').getCache()).toBeUndefined();
    s.close();
  });
});
