// The app data backup of this device's stores over the dev relay, restored on a fresh device
// database: every setting a merchant expects back, a change saved within a second of a reload (the
// one a restore reads), and a 2,000-item catalog whole and exact, the previous version readable
// while a relay refuses a chunk of the next, with the Settings line until the retry lands it.
import 'fake-indexeddb/auto';
import { generateSecretKey } from 'nostr-tools/pure';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDataBackupDeps, RetryTimer } from '../../core/backup/app-data';
import { sortItems } from '../../core/items/item';
import { catalogOfSize } from '../../testing/backup/big-catalog';
import { devRelayPerTest, refusingPool, relayBackup } from '../../testing/backup/relay-backup';
import { testStorage, type TestStorage } from '../../testing/storage/db';
import { appDataParts } from './app-data-parts';

const opened: TestStorage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

function open(dbName?: string): TestStorage {
  const storage = testStorage(dbName);
  opened.push(storage);
  return storage;
}

describe('the app data backup of a device', () => {
  const relay = devRelayPerTest();
  const key = generateSecretKey();

  /** One page load's backup of `storage`, noting what the relay took in its config table. */
  function pageLoad(storage: TestStorage, options: Partial<AppDataBackupDeps> = {}) {
    return relayBackup(relay.url, key, appDataParts(storage), storage.logger, {
      notes: storage.backupNotes,
      ...options,
    });
  }

  async function restoredDevice(): Promise<{ storage: TestStorage; applied: string[] }> {
    const storage = open();
    const applied = await pageLoad(storage).restore();
    return { storage, applied };
  }

  it('brings back every setting a merchant expects, tips and cashier settings included', async () => {
    const first = open();
    await first.config.setShopName('Corner Café');
    await first.prices.saveSettings({ currency: 'EUR', url: 'https://prices.example/v2' });
    await first.autoCashOut.set({
      enabled: true,
      address: 'shop@ln.example',
      threshold: 5_000,
      feeLimit: { percent: 2, sats: 20 },
    });
    await first.merchantTrust.addAcceptedMints(['https://mint.b.example']);
    await first.receiptPrint.setAutoPrint(true);
    await first.foreignEcash.setAcceptsOtherMints(true);
    await first.tips.set({ enabled: true });
    await first.merchantTrust.setAcceptsUnpaired(true);
    await first.merchantTrust.setAcceptsUnlocked(true);
    await pageLoad(first).sync();

    const { storage: fresh, applied } = await restoredDevice();
    expect(applied).toEqual(['settings', 'items']);
    expect(await fresh.config.getShopName()).toBe('Corner Café');
    expect(await fresh.prices.getSettings()).toEqual({
      currency: 'EUR',
      url: 'https://prices.example/v2',
    });
    expect(await fresh.autoCashOut.get()).toEqual({
      enabled: true,
      address: 'shop@ln.example',
      threshold: 5_000,
      feeLimit: { percent: 2, sats: 20 },
    });
    expect(await fresh.merchantTrust.acceptedMints()).toContain('https://mint.b.example');
    expect(await fresh.receiptPrint.autoPrint()).toBe(true);
    expect(await fresh.foreignEcash.acceptsOtherMints()).toBe(true);
    expect(await fresh.tips.get()).toEqual({ enabled: true });
    expect(await fresh.merchantTrust.acceptsUnpaired()).toBe(true);
    expect(await fresh.merchantTrust.acceptsUnlocked()).toBe(true);
  });

  it('a settings change within a second of a reload is the one a restore reads', async () => {
    const first = open();
    // Every save of this test falls in one second of the backup's clock.
    const now = Math.floor(Date.now() / 1000) * 1000 + 100;
    const page = pageLoad(first, { clock: () => now });
    for (const name of ['Corner', 'Corner Café', 'Corner Café & Co']) {
      await first.config.setShopName(name);
      await page.sync();
    }
    // The page reloads (same database) and the merchant saves once more, in that same second.
    const reloaded = open(first.db.name);
    await reloaded.config.setShopName('The Corner');
    await pageLoad(reloaded, { clock: () => now }).sync();

    const { storage: fresh } = await restoredDevice();
    expect(await fresh.config.getShopName()).toBe('The Corner');
  });

  it('a catalog of 2,000 items comes back whole and exact on a fresh device', async () => {
    const first = open();
    const catalog = catalogOfSize(2_000);
    await first.items.putMany(catalog);
    await pageLoad(first).sync();
    expect(first.logger.errors).toEqual([]);

    const { storage: fresh, applied } = await restoredDevice();
    expect(applied).toEqual(['settings', 'items']);
    expect(await fresh.items.list()).toEqual(sortItems(catalog));
  });

  it('while a relay refuses a chunk: the last complete catalog stays readable, Settings says so, and a retry lands it', async () => {
    const first = open();
    const catalog = catalogOfSize(2_000);
    await first.items.putMany(catalog);
    await pageLoad(first).sync();

    // The next version: one price changed; the relay refuses its second chunk.
    const changed = { ...catalog[0]!, price: { unit: 'sat' as const, sats: 777 } };
    await first.items.putMany([changed]);
    let refusing = true;
    const retries: Array<() => void> = [];
    const retry: RetryTimer = { schedule: (run) => retries.push(run), reset: () => {} };
    const page = pageLoad(first, {
      retry,
      createPool: () =>
        refusingPool(
          (event) =>
            refusing && event.tags.some((t) => t[0] === 'd' && t[1] === 'cashew-pos/items/b/1'),
        ),
    });
    await page.sync();
    expect(page.status()).toEqual({ unsaved: ['items'] });
    expect(retries).toHaveLength(1);

    const before = await restoredDevice();
    expect(before.applied).toEqual(['settings', 'items']);
    expect(await before.storage.items.list()).toEqual(sortItems(catalog));

    // The relay takes it again: the scheduled retry publishes the new version, the line goes.
    refusing = false;
    retries[0]!();
    await page.sync();
    expect(page.status()).toEqual({ unsaved: [] });
    const after = await restoredDevice();
    expect(await after.storage.items.list()).toEqual(sortItems([changed, ...catalog.slice(1)]));
  });
});
