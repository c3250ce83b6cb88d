// The app data backup of this device's stores over the dev relay, restored on a fresh device
// database: every setting a merchant expects back.
import 'fake-indexeddb/auto';
import { generateSecretKey } from 'nostr-tools/pure';
import { afterEach, describe, expect, it } from 'vitest';
import { devRelayPerTest, relayBackup } from '../../testing/backup/relay-backup';
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

  /** One page load's backup of `storage`. */
  function pageLoad(storage: TestStorage) {
    return relayBackup(relay.url, key, appDataParts(storage), storage.logger);
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
});
