// The inbox retry list on Dexie: oldest first, one row per wrap, at most `max` rows.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { NostrEvent } from 'nostr-tools/core';
import { freshDbName, testStorage } from '../../testing/storage/db';

function wrap(id: string): NostrEvent {
  return { id, pubkey: 'ab', kind: 1059, created_at: 1, tags: [], content: 'x', sig: 'cd' };
}

describe('DexieInboxRetryStore', () => {
  it('keeps one row per wrap, lists the oldest first and drops the oldest above the cap', async () => {
    const s = testStorage(freshDbName());
    expect(await s.inboxRetries.put({ id: 'b', event: wrap('b'), addedAt: 20 }, 2)).toEqual([]);
    expect(await s.inboxRetries.put({ id: 'a', event: wrap('a'), addedAt: 10 }, 2)).toEqual([]);
    // Already there: kept as it was.
    await s.inboxRetries.put({ id: 'a', event: wrap('a'), addedAt: 99 }, 2);
    expect((await s.inboxRetries.list()).map((r) => [r.id, r.addedAt])).toEqual([
      ['a', 10],
      ['b', 20],
    ]);
    const dropped = await s.inboxRetries.put({ id: 'c', event: wrap('c'), addedAt: 30 }, 2);
    expect(dropped.map((r) => r.id)).toEqual(['a']);
    await s.inboxRetries.remove('b');
    expect((await s.inboxRetries.list()).map((r) => r.id)).toEqual(['c']);
    expect((await s.inboxRetries.list())[0]!.event).toEqual(wrap('c'));
    s.close();
  });
});
