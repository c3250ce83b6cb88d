// @vitest-environment happy-dom
// A cashier page's price on this device's storage: a reload still holds a jump from the last price
// it accepted, as the merchant's keypad does, until the cashier takes it (decision 0053).
import 'fake-indexeddb/auto';
import { act, configure, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { PublishedCatalog } from '../../core/remote-payments';
import { createStorage, type Storage } from '../../storage';
import { DEFAULTS, freshDbName } from '../../testing/storage/db';
import { useCatalogPrice } from './use-cashier-catalog';

configure({ asyncUtilTimeout: 10_000 });

const MERCHANT = 'ab'.repeat(32);
const PRICES = 'http://127.0.0.1:3340/api/v1/prices';
const catalog: PublishedCatalog = { items: [], tips: false, currency: 'USD', priceUrl: PRICES };

const opened: Storage[] = [];
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const storage of opened.splice(0)) storage.close();
});

/** The price source answers `usd` from now on. */
function sourceAnswers(usd: number) {
  const fetch = vi.fn(async () => ({
    ok: true,
    status: 200,
    text: async () => JSON.stringify({ time: Math.floor(Date.now() / 1000), USD: usd }),
  }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Two minutes pass: the stored price is asked again at the next read (it is reused for one). */
function minutesLater() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 2 * 60_000);
}

/** The cashier page opened (or reloaded) on this device's database. */
function openPage(dbName: string) {
  const storage = createStorage({ dbName, defaults: DEFAULTS, logger: silentLogger });
  opened.push(storage);
  const cache = storage.cashierPrices(MERCHANT);
  return renderHook(() => useCatalogPrice(catalog, cache, silentLogger));
}

/** The page took `before`, is reloaded minutes later and the source now says `after`: held. */
async function reloadAfterJump(before: number, after: number) {
  const dbName = freshDbName();
  sourceAnswers(before);
  const first = openPage(dbName);
  await waitFor(() => expect(first.result.current.used?.price).toBe(before));
  first.unmount();

  minutesLater();
  sourceAnswers(after);
  const reloaded = openPage(dbName);
  await waitFor(() => expect(reloaded.result.current.held.jump).not.toBeNull());
  return reloaded;
}

describe('useCatalogPrice', () => {
  it('holds a jump after a reload, measured from the price the page took before', async () => {
    const reloaded = await reloadAfterJump(100_000, 150_000);
    expect(reloaded.result.current.used).toBeUndefined();
    expect(reloaded.result.current.note).toBe(
      'The price moved +50 % in under an hour: amounts in sats',
    );
    expect(reloaded.result.current.held.jump).toMatchObject({
      currency: 'USD',
      percent: '+50 %',
      last: { price: 100_000 },
      next: { price: 150_000 },
    });

    // The cashier looks and takes it: the keypad converts at the new price.
    await act(() => reloaded.result.current.held.useNewPrice());
    await waitFor(() => expect(reloaded.result.current.used?.price).toBe(150_000));
    expect(reloaded.result.current.held.jump).toBeNull();
  });

  it('keeps sats only when the cashier says so', async () => {
    const reloaded = await reloadAfterJump(100_000, 40_000);
    await act(() => reloaded.result.current.held.keepSatsOnly());
    await waitFor(() =>
      expect(reloaded.result.current.note).toBe('New price not used: amounts in sats'),
    );
    expect(reloaded.result.current.used).toBeUndefined();
    expect(reloaded.result.current.held.jump).toBeNull();
  });
});
