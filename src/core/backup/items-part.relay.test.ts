// The items part of the app data backup over the dev relay: the catalog published encrypted to the
// merchant's key comes back whole on a fresh device; a part with one bad item writes nothing and says why.
import { generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { normaliseItem, sortItems, type CatalogItem } from '../items/item';
import type { Logger } from '../logger';
import { publishToRelays } from '../remote-payments/publish';
import { createRelayPool } from '../remote-payments/relay-pool';
import { appDataEvent, type AppDataPart } from './app-data';
import { itemsPart, readItemsBackup } from './items-part';
import { catalogItem } from '../../testing/items/catalog';
import { devRelayPerTest, nodePoolOptions, relayBackup } from '../../testing/backup/relay-backup';

/** A catalog kept in memory; putMany checks every item before writing any, as Dexie's does. */
function catalog(initial: CatalogItem[] = []) {
  let rows = structuredClone(initial);
  const writes: CatalogItem[][] = [];
  const store = {
    list: async () => sortItems(rows),
    putMany: async (items: readonly CatalogItem[]) => {
      const checked = items.map(normaliseItem);
      writes.push(checked);
      const ids = new Set(checked.map((i) => i.id));
      rows = [...rows.filter((r) => !ids.has(r.id)), ...checked];
    },
  };
  return { store, rows: () => sortItems(rows), writes };
}

const coffee: CatalogItem = {
  id: 'i-1',
  name: 'Flat white',
  price: { unit: 'fiat', currency: 'EUR', minor: 350 },
  category: 'Coffee',
  taxRatePercent: 7.5,
  sku: '4006381333931',
  enabled: true,
  position: 1,
};
const cake = catalogItem({
  id: 'i-2',
  name: 'Cheesecake',
  price: { unit: 'sat', sats: 2100 },
  enabled: false,
  position: 2,
});

function recordingLogger() {
  const warnings: string[] = [];
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message, ...data) => {
      warnings.push([message, ...data.map((d) => (d instanceof Error ? d.message : ''))].join(' '));
    },
    error: () => {},
  };
  return { logger, warnings };
}

describe('the items backup', () => {
  const relay = devRelayPerTest();

  function backup(secretKey: Uint8Array, part: AppDataPart, logger?: Logger) {
    return relayBackup(relay.url, secretKey, part, logger);
  }

  async function publishRaw(key: Uint8Array, value: unknown) {
    const pool = createRelayPool(nodePoolOptions);
    await publishToRelays(
      appDataEvent(key, 'items', value, Math.floor(Date.now() / 1000)),
      [relay.url],
      pool,
    );
    pool.destroy();
  }

  it('comes back whole on a fresh device with the same key, and on no other key', async () => {
    const key = generateSecretKey();
    const first = catalog([coffee, cake]);
    await backup(key, itemsPart(first.store)).sync();

    const fresh = catalog();
    expect(await backup(key, itemsPart(fresh.store)).restore()).toEqual(['items']);
    expect(fresh.rows()).toEqual([coffee, cake]);

    const stranger = catalog();
    expect(await backup(generateSecretKey(), itemsPart(stranger.store)).restore()).toEqual([]);
    expect(stranger.rows()).toEqual([]);
  });

  it('a part with one bad item writes nothing and logs which item failed', async () => {
    const key = generateSecretKey();
    await publishRaw(key, {
      items: [coffee, { ...cake, price: { unit: 'sat', sats: -5 } }],
    });
    const fresh = catalog([cake]);
    const { logger, warnings } = recordingLogger();
    expect(await backup(key, itemsPart(fresh.store), logger).restore()).toEqual([]);
    expect(fresh.writes).toEqual([]);
    expect(fresh.rows()).toEqual([cake]);
    expect(warnings).toEqual([
      'The items backup could not be restored Item 2 of the items backup: Give the item a price above zero.',
    ]);
  });
});

describe('reading an items part', () => {
  it.each([
    ['not an object', 'nope'],
    ['no list', { items: 'x' }],
    ['an item without an id', { items: [{ ...coffee, id: '' }] }],
    ['two items with one id', { items: [coffee, { ...cake, id: coffee.id }] }],
    ['a script for a name', { items: [{ ...coffee, name: { toString: 'x' } }] }],
    ['a tax rate past 100', { items: [{ ...coffee, taxRatePercent: 101 }] }],
    [
      'an unknown currency',
      { items: [{ ...coffee, price: { unit: 'fiat', currency: 'euro', minor: 1 } }] },
    ],
  ])('refuses %s', (_why, value) => {
    expect(() => readItemsBackup(value)).toThrow(/items backup/);
  });

  it('trims what the catalog trims', () => {
    expect(readItemsBackup({ items: [{ ...cake, name: '  Cheesecake ', sku: ' ' }] })).toEqual([
      cake,
    ]);
  });
});
