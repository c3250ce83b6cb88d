// Issue 48: junk wraps cost the merchant's inbox as little as can be, and never hold a live sale.
// A wrap whose content is not NIP-44 v2 is refused before its signature or any ECDH; the pool
// leaves signatures to the inbox, which checks them before opening; live wraps (after the relay's
// EOSE) are opened before the stored backlog, which is opened in slices (decision 0099).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NostrEvent } from 'nostr-tools/core';
import * as nip17 from 'nostr-tools/nip17';
import { v2 } from 'nostr-tools/nip44';
import { finalizeEvent, generateSecretKey, verifyEvent } from 'nostr-tools/pure';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';
import { INBOX_RELAY as RELAY, settleInbox } from '../../../testing/remote-payments/inbox-harness';
import { merchantInbox } from '../../../testing/remote-payments/merchant-inbox';
import { INBOX_SLICE_WRAPS } from './inbox-bounds';

// Every unwrap starts with the ECDH for the conversation key: counting unwraps counts ECDHs.
vi.mock('nostr-tools/nip17', async (original) => {
  const actual = await original<typeof import('nostr-tools/nip17')>();
  return { ...actual, unwrapEvent: vi.fn(actual.unwrapEvent) };
});
const unwrap = vi.mocked(nip17.unwrapEvent);
const realUnwrap = unwrap.getMockImplementation()!;

const merchant = merchantInbox();
const NOW_SECONDS = 1_750_000_000;

/** The event as a relay's message carries it: parsed JSON, nothing checked on it yet. */
function fromRelay(event: NostrEvent): NostrEvent {
  return JSON.parse(JSON.stringify(event)) as NostrEvent;
}

/** A validly signed wrap for the merchant whose content is `content` (junk nobody can open). */
function signedWrap(content: string): NostrEvent {
  const template = { kind: 1059, created_at: NOW_SECONDS, tags: [['p', merchant.pubkey]], content };
  return fromRelay(finalizeEvent(template, generateSecretKey()));
}

/** Junk of the right shape: a NIP-44 v2 payload under a key nobody shares with the merchant. */
function shapedJunk(): NostrEvent {
  return signedWrap(v2.encrypt('junk', generateSecretKey()));
}

/** A pool that, as the app's, leaves signatures to the inbox; counts its checks. */
function deferringPool() {
  const checks: string[] = [];
  const pool = Object.assign(new FakeRelayPool(), {
    checkSignature: (event: NostrEvent) => {
      checks.push(event.id);
      return verifyEvent(event);
    },
  });
  return { pool, checks };
}

function opened(): string[] {
  return unwrap.mock.calls.map(([event]) => event.id);
}

beforeEach(() => {
  unwrap.mockClear();
});

describe('junk wraps before the key work', () => {
  it('refuses malformed payloads with no signature check and no ECDH; a sale still opens', async () => {
    const { pool, checks } = deferringPool();
    const junk = [
      signedWrap('A'.repeat(1_000)),
      signedWrap(`#${'A'.repeat(200)}`),
      signedWrap(Buffer.from(new Uint8Array(750).fill(2)).toString('base64')),
    ];
    for (const wrap of junk) pool.deliver(RELAY, wrap);
    const sale = fromRelay(merchant.wrapOf(merchant.payment()));
    pool.deliver(RELAY, sale);
    const h = merchant.inbox({ pool });
    await h.inbox.start();
    await settleInbox(h.inbox);
    expect(opened()).toEqual([sale.id]);
    expect(checks).toEqual([sale.id]);
    expect(h.tracked.map((quote) => quote.quote)).toEqual([merchant.payment().quote]);
  });

  it('refuses a wrap whose signature fails before opening it, and a genuine copy still lands', async () => {
    const { pool, checks } = deferringPool();
    const sale = fromRelay(merchant.wrapOf(merchant.payment()));
    const forged = { ...sale, sig: '00'.repeat(64) };
    const h = merchant.inbox({ pool });
    await h.inbox.start();
    await settleInbox(h.inbox);
    pool.deliver(RELAY, forged);
    await settleInbox(h.inbox);
    expect(checks).toEqual([sale.id]);
    expect(opened()).toEqual([]);
    expect(h.tracked).toEqual([]);
    // The forged copy's id was not remembered: the real wrap, same id, is opened and taken.
    pool.deliver(RELAY, fromRelay(sale));
    await settleInbox(h.inbox);
    expect(opened()).toEqual([sale.id]);
    expect(h.tracked.map((quote) => quote.quote)).toEqual([merchant.payment().quote]);
  });

  it('opens the genuine copy of a wrap whose forged copy came first, both waiting', async () => {
    const { pool, checks } = deferringPool();
    const sale = fromRelay(merchant.wrapOf(merchant.payment()));
    const h = merchant.inbox({ pool });
    await h.inbox.start();
    await settleInbox(h.inbox);
    // A forged copy of the id first, then the real wrap, both in before either is read.
    pool.deliver(RELAY, { ...sale, sig: '00'.repeat(64) });
    pool.deliver(RELAY, fromRelay(sale));
    await settleInbox(h.inbox);
    expect(checks).toEqual([sale.id, sale.id]);
    expect(opened()).toEqual([sale.id]);
    expect(h.tracked.map((quote) => quote.quote)).toEqual([merchant.payment().quote]);
    // The real wrap sent again, and a forged copy after it, change nothing.
    pool.deliver(RELAY, fromRelay(sale));
    pool.deliver(RELAY, { ...fromRelay(sale), sig: '11'.repeat(64) });
    await settleInbox(h.inbox);
    expect(opened()).toEqual([sale.id]);
    expect(h.tracked).toHaveLength(1);
  });
});

