// The inbox retry list for one session: a message is kept once, taken out only when this session
// had it, retried only by the inbox it is addressed to, and given up after 30 days.
import type { NostrEvent } from 'nostr-tools/core';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../logger';
import { INBOX_RETRY_LIST_MAX, INBOX_RETRY_LIST_MAX_AGE_MS } from './inbox-bounds';
import { InboxRetryList } from './inbox-retry-list';
import { MemoryRetryStore } from '../../../testing/remote-payments/memory-retry-store';

const NOW = 1_750_000_000_000;
const ME = 'aa'.repeat(32);
const OTHER = 'bb'.repeat(32);

function wrap(id: string, to = ME): NostrEvent {
  return {
    id,
    kind: 1059,
    pubkey: 'cc'.repeat(32),
    created_at: 0,
    content: 'x',
    sig: '',
    tags: [['p', to]],
  };
}

describe('InboxRetryList', () => {
  it('without a store keeps nothing and has nothing due', async () => {
    const list = new InboxRetryList(undefined, silentLogger, () => NOW);
    expect(list.enabled).toBe(false);
    expect(await list.park(wrap('a'))).toBe(false);
    expect(await list.due(ME)).toEqual([]);
  });

  it('keeps a message once and removes it when it is finished', async () => {
    const store = new MemoryRetryStore();
    const list = new InboxRetryList(store, silentLogger, () => NOW);
    expect(await list.park(wrap('a'))).toBe(true);
    expect(await list.park(wrap('a'))).toBe(true);
    expect([...store.rows.keys()]).toEqual(['a']);
    await list.unpark('a');
    expect(store.rows.size).toBe(0);
  });

  it('does not remove a row another session kept', async () => {
    const store = new MemoryRetryStore();
    await store.put({ id: 'a', event: wrap('a'), addedAt: NOW }, INBOX_RETRY_LIST_MAX);
    await new InboxRetryList(store, silentLogger, () => NOW).unpark('a');
    expect(store.rows.has('a')).toBe(true);
  });

  it('gives back its own wraps, leaves the other inbox’s, and drops those past 30 days', async () => {
    const store = new MemoryRetryStore();
    await store.put(
      { id: 'old', event: wrap('old'), addedAt: NOW - INBOX_RETRY_LIST_MAX_AGE_MS - 1 },
      50,
    );
    await store.put({ id: 'mine', event: wrap('mine'), addedAt: NOW - 1_000 }, 50);
    await store.put({ id: 'theirs', event: wrap('theirs', OTHER), addedAt: NOW - 1_000 }, 50);
    const list = new InboxRetryList(store, silentLogger, () => NOW);
    expect((await list.due(ME)).map((event) => event.id)).toEqual(['mine']);
    expect([...store.rows.keys()].sort()).toEqual(['mine', 'theirs']);
    // What it gave back is its own now: finishing it empties the row.
    await list.unpark('mine');
    expect([...store.rows.keys()]).toEqual(['theirs']);
  });

  it('a store that fails to keep the message says so: the message stays unresolved', async () => {
    const store = new MemoryRetryStore();
    store.put = async () => {
      throw new Error('quota');
    };
    expect(await new InboxRetryList(store, silentLogger, () => NOW).park(wrap('a'))).toBe(false);
  });
});
