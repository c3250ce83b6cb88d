// Tests for the Dexie ConfigStore: the config keys of docs/architecture.md "Storage", defaults
// written back, counter rules.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, testStorage } from '../../testing/storage/db';

describe('ConfigStore', () => {
  it('returns the default mint URL when none is stored and writes it back', async () => {
    const s = testStorage();
    expect(await s.config.getMintUrl()).toBe(DEFAULTS.mintUrl);
    expect(await s.db.config.get('MINT_URL')).toEqual({
      key: 'MINT_URL',
      value: DEFAULTS.mintUrl,
      updatedAt: s.now.value,
    });
  });

  it('returns a stored mint URL unchanged', async () => {
    const s = testStorage();
    await s.config.setMintUrl('https://mint.example');
    expect(await s.config.getMintUrl()).toBe('https://mint.example');
  });

  it('reads a stored mint URL and relay list without a write transaction', async () => {
    const s = testStorage();
    await s.config.saveSettings({ mintUrl: 'https://m.example', relays: ['wss://r.example'] });
    // Inside a read-only transaction a nested write transaction is refused: only a plain read passes.
    const read = await s.db.transaction('r', s.db.config, () =>
      Promise.all([s.config.getMintUrl(), s.config.getRelays()]),
    );
    expect(read).toEqual(['https://m.example', ['wss://r.example']]);
  });

  it('writes the default mint URL back once when another caller wrote it first', async () => {
    const s = testStorage();
    const [first, second] = await Promise.all([s.config.getMintUrl(), s.config.getMintUrl()]);
    expect([first, second]).toEqual([DEFAULTS.mintUrl, DEFAULTS.mintUrl]);
    expect(await s.db.config.where('key').equals('MINT_URL').count()).toBe(1);
  });

  it('returns the default relays when none are stored and writes them back as JSON', async () => {
    const s = testStorage();
    expect(await s.config.getRelays()).toEqual(DEFAULTS.relays);
    expect((await s.db.config.get('RELAYS'))?.value).toBe(JSON.stringify(DEFAULTS.relays));
  });

  it.each([['not json'], ['{"a":1}'], ['[1,2]'], ['[]']])(
    'replaces an invalid stored relay list %s with the default',
    async (stored) => {
      const s = testStorage();
      await s.db.config.put({ key: 'RELAYS', value: stored, updatedAt: 1 });
      expect(await s.config.getRelays()).toEqual(DEFAULTS.relays);
      expect((await s.db.config.get('RELAYS'))?.value).toBe(JSON.stringify(DEFAULTS.relays));
    },
  );

  it('stores relays as a JSON list and reads them back', async () => {
    const s = testStorage();
    await s.config.setRelays(['wss://a.example', 'wss://b.example']);
    expect((await s.db.config.get('RELAYS'))?.value).toBe('["wss://a.example","wss://b.example"]');
    expect(await s.config.getRelays()).toEqual(['wss://a.example', 'wss://b.example']);
  });

  it('saves mint URL and relays together', async () => {
    const s = testStorage();
    await s.config.saveSettings({ mintUrl: 'https://m.example', relays: ['wss://r.example'] });
    expect(await s.config.getMintUrl()).toBe('https://m.example');
    expect(await s.config.getRelays()).toEqual(['wss://r.example']);
  });

  it("reads no shop name as '' and stores one under SHOP_NAME", async () => {
    const s = testStorage();
    expect(await s.config.getShopName()).toBe('');
    await s.config.setShopName('Corner Café');
    expect(await s.config.getShopName()).toBe('Corner Café');
    expect((await s.db.config.get('SHOP_NAME'))?.value).toBe('Corner Café');
  });

  it("stores the onboarded flag as 'true' / 'false' and reads absent as false", async () => {
    const s = testStorage();
    expect(await s.config.isOnboarded()).toBe(false);
    await s.config.setOnboarded(true);
    expect((await s.db.config.get('ONBOARDED'))?.value).toBe('true');
    expect(await s.config.isOnboarded()).toBe(true);
    await s.config.setOnboarded(false);
    expect((await s.db.config.get('ONBOARDED'))?.value).toBe('false');
    expect(await s.config.isOnboarded()).toBe(false);
  });

  it('reads an absent counter as 0', async () => {
    expect(await testStorage().config.getCounter()).toBe(0);
  });

  it.each([['abc'], ['Infinity'], ['NaN'], ['']])(
    'reads a non-numeric stored counter %j as 0',
    async (stored) => {
      const s = testStorage();
      await s.db.config.put({ key: 'COUNTER', value: stored, updatedAt: 1 });
      expect(await s.config.getCounter()).toBe(0);
      expect(await s.config.incrementCounter(2)).toBe(2);
    },
  );

  it('stores the counter as a numeric string, truncated to an integer', async () => {
    const s = testStorage();
    await s.config.setCounter(7.9);
    expect((await s.db.config.get('COUNTER'))?.value).toBe('7');
    expect(await s.config.getCounter()).toBe(7);
  });

  it('refuses to set a non-finite counter rather than resetting it', async () => {
    const s = testStorage();
    await s.config.setCounter(5);
    await expect(s.config.setCounter(Number.NaN)).rejects.toThrow();
    expect(await s.config.getCounter()).toBe(5);
  });

  it('increments and decrements, returning the new value', async () => {
    const s = testStorage();
    expect(await s.config.incrementCounter()).toBe(1);
    expect(await s.config.incrementCounter(5)).toBe(6);
    expect(await s.config.decrementCounter()).toBe(5);
    expect(await s.config.decrementCounter(2)).toBe(3);
    expect(await s.config.getCounter()).toBe(3);
  });

  it('loses no increment when many run at once from two connections', async () => {
    const name = testStorage().db.name;
    const tabA = testStorage(name);
    const tabB = testStorage(name);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? tabA : tabB).config.incrementCounter(3)),
    );
    expect(await tabA.config.getCounter()).toBe(60);
  });
});
