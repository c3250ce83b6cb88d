// The cashier's catalog: only a cashier holding the link's secret reads it, only the merchant can
// sign it, a reset link reads nothing, and what is read is checked as the merchant's own items are.
import { bytesToHex } from '@noble/hashes/utils.js';
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
  type PublishedCatalog,
  readCatalogEvent,
  watchCatalog,
} from './catalog-event';
import {
  CATALOG_REPUBLISH_MS,
  CatalogPublisher,
  type PublishedCatalogRecord,
} from './merchant/catalog-publisher';
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
const RELAY = 'wss://relay.example';

/** What a cashier holding this secret shows once the relay sent what it stores. */
async function shownCatalog(pool: FakeRelayPool, pairingSecret: Uint8Array) {
  let shown: PublishedCatalog | undefined;
  const watch = watchCatalog({
    pool,
    relays: [RELAY],
    merchantPubkeyHex: merchant,
    pairingSecret,
    onCatalog: (catalog) => (shown = catalog),
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  watch.close();
  return shown;
}

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
    expect(read).not.toHaveProperty('unit');
  });

  it('tells the link the till’s fiat unit; sats, or a unit not known, read as none (0092)', () => {
    const secret = newPairingSecret();
    const usd = catalogOf([tea], { ...settings, unit: 'usd' });
    expect(usd.unit).toBe('usd');
    expect(catalogOf([tea], { ...settings, unit: 'sat' })).not.toHaveProperty('unit');
    const event = catalogEvent({
      merchantSecretKey: merchantKey,
      pairingSecret: secret,
      catalog: usd,
      now: 1,
    });
    expect(readCatalogEvent([event], merchant, secret)?.unit).toBe('usd');
    for (const unit of ['sat', 'msat', 'USD', 7]) {
      const odd = catalogEvent({
        merchantSecretKey: merchantKey,
        pairingSecret: secret,
        catalog: { ...usd, unit: unit as 'usd' },
        now: 2,
      });
      expect(readCatalogEvent([odd], merchant, secret)).not.toHaveProperty('unit');
    }
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
    const read = (s: Uint8Array) => shownCatalog(pool, s);
    expect((await read(secret))?.items.map((i) => i.id)).toEqual(['coffee', 'tea']);
    // Reset link: published again for the new secret; the old link's secret reads nothing new.
    const old = secret;
    secret = newPairingSecret();
    await publisher.sync();
    expect(stored()).toBe(3);
    expect((await read(secret))?.items).toHaveLength(2);
    expect((await read(old))?.items).toHaveLength(2);
  });

  it('dates each catalog after the last, so relays keep the newest even within one second', async () => {
    const pool = new FakeRelayPool();
    let items = [tea];
    const secret = newPairingSecret();
    const publisher = new CatalogPublisher({
      collect: async () => catalogOf(items, settings),
      getPairingSecret: async () => secret,
      getSecretKey: async () => merchantKey,
      getRelays: async () => [RELAY],
      createPool: () => pool,
      clock: () => 1_700_000_000_500,
    });
    await publisher.sync();
    items = [tea, coffee];
    await publisher.sync();
    const times = (pool.events.get(RELAY) ?? []).map((e) => e.created_at);
    expect(times).toEqual([1_700_000_000, 1_700_000_001]);
    expect((await shownCatalog(pool, secret))?.items).toHaveLength(2);
  });

  it('each person’s live link reads it; a link revoked since reads no later version', async () => {
    const pool = new FakeRelayPool();
    let items = [tea];
    const shop = newPairingSecret();
    const ana = newPairingSecret();
    let bo = newPairingSecret();
    const publisher = new CatalogPublisher({
      collect: async () => catalogOf(items, settings),
      getPairingSecret: async () => shop,
      staffSecrets: async () => [ana, bo],
      getSecretKey: async () => merchantKey,
      getRelays: async () => [RELAY],
      createPool: () => pool,
    });
    await publisher.sync();
    for (const secret of [shop, ana, bo]) {
      expect((await shownCatalog(pool, secret))?.items.map((i) => i.id)).toEqual(['tea']);
    }
    // The version's key is fresh and sealed per link: the event holds no link's derived key.
    const [first] = pool.events.get(RELAY)!;
    expect(first!.content).not.toContain('tea');
    expect(JSON.stringify(first!.tags)).not.toContain(bytesToHex(catalogKey(bo)));
    // Bo's link is revoked (a new secret): the next catalog is published without a change to the
    // items, and the old link reads nothing of it.
    const revoked = bo;
    bo = newPairingSecret();
    await publisher.sync();
    expect(pool.events.get(RELAY)).toHaveLength(2);
    items = [tea, coffee];
    await publisher.sync();
    const newest = pool.events.get(RELAY)!.at(-1)!;
    expect(readCatalogEvent([newest], merchant, revoked)).toBeUndefined();
    for (const secret of [shop, ana, bo]) {
      expect(readCatalogEvent([newest], merchant, secret)?.items).toHaveLength(2);
    }
  });

  it('a sealed version key that does not open leaves the link without that version', () => {
    const shop = newPairingSecret();
    const person = newPairingSecret();
    const event = catalogEvent({
      merchantSecretKey: merchantKey,
      pairingSecret: shop,
      catalog: catalogOf([tea], settings),
      now: 3,
      staffSecrets: [person],
    });
    const swapped = event.tags.map((t) =>
      t[0] === 'cashew-catalog-key' && t[1] === pairingId(person)
        ? [t[0], t[1], nip44.v2.encrypt('not a key', catalogKey(person))]
        : t,
    );
    const forged = finalizeEvent({ ...event, tags: swapped }, merchantKey);
    expect(readCatalogEvent([forged], merchant, person)).toBeUndefined();
    expect(readCatalogEvent([forged], merchant, shop)?.items).toHaveLength(1);
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
    expect(await shownCatalog(pool, firstDevicesSecret)).toBeUndefined();
    // The merchant resets the link on this device: its profile, and its catalog, take over.
    held = false;
    await publisher.sync();
    expect(pool.events.get('wss://relay.example')).toHaveLength(1);
  });

  describe('across page loads', () => {
    interface PageState {
      items: CatalogItem[];
      now: number;
      relays?: string[];
    }
    const secret = newPairingSecret();
    /** One page load's publisher over the relay and the note that outlive it. */
    const pageLoad = (
      pool: FakeRelayPool,
      note: { record?: PublishedCatalogRecord },
      state: PageState,
    ) =>
      new CatalogPublisher({
        collect: async () => catalogOf(state.items, settings),
        getPairingSecret: async () => secret,
        getSecretKey: async () => merchantKey,
        getRelays: async () => state.relays ?? [RELAY],
        createPool: () => pool,
        published: {
          lastPublishedCatalog: async () => note.record,
          recordPublishedCatalog: async ({ digest, createdAt }) => {
            note.record = { digest, createdAt, at: state.now };
          },
        },
        clock: () => state.now,
      });
    const stored = (pool: FakeRelayPool) => pool.events.get(RELAY)?.length ?? 0;

    it('does not sign and send an unchanged catalog again at the next start', async () => {
      const pool = new FakeRelayPool();
      const note: { record?: PublishedCatalogRecord } = {};
      const state: PageState = { items: [tea], now: 1_700_000_000_000 };
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(1);
      // The note holds a digest, never the pairing secret the catalog is sealed with.
      expect(note.record?.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(note)).not.toContain(bytesToHex(secret));
      state.now += 60_000;
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(1);
      // A change since: published, and noted again.
      state.items = [tea, coffee];
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(2);
      expect((await shownCatalog(pool, secret))?.items).toHaveLength(2);
      state.relays = [RELAY, 'wss://other.example'];
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(3);
    });

    it('dates the first catalog of a page load after the last one, even one dated ahead of the clock', async () => {
      const pool = new FakeRelayPool();
      const note: { record?: PublishedCatalogRecord } = {};
      const state: PageState = { items: [], now: 1_700_000_000_000 };
      // A burst of saves in one second: each catalog dated a second after the last.
      const first = pageLoad(pool, note, state);
      for (const items of [[tea], [tea, coffee], [tea, coffee, item('cake')]]) {
        state.items = items;
        await first.sync();
      }
      expect(note.record?.createdAt).toBe(1_700_000_002);
      // A reload in that same second, then one more item: dated after the burst, so relays keep it
      // and the cashier shows it.
      state.items = [...state.items, item('scone')];
      await pageLoad(pool, note, state).sync();
      const dates = (pool.events.get(RELAY) ?? []).map((e) => e.created_at);
      expect(dates).toEqual([1_700_000_000, 1_700_000_001, 1_700_000_002, 1_700_000_003]);
      expect((await shownCatalog(pool, secret))?.items).toHaveLength(4);
    });

    it('sends it again once the last one a relay took is a week old', async () => {
      const pool = new FakeRelayPool();
      const note: { record?: PublishedCatalogRecord } = {};
      const state = { items: [tea], now: 1_700_000_000_000 };
      await pageLoad(pool, note, state).sync();
      state.now += CATALOG_REPUBLISH_MS - 1;
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(1);
      state.now += 1;
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(2);
      expect(note.record?.at).toBe(state.now);
    });

    it('notes nothing when no relay took it, so the next start tries again', async () => {
      const pool = new FakeRelayPool();
      const note: { record?: PublishedCatalogRecord } = {};
      const state = { items: [tea], now: 1_700_000_000_000 };
      pool.behaviour.set(RELAY, 'refuse');
      await pageLoad(pool, note, state).sync();
      expect(note.record).toBeUndefined();
      pool.behaviour.delete(RELAY);
      await pageLoad(pool, note, state).sync();
      expect(stored(pool)).toBe(1);
    });
  });
});