describe('live before backlog', () => {
  const BACKLOG = INBOX_SLICE_WRAPS * 3;

  it('opens a sale sent after the EOSE before the stored junk is done', async () => {
    const { pool } = deferringPool();
    const backlog = Array.from({ length: BACKLOG }, shapedJunk);
    for (const wrap of backlog) pool.deliver(RELAY, wrap);
    const sale = fromRelay(merchant.wrapOf(merchant.payment()));
    // The sale is sent once the inbox has begun on the backlog, as a cashier's would be.
    unwrap.mockImplementationOnce((event, key) => {
      setTimeout(() => pool.deliver(RELAY, sale), 0);
      return realUnwrap(event, key);
    });
    const h = merchant.inbox({ pool });
    await h.inbox.start();
    await settleInbox(h.inbox);
    const order = opened();
    expect(order).toHaveLength(BACKLOG + 1);
    expect(order.indexOf(sale.id)).toBeLessThan(BACKLOG);
    expect(order.indexOf(sale.id)).toBeLessThanOrEqual(INBOX_SLICE_WRAPS);
    expect(order.filter((id) => id !== sale.id)).toEqual(backlog.map((wrap) => wrap.id));
    expect(h.tracked.map((quote) => quote.quote)).toEqual([merchant.payment().quote]);
  });

  it('leaves a backlog cut off by a closed page to the next start: its sale is taken then', async () => {
    const { pool } = deferringPool();
    const sale = fromRelay(merchant.wrapOf(merchant.payment()));
    for (const wrap of [...Array.from({ length: BACKLOG }, shapedJunk), sale]) {
      pool.deliver(RELAY, wrap);
    }
    const listened = new Map<string, number>();
    const cursors = {
      lastListen: async (relay: string) => listened.get(relay),
      recordListen: async (relay: string, seconds: number) => void listened.set(relay, seconds),
    };
    // The relay cursors are kept across the two starts, as the device keeps them.
    const first = merchant.inbox({ pool, cursors });
    // The page goes away while the first stored wrap is being opened.
    unwrap.mockImplementationOnce((event, key) => {
      void first.inbox.stop();
      return realUnwrap(event, key);
    });
    await first.inbox.start();
    await vi.waitFor(() => expect(unwrap).toHaveBeenCalled());
    await first.inbox.whenIdle();
    expect(first.inbox.isActive).toBe(false);
    expect(first.tracked).toEqual([]);

    const next = merchant.inbox({ pool, cursors, store: first.store });
    await next.inbox.start();
    await settleInbox(next.inbox);
    expect(next.tracked.map((quote) => quote.quote)).toEqual([merchant.payment().quote]);
  });

  it('still opens a sale the relay stored behind the junk, in its turn', async () => {
    const { pool } = deferringPool();
    const before = Array.from({ length: BACKLOG }, shapedJunk);
    const sale = fromRelay(merchant.wrapOf(merchant.payment()));
    for (const wrap of [...before, sale, shapedJunk()]) pool.deliver(RELAY, wrap);
    const h = merchant.inbox({ pool });
    await h.inbox.start();
    await settleInbox(h.inbox);
    expect(opened().indexOf(sale.id)).toBe(BACKLOG);
    expect(h.tracked.map((quote) => quote.quote)).toEqual([merchant.payment().quote]);
  });
});
