// Tests for the Dexie CounterSource: per-keyset NUT-13 counters and the global COUNTER link.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { testStorage } from '../../testing/storage/db';

describe('DexieCounterSource', () => {
  it('hands out consecutive ranges per keyset and advances COUNTER by what was reserved', async () => {
    const s = testStorage();
    expect(await s.counterSource.reserve('k1', 3)).toEqual({ start: 0, count: 3 });
    expect(await s.counterSource.reserve('k1', 2)).toEqual({ start: 3, count: 2 });
    expect(await s.config.getCounter()).toBe(5);
    expect(await s.counterSource.snapshot!()).toEqual({ k1: 5 });
  });

  it('a zero reservation peeks without changing anything', async () => {
    const s = testStorage();
    await s.counterSource.reserve('k1', 4);
    expect(await s.counterSource.reserve('k1', 0)).toEqual({ start: 4, count: 0 });
    expect(await s.counterSource.reserve('k2', 0)).toEqual({ start: 4, count: 0 });
    expect(await s.counterSource.snapshot!()).toEqual({ k1: 4 });
    expect(await s.config.getCounter()).toBe(4);
  });

  it('a keyset without a counter starts at the stored global COUNTER (migrated wallets)', async () => {
    const s = testStorage();
    await s.config.setCounter(40);
    expect(await s.counterSource.reserve('k1', 2)).toEqual({ start: 40, count: 2 });
    expect(await s.config.getCounter()).toBe(42);
  });

  it('a keyset without a counter starts at 0 when COUNTER is not numeric', async () => {
    const s = testStorage();
    await s.db.config.put({ key: 'COUNTER', value: 'garbage', updatedAt: 1 });
    expect(await s.counterSource.reserve('k1', 2)).toEqual({ start: 0, count: 2 });
    expect(await s.config.getCounter()).toBe(2);
  });

  it('keeps each keyset on its own counter', async () => {
    const s = testStorage();
    await s.counterSource.reserve('k1', 3);
    await s.counterSource.reserve('k2', 1);
    expect(await s.counterSource.reserve('k1', 1)).toEqual({ start: 3, count: 1 });
    expect(await s.counterSource.snapshot!()).toEqual({ k1: 4, k2: 4 });
  });

  it('concurrent reservations from two tabs never overlap', async () => {
    const name = testStorage().db.name;
    const tabA = testStorage(name);
    const tabB = testStorage(name);
    const ranges = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? tabA : tabB).counterSource.reserve('k1', 1 + (i % 3)),
      ),
    );
    const used = ranges.flatMap((r) => Array.from({ length: r.count }, (_, j) => r.start + j));
    expect(new Set(used).size).toBe(used.length);
    expect(Math.max(...used) + 1).toBe(used.length);
    expect(await tabA.config.getCounter()).toBe(used.length);
  });

  it('advanceToAtLeast only moves forward', async () => {
    const s = testStorage();
    await s.counterSource.advanceToAtLeast('k1', 10);
    await s.counterSource.advanceToAtLeast('k1', 4);
    expect(await s.counterSource.reserve('k1', 1)).toEqual({ start: 10, count: 1 });
    expect(await s.config.getCounter()).toBe(11);
  });

  it('reserveAt takes a range at or after the cursor and refuses one already issued', async () => {
    const s = testStorage();
    await s.counterSource.reserve('k1', 5);
    expect(await s.counterSource.reserveAt!('k1', 8, 2)).toEqual({ start: 8, count: 2 });
    await expect(s.counterSource.reserveAt!('k1', 9, 1)).rejects.toThrow('already issued');
    expect(await s.counterSource.reserve('k1', 1)).toEqual({ start: 10, count: 1 });
  });

  it('setNext sets the cursor exactly', async () => {
    const s = testStorage();
    await s.counterSource.reserve('k1', 5);
    await s.counterSource.setNext!('k1', 2);
    expect(await s.counterSource.reserve('k1', 1)).toEqual({ start: 2, count: 1 });
  });

  it('refuses a negative reservation', async () => {
    const s = testStorage();
    await expect(s.counterSource.reserve('k1', -1)).rejects.toThrow();
    expect(await s.counterSource.snapshot!()).toEqual({});
  });
});