describe('watchCatalog', () => {
  const signed = (items: CatalogItem[], secret: Uint8Array, now: number, key = merchantKey) =>
    catalogEvent({
      merchantSecretKey: key,
      pairingSecret: secret,
      catalog: catalogOf(items, settings),
      now,
    });
  const publish = (pool: FakeRelayPool, items: CatalogItem[], secret: Uint8Array, now: number) =>
    pool.deliver(RELAY, signed(items, secret, now));

  it('shows the newest stored catalog, then each newer one the merchant publishes', async () => {
    const pool = new FakeRelayPool();
    const secret = newPairingSecret();
    // Stored out of order: the newest one is shown, once.
    publish(pool, [tea, coffee], secret, 2_000);
    publish(pool, [tea], secret, 1_000);
    const shown: string[][] = [];
    const watch = watchCatalog({
      pool,
      relays: [RELAY, RELAY],
      merchantPubkeyHex: merchant,
      pairingSecret: secret,
      onCatalog: (catalog) => shown.push(catalog.items.map((i) => i.id)),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toEqual([['coffee', 'tea']]);
    publish(pool, [tea, coffee, item('cake', { position: 3 })], secret, 3_000);
    expect(shown.at(-1)).toEqual(['coffee', 'tea', 'cake']);
    // An older event, another link's, a stranger's or a forged one changes nothing.
    publish(pool, [tea], secret, 2_500);
    publish(pool, [tea], newPairingSecret(), 4_000);
    pool.deliver(RELAY, signed([tea], secret, 5_000, generateSecretKey()));
    // As a relay delivers it (JSON): nostr-tools marks events it verified on the object itself.
    const forged = signed([tea], secret, 6_000);
    pool.deliver(
      RELAY,
      JSON.parse(JSON.stringify({ ...forged, content: signed([coffee], secret, 1).content })),
    );
    expect(shown).toHaveLength(2);
    // Two catalogs of one second: the lower id is the one relays keep (NIP-01), here too.
    const pair = [signed([tea], secret, 8_000), signed([coffee], secret, 8_000)];
    const [first, second] = pair[0]!.id < pair[1]!.id ? [pair[0]!, pair[1]!] : [pair[1]!, pair[0]!];
    pool.deliver(RELAY, second);
    pool.deliver(RELAY, first);
    pool.deliver(RELAY, second);
    expect(shown.slice(2)).toEqual([
      readCatalogEvent([second], merchant, secret)!.items.map((i) => i.id),
      readCatalogEvent([first], merchant, secret)!.items.map((i) => i.id),
    ]);
    watch.close();
    publish(pool, [coffee], secret, 9_000);
    expect(shown).toHaveLength(4);
  });
});
