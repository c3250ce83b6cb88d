// The settings part of the app data backup over the dev relay: published encrypted to the
// merchant's key, restored on a fresh device with the same key; a forged or bad field changes nothing.
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { publishToRelays } from '../remote-payments/publish';
import { createRelayPool } from '../remote-payments/relay-pool';
import { appDataEvent } from './app-data';
import { BLANK_SETTINGS, memorySettings } from '../../testing/backup/memory-settings';
import { devRelayPerTest, nodePoolOptions, relayBackup } from '../../testing/backup/relay-backup';

const device = memorySettings;

describe('the settings backup', () => {
  const relay = devRelayPerTest();

  function backup(secretKey: Uint8Array, part: ReturnType<typeof device>['part']) {
    return relayBackup(relay.url, secretKey, part);
  }

  it('comes back on a fresh device with the same key', async () => {
    const key = generateSecretKey();
    const first = device({
      shopName: 'Corner Café',
      prices: { currency: 'EUR', url: 'https://prices.example/v2' },
      autoCashOut: { enabled: true, address: 'shop@ln.example', threshold: 5000 },
      acceptedMints: ['https://mint.a.example', 'https://mint.b.example'],
      autoPrint: true,
      acceptForeignEcash: true,
      tips: true,
      acceptUnpaired: true,
      acceptUnlocked: true,
      cashSales: true,
      language: 'de',
      books: {
        address: '1 Main St\n10115 Berlin',
        taxNumber: 'DE123456789',
        pricesIncludeTax: true,
        taxRounding: 'receipt',
        discounts: 'pin',
      },
      staff: [{ id: 's1', name: 'Ana', role: 'manager', link: { revision: 2 } }],
      tillUnit: 'usd',
      offlineCaps: { enabled: false, perSale: 2_000, perDay: 0, outstanding: 30_000 },
    });
    await backup(key, first.part).sync();
    const fresh = device(BLANK_SETTINGS);
    expect(await backup(key, fresh.part).restore()).toEqual(['settings']);
    expect(fresh.state).toEqual(first.state);
  });

  it('leaves each field that fails its check as it is, and ignores another key’s event', async () => {
    const key = generateSecretKey();
    const pool = createRelayPool(nodePoolOptions);
    await publishToRelays(
      appDataEvent(
        key,
        'settings',
        {
          shopName: 'x'.repeat(500),
          prices: { currency: 'NOPE', url: 'javascript:alert(1)' },
          autoCashOut: { enabled: 'yes' },
          acceptedMints: ['ftp://bad', 'https://mint.ok.example'],
          autoPrint: 'yes',
          acceptForeignEcash: 'yes',
          tips: 'yes',
          acceptUnpaired: 1,
          acceptUnlocked: null,
          language: 'xx',
        },
        Math.floor(Date.now() / 1000),
      ),
      [relay.url],
      pool,
    );
    // Someone else's event with the same d tag: not ours, never read.
    await publishToRelays(
      finalizeEvent(
        {
          kind: 30078,
          created_at: Math.floor(Date.now() / 1000) + 10,
          tags: [['d', 'cashew-pos/settings']],
          content: 'x',
        },
        generateSecretKey(),
      ),
      [relay.url],
      pool,
    );
    pool.destroy();
    const fresh = device(BLANK_SETTINGS);
    await backup(key, fresh.part).restore();
    expect(fresh.state).toEqual({ ...BLANK_SETTINGS, acceptedMints: ['https://mint.ok.example'] });
  });
});
