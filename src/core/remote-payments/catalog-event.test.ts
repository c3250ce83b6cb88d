// The cashier's catalog: only a cashier holding the link's secret reads it, only the merchant can
// sign it, a reset link reads nothing, and what is read is checked as the merchant's own items are.
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import * as nip44 from 'nostr-tools/nip44';
import { describe, expect, it } from 'vitest';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import type { CatalogItem } from '../items/item';
import {
  CATALOG_D_TAG,
  CATALOG_KIND,
  MAX_CATALOG_ITEMS,
  catalogEvent,
  catalogKey,
  catalogOf,
  readCatalog,
  readCatalogEvent,
} from './catalog-event';
import { CatalogPublisher } from './catalog-publisher';
import { newPairingSecret, pairingId } from './pairing';

const merchantKey = generateSecretKey();
const merchant = getPublicKey(merchantKey);
const item = (id: string, changes: Partial<CatalogItem> = {}): CatalogItem => ({
  id,
  name: `Item ${id}`,
  price: { unit: 'sat', sats: 100 },
  enabled: true,
  position: 0,
  ...changes,
});
const coffee = item('coffee', {
  price: { unit: 'fiat', currency: 'EUR', minor: 350 },
  position: 1,
});
const tea = item('tea', { taxRatePercent: 7.5, category: 'Drinks', position: 2 });
const settings = { tips: true, currency: 'EUR', priceUrl: 'https://prices.example/v1' };

describe('the catalog event', () => {
  it('carries enabled items in grid order, tips and the currency to the link’s secret only', () => {
    const secret = newPairingSecret();
    const catalog = catalogOf([tea, item('off', { enabled: false }), coffee], settings);
    expect(catalog.items.map((i) => i.id)).toEqual(['coffee', 'tea']);
    const event = catalogEvent({
      merchantSecretKey: merchantKey,
      pairingSecret: secret,
      catalog,
      now: 1,
    });
    expect(event.kind).toBe(CATALOG_KIND);
    expect(event.tags).toContainEqual(['d', CATALOG_D_TAG]);
    expect(event.content).not.toContain('coffee');
    expect(readCatalogEvent([event], merchant, secret)).toEqual(catalog);
    // Another link's secret (a reset link, a stranger) reads nothing.
    expect(readCatalogEvent([event], merchant, newPairingSecret())).toBeUndefined();
  });

  it('counts only the merchant’s signature: another key’s event or a forged one is ignored', () => {
    const secret = newPairingSecret();
    const forgedCatalog = catalogOf([item('free', { price: { unit: 'sat', sats: 1 } })], settings);
    const stranger = catalogEvent({
      merchantSecretKey: generateSecretKey(),
      pairingSecret: secret,
      catalog: forgedCatalog,
      now: 5,
    });
    const real = catalogEvent({
      merchantSecretKey: merchantKey,
      pairingSecret: secret,
      catalog: catalogOf([tea], settings),
      now: 2,
    });
    // As a relay delivers it (JSON): nostr-tools marks events it verified on the object itself.
    const tampered = JSON.parse(
      JSON.stringify({ ...real, created_at: 9, content: stranger.content }),
    ) as typeof real;
    expect(readCatalogEvent([stranger, tampered, real], merchant, secret)?.items[0]?.id).toBe(
      'tea',
    );
  });

  it('leaves out items that are not sound and keeps the list bounded', () => {
    const secret = newPairingSecret();
    const content = {
      items: [
        tea,
        { ...coffee, price: { unit: 'sat', sats: -5 } },
        { id: 'x', name: '', price: { unit: 'sat', sats: 1 }, enabled: true, position: 0 },
        null,
        ...Array.from({ length: MAX_CATALOG_ITEMS + 5 }, (_, n) => item(`n${n}`)),
      ],
      tips: 'yes',
      currency: 'not a currency',
      priceUrl: 'javascript:alert(1)',
    };
    const event = finalizeEvent(
      {
        kind: CATALOG_KIND,
        created_at: 1,
        tags: [
          ['d', CATALOG_D_TAG],
          ['cashew-pairing', pairingId(secret)],
        ],
        content: nip44.v2.encrypt(JSON.stringify(content), catalogKey(secret)),
      },
      merchantKey,
    );
    const read = readCatalogEvent([event], merchant, secret);
    expect(read?.items[0]?.id).toBe('tea');
    expect(read?.items.some((i) => i.id === 'coffee' || i.id === 'x')).toBe(false);
    expect(read?.items.length).toBeLessThanOrEqual(MAX_CATALOG_ITEMS);
    expect(read).toMatchObject({ tips: false, currency: null });
    expect(read?.priceUrl).toBeUndefined();
  });
});

describe('CatalogPublisher', () => {
  it('publishes when the catalog or the secret changes, and a cashier reads the newest', async () => {
    const pool = new FakeRelayPool();
    let items = [tea];
    let secret = newPairingSecret();
    let now = 1_000_000;
    const publisher = new CatalogPublisher({
      collect: async () => catalogOf(items, settings),
      getPairingSecret: async () => secret,
      getSecretKey: async () => merchantKey,
      getRelays: async () => ['wss://relay.example'],
      createPool: () => pool,
      clock: () => (now += 1000),
    });
    const stored = () => pool.events.get('wss://relay.example')?.length ?? 0;
    await publisher.sync();
    await publisher.sync();
    expect(stored()).toBe(1);
    items = [tea, coffee];
    await publisher.sync();
    expect(stored()).toBe(2);
    const read = (s: Uint8Array) =>
      readCatalog({
        pool,
        relays: ['wss://relay.example'],
        merchantPubkeyHex: merchant,
        pairingSecret: s,
      });
    expect((await read(secret))?.items.map((i) => i.id)).toEqual(['coffee', 'tea']);
    // Reset link: published again for the new secret; the old link's secret reads nothing new.
    const old = secret;
    secret = newPairingSecret();
    await publisher.sync();
    expect(stored()).toBe(3);
    expect((await read(secret))?.items).toHaveLength(2);
    expect((await read(old))?.items).toHaveLength(2);
  });

  it('leaves the catalog alone while another device holds the cashier links, then publishes', async () => {
    const pool = new FakeRelayPool();
    const firstDevicesSecret = newPairingSecret();
    let held = true;
    const publisher = new CatalogPublisher({
      collect: async () => catalogOf([tea], settings),
      getPairingSecret: async () => newPairingSecret(),
      getSecretKey: async () => merchantKey,
      getRelays: async () => ['wss://relay.example'],
      createPool: () => pool,
      profileHeld: async () => held,
    });
    await publisher.sync();
    expect(pool.events.get('wss://relay.example') ?? []).toHaveLength(0);
    expect(
      await readCatalog({
        pool,
        relays: ['wss://relay.example'],
        merchantPubkeyHex: merchant,
        pairingSecret: firstDevicesSecret,
      }),
    ).toBeUndefined();
    // The merchant resets the link on this device: its profile, and its catalog, take over.
    held = false;
    await publisher.sync();
    expect(pool.events.get('wss://relay.example')).toHaveLength(1);
  });
});
