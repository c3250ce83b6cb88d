// The inbox's bounds with a fake pool and memory ports: a wrap over the size limit or one that does
// not decrypt costs no storage read, an unfinished message goes to the retry list instead of
// holding the relay's lookback, and the retry list brings it back at the next start.
import { describe, expect, it, vi } from 'vitest';
import { GIFT_WRAP_BACKDATE_SECONDS } from './constants';
import type { RemotePaymentInbox, RemotePaymentInboxDeps } from './merchant/inbox';
import { INBOX_MAX_HOLD_SECONDS, MAX_WRAP_CONTENT_CHARS } from './merchant/inbox-bounds';
import { newPairingSecret, provePairing } from './pairing';
import type { PaymentMessage } from './payment-message';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import { FIXTURE_MINT as MINT } from '../../testing/remote-payments/payment-message-fixture';
import {
  INBOX_NOW as NOW,
  INBOX_RELAY as RELAY,
  settleInbox,
  takeVerdict,
} from '../../testing/remote-payments/inbox-harness';
import { merchantInbox } from '../../testing/remote-payments/merchant-inbox';
import { MemoryRetryStore } from '../../testing/remote-payments/memory-retry-store';
import type { RemoteQuoteVerdict } from './merchant/verify-remote-quote';

const NOW_S = NOW / 1000;
const merchant = merchantInbox();
const { wrapOf, lock: LOCK } = merchant;
const secret = newPairingSecret();

function paid(quote: string): PaymentMessage {
  const unsigned = merchant.payment({ quote });
  return { ...unsigned, pairing: provePairing(secret, unsigned) };
}

function harness(
  options: Partial<RemotePaymentInboxDeps> & {
    pool?: FakeRelayPool;
    retryList?: MemoryRetryStore;
    verdict?: () => RemoteQuoteVerdict;
  } = {},
) {
  const pool = options.pool ?? new FakeRelayPool();
  const cursors = new Map<string, number>();
  const reads = { pairing: 0 };
  const { inbox, tracked } = merchant.inbox({
    pool,
    maxTrackAttempts: 2,
    getPairing: async () => {
      reads.pairing += 1;
      return { secret, acceptUnpaired: false };
    },
    acceptedMints: async () => [MINT],
    cursors: {
      lastListen: async (relay) => cursors.get(relay),
      recordListen: async (relay, seconds) => void cursors.set(relay, seconds),
    },
    verify: async (payment, mintUrl) =>
      options.verdict?.() ?? takeVerdict(payment, mintUrl, { createdAt: NOW, pubkey: LOCK }),
    ...(options.retryList ? { retryList: options.retryList } : {}),
    ...options,
  });
  return { inbox, pool, tracked, cursors, reads };
}

const settle = (inbox: RemotePaymentInbox) => settleInbox(inbox, 30);

describe('the cheap checks come first', () => {
  it('drops a wrap over the size limit unopened and junk that does not decrypt without a read', async () => {
    const pool = new FakeRelayPool();
    const big = wrapOf(paid('big'));
    pool.deliver(RELAY, { ...big, content: big.content.padEnd(MAX_WRAP_CONTENT_CHARS + 1, 'A') });
    const template = wrapOf(paid('x'));
    for (let i = 0; i < 50; i++) {
      pool.deliver(RELAY, { ...template, id: `junk-${i}`, content: `junk${i}` });
    }
    const h = harness({ pool });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
    expect(h.reads.pairing).toBe(0);

    // A real sale behind them is taken.
    pool.deliver(RELAY, wrapOf(paid('real')));
    await vi.waitFor(() => expect(h.tracked.map((q) => q.quote)).toEqual(['real']));
    expect(h.reads.pairing).toBe(1);
  });
});

describe('an unfinished message', () => {
  it('goes to the retry list after its retries and stops holding the lookback', async () => {
    const pool = new FakeRelayPool();
    const createdAt = NOW_S - 40 * 3600;
    const stuck = wrapOf(paid('stuck'), createdAt);
    pool.deliver(RELAY, stuck);
    const retryList = new MemoryRetryStore();
    const h = harness({
      pool,
      retryList,
      verdict: () => ({ kind: 'retry', error: new Error('mint down') }),
    });
    await h.inbox.start();
    await settle(h.inbox);
    await vi.waitFor(() => expect([...retryList.rows.keys()]).toEqual([stuck.id]));
    await vi.waitFor(() => expect(h.cursors.get(RELAY)).toBe(NOW_S));
    expect(h.tracked).toEqual([]);
  });

  it('comes back from the retry list at the next start and leaves it once taken', async () => {
    const retryList = new MemoryRetryStore();
    const stuck = wrapOf(paid('later'), NOW_S - 10 * 86_400);
    await retryList.put({ id: stuck.id, event: stuck, addedAt: NOW - 86_400_000 }, 50);
    // The relay no longer has it: only the retry list does.
    const h = harness({ retryList });
    await h.inbox.start();
    await settle(h.inbox);
    await vi.waitFor(() => expect(h.tracked.map((q) => q.quote)).toEqual(['later']));
    await vi.waitFor(() => expect(retryList.rows.size).toBe(0));
  });

  it('is given up after 30 days in the retry list', async () => {
    const retryList = new MemoryRetryStore();
    const stale = wrapOf(paid('stale'));
    await retryList.put({ id: stale.id, event: stale, addedAt: NOW - 31 * 86_400_000 }, 50);
    const h = harness({ retryList });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
    expect(retryList.rows.size).toBe(0);
  });

  it('without a retry list holds the lookback no further back than the bound', async () => {
    const pool = new FakeRelayPool();
    // A sender chose a created_at a year back: it must not pin the lookback there.
    pool.deliver(RELAY, wrapOf(paid('pinned'), NOW_S - 365 * 86_400));
    const h = harness({ pool, verdict: () => ({ kind: 'retry', error: new Error('mint down') }) });
    // Last listened long ago, so the relay is asked from before that created_at.
    h.cursors.set(RELAY, NOW_S - 400 * 86_400);
    await h.inbox.start();
    await settle(h.inbox);
    await vi.waitFor(() => expect(h.cursors.get(RELAY)).toBe(NOW_S - INBOX_MAX_HOLD_SECONDS));
    expect(h.cursors.get(RELAY)).toBeGreaterThan(NOW_S - 365 * 86_400 + GIFT_WRAP_BACKDATE_SECONDS);
  });
});
