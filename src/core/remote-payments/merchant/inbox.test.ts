import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it, vi } from 'vitest';
import { InvalidPaymentMessageError } from '../../errors';
import { silentLogger } from '../../logger';
import type { PendingMintQuote } from '../../wallet/mint/ports';
import { INBOX_LOOKBACK_SECONDS } from '../constants';
import type { RemotePaymentInbox, RemotePaymentInboxDeps } from './inbox';
import { lockPubkeyForNostrKey } from '../../wallet/mint/nut20-key';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';
import { MemoryLocks } from '../../../testing/remote-payments/memory-locks';
import { MemoryProcessedQuoteStore } from '../../../testing/remote-payments/memory-processed-quotes';
import { FIXTURE_MINT as MINT } from '../../../testing/remote-payments/payment-message-fixture';
import {
  claimAndTrack,
  INBOX_NOW as NOW,
  INBOX_RELAY as RELAY,
  settleInbox,
  wrapFor,
} from '../../../testing/remote-payments/inbox-harness';
import { merchantInbox } from '../../../testing/remote-payments/merchant-inbox';

const merchant = merchantInbox();
const { pubkey: merchantPub, payment: paymentMessage, wrapOf } = merchant;

interface Harness {
  inbox: RemotePaymentInbox;
  pools: FakeRelayPool[];
  tracked: PendingMintQuote[];
  invalid: Error[];
  store: MemoryProcessedQuoteStore;
}

function harness(
  options: Partial<RemotePaymentInboxDeps> & {
    pool?: FakeRelayPool;
    store?: MemoryProcessedQuoteStore;
    relays?: string[];
  } = {},
): Harness {
  const pools: FakeRelayPool[] = [];
  const made = merchant.inbox({
    createPool: () => {
      const pool = options.pool ?? new FakeRelayPool();
      pools.push(pool);
      return pool;
    },
    getRelays: async () => options.relays ?? [RELAY],
    getMintUrl: async () => `${MINT}/`,
    ...options,
  });
  return { ...made, pools };
}

const settle = (inbox: RemotePaymentInbox) => settleInbox(inbox);

describe('RemotePaymentInbox', () => {
  it('subscribes to gift wraps for the merchant key from three days back', async () => {
    const h = harness();
    await h.inbox.start();
    await settle(h.inbox);
    const [sub] = h.pools[0]!.openSubscriptions(RELAY);
    expect(sub?.filter).toEqual({
      kinds: [1059],
      '#p': [merchantPub],
      since: Math.floor(NOW / 1000) - INBOX_LOOKBACK_SECONDS,
    });
  });

  it('hands a valid message over as a pending remote quote', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    const h = harness({ pool });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([
      {
        quote: 'quote-1',
        mintUrl: `${MINT}/`,
        amount: 100,
        request: 'lnbc1u1pdev',
        kind: 'remote',
        state: 'UNPAID',
        createdAt: NOW,
        expiry: 1_900_000_000,
        pubkey: lockPubkeyForNostrKey(merchantPub),
      },
    ]);
    expect(await h.store.isProcessed('quote-1')).toBe(true);
    expect(h.invalid).toEqual([]);
  });

  it('keeps the cashier’s fiat record on the quote when it is the amount’s, and takes the sale without a bad one (decision 0046)', async () => {
    const pool = new FakeRelayPool();
    // 100 sats at 100,000 USD/BTC is 0.10 USD.
    const fiat = { currency: 'USD', price: 100_000, value: 0.1, time: NOW - 60_000 };
    pool.deliver(RELAY, wrapOf(paymentMessage({ fiat })));
    pool.deliver(RELAY, wrapOf(paymentMessage({ quote: 'quote-2', fiat: { ...fiat, value: 5 } })));
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (text: string) => void warnings.push(text) };
    const h = harness({ pool, logger });
    await h.inbox.start();
    await settle(h.inbox);
    const byQuote = new Map(h.tracked.map((quote) => [quote.quote, quote]));
    expect(byQuote.get('quote-1')?.cashierFiat).toEqual(fiat);
    expect(byQuote.get('quote-2')).toMatchObject({ amount: 100, kind: 'remote' });
    expect(byQuote.get('quote-2')?.cashierFiat).toBeUndefined();
    expect(warnings).toEqual([
      "Remote quote quote-2: the cashier's fiat record ignored, value does not match the sats",
    ]);
    expect(h.invalid).toEqual([]);
  });

  it('takes a quote over once however often and on however many relays it arrives', async () => {
    const pool = new FakeRelayPool();
    const wrap = wrapOf(paymentMessage());
    pool.deliver('ws://a', wrap);
    pool.deliver('ws://b', wrap);
    pool.deliver('ws://b', wrapOf(paymentMessage()));
    const h = harness({ pool, relays: ['ws://a', 'ws://b'] });
    await h.inbox.start();
    await settle(h.inbox);
    pool.deliver('ws://a', wrapOf(paymentMessage()));
    await h.inbox.whenIdle();
    expect(h.tracked.map((q) => q.quote)).toEqual(['quote-1']);
  });

  it('lets only one of two listeners sharing a store take the quote over', async () => {
    const pool = new FakeRelayPool();
    const store = new MemoryProcessedQuoteStore(() => NOW);
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    const tracked: PendingMintQuote[] = [];
    const takeOver = claimAndTrack(store, tracked);
    const a = harness({ pool, store, takeOver });
    const b = harness({ pool, store, takeOver });
    await Promise.all([a.inbox.start(), b.inbox.start()]);
    await Promise.all([settle(a.inbox), settle(b.inbox)]);
    expect(tracked.map((q) => q.quote)).toEqual(['quote-1']);
  });

  it('skips a quote that was already processed', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    const h = harness({ pool });
    await h.store.mark('quote-1', 100);
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
  });

  it('raises no error for a quote credited earlier under a mint since changed in Settings', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paymentMessage({ quote: 'q-old', mint: 'http://old.mint' })));
    const h = harness({ pool });
    await h.store.mark('q-old', 100);
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.invalid).toEqual([]);
    expect(h.tracked).toEqual([]);
  });

  it('reports invalid messages without any state change, at most once a minute', async () => {
    let now = NOW;
    const pool = new FakeRelayPool();
    const otherKeyWrap = wrapFor(getPublicKey(generateSecretKey()), paymentMessage());
    // addressed to us by tag, but encrypted for someone else
    pool.deliver(RELAY, { ...otherKeyWrap, tags: [['p', merchantPub]] });
    pool.deliver(RELAY, wrapOf(paymentMessage({ quote: 'q-mint', mint: 'http://other.mint' })));
    pool.deliver(
      RELAY,
      wrapOf(paymentMessage({ quote: 'q-lock', pubkey: `02${'cd'.repeat(32)}` })),
    );
    const h = harness({ pool, clock: () => now });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
    expect(await h.store.list()).toEqual([]);
    expect(h.invalid).toHaveLength(1);
    expect(h.invalid[0]).toBeInstanceOf(InvalidPaymentMessageError);

    now += 60_000;
    pool.deliver(RELAY, wrapOf(paymentMessage({ quote: 'q-unit', amount: -1 })));
    await h.inbox.whenIdle();
    expect(h.invalid).toHaveLength(2);
  });

  it('takes a sat quote at a dollar till into the sat balance, with a warning, never an error (0115)', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paymentMessage({ quote: 'q-usd', unit: 'usd', amount: 250 })));
    pool.deliver(RELAY, wrapOf(paymentMessage({ quote: 'q-sat' })));
    const errors: string[] = [];
    const warnings: string[] = [];
    const logger = {
      ...silentLogger,
      error: (_text: string, failure: unknown) => void errors.push(String(failure)),
      warn: (text: string) => void warnings.push(text),
    };
    const h = harness({ pool, logger, tillUnit: async () => 'usd' });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toMatchObject([
      { quote: 'q-usd', amount: 250, unit: 'usd' },
      { quote: 'q-sat', amount: 100 },
    ]);
    expect(h.tracked[1]!.unit ?? 'sat').toBe('sat');
    expect(await h.store.isProcessed('q-sat')).toBe(true);
    expect(errors).toEqual([]);
    expect(warnings).toContain(
      'Remote quote q-sat is in sat, this till charges in usd: taken into the sat balance',
    );
    expect(h.invalid).toHaveLength(0);
  });

  it('retries a quote whose take-over failed instead of dropping it as processed', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    const store = new MemoryProcessedQuoteStore(() => NOW);
    const tracked: PendingMintQuote[] = [];
    const takeOver = claimAndTrack(store, tracked);
    let calls = 0;
    const h = harness({
      pool,
      store,
      takeOver: async (quote) => {
        calls++;
        // The transaction failed: neither the claim nor the pending row was written.
        if (calls === 1) throw new Error('IndexedDB quota exceeded');
        return takeOver(quote);
      },
    });
    await h.inbox.start();
    await vi.waitFor(() => expect(tracked.map((q) => q.quote)).toEqual(['quote-1']));
    expect(calls).toBe(2);
    expect(await h.store.isProcessed('quote-1')).toBe(true);
  });

  it('leaves a quote unclaimed when the take-over keeps failing, so the next start takes it', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    const store = new MemoryProcessedQuoteStore(() => NOW);
    let failing = true;
    const tracked: PendingMintQuote[] = [];
    const takeOver = claimAndTrack(store, tracked);
    const h = harness({
      pool,
      store,
      maxTrackAttempts: 2,
      takeOver: async (quote) => {
        if (failing) throw new Error('storage down');
        return takeOver(quote);
      },
    });
    await h.inbox.start();
    await vi.waitFor(() => expect(h.invalid).toHaveLength(1));
    expect(await h.store.isProcessed('quote-1')).toBe(false);

    failing = false;
    await h.inbox.restart();
    await settle(h.inbox);
    expect(tracked.map((q) => q.quote)).toEqual(['quote-1']);
  });

  it('ignores start while listening and closes everything on stop', async () => {
    const h = harness();
    await h.inbox.start();
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.pools).toHaveLength(1);
    expect(h.pools[0]!.openSubscriptions()).toHaveLength(1);
    await h.inbox.stop();
    expect(h.inbox.isListening).toBe(false);
    expect(h.inbox.isActive).toBe(false);
    expect(h.pools[0]!.openSubscriptions()).toHaveLength(0);
    expect(h.pools[0]!.destroyed).toBe(true);
  });

  it('resubscribes from three days back when a relay drops', async () => {
    const pool = new FakeRelayPool();
    const h = harness({ pool });
    await h.inbox.start();
    await settle(h.inbox);
    pool.drop(RELAY);
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    await vi.waitFor(() => expect(pool.openSubscriptions(RELAY)).toHaveLength(1));
    await vi.waitFor(() => expect(h.tracked.map((q) => q.quote)).toEqual(['quote-1']));
    expect(pool.openSubscriptions(RELAY)[0]!.filter.since).toBe(
      Math.floor(NOW / 1000) - INBOX_LOOKBACK_SECONDS,
    );
  });

  it('keeps retrying a relay that is down until it comes back', async () => {
    const pool = new FakeRelayPool();
    pool.behaviour.set(RELAY, 'down');
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    const h = harness({ pool });
    await h.inbox.start();
    await vi.waitFor(() => expect(pool.subscriptions.length).toBeGreaterThan(2));
    expect(h.tracked).toEqual([]);
    pool.behaviour.set(RELAY, 'accept');
    await vi.waitFor(() => expect(h.tracked.map((q) => q.quote)).toEqual(['quote-1']));
  });

  it('waits longer after each refused connection to a relay that stays down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pool = new FakeRelayPool();
      pool.behaviour.set(RELAY, 'down');
      const h = harness({ pool, retryDelaysMs: [1_000, 2_000, 5_000] });
      await h.inbox.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(pool.subscriptions).toHaveLength(1);
      const attemptsAfter = async (ms: number) => {
        await vi.advanceTimersByTimeAsync(ms);
        return pool.subscriptions.length;
      };
      expect(await attemptsAfter(999)).toBe(1);
      expect(await attemptsAfter(1)).toBe(2);
      expect(await attemptsAfter(1_999)).toBe(2);
      expect(await attemptsAfter(1)).toBe(3);
      expect(await attemptsAfter(4_999)).toBe(3);
      expect(await attemptsAfter(1)).toBe(4);
      expect(await attemptsAfter(5_000)).toBe(5);
      expect(h.tracked).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resubscribes after the first delay when a relay that answered drops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pool = new FakeRelayPool();
      const h = harness({ pool, retryDelaysMs: [1_000, 2_000, 5_000] });
      await h.inbox.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(pool.openSubscriptions(RELAY)).toHaveLength(1);
      for (let drop = 0; drop < 3; drop++) {
        pool.drop(RELAY);
        await vi.advanceTimersByTimeAsync(999);
        expect(pool.openSubscriptions(RELAY)).toHaveLength(0);
        await vi.advanceTimersByTimeAsync(1);
        expect(pool.openSubscriptions(RELAY)).toHaveLength(1);
      }
      expect(h.inbox.isActive).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the new relays after restart', async () => {
    let relays = ['ws://old'];
    const h = harness({ getRelays: async () => relays });
    await h.inbox.start();
    await settle(h.inbox);
    relays = ['ws://new'];
    await h.inbox.restart();
    await settle(h.inbox);
    expect(h.pools[1]!.openSubscriptions().map((s) => s.relay)).toEqual(['ws://new']);
  });

  it('listens in one tab only and hands over when that tab stops', async () => {
    const locks = new MemoryLocks();
    const pool = new FakeRelayPool();
    const first = harness({ pool, lockProvider: locks });
    const second = harness({ pool, lockProvider: locks });
    await first.inbox.start();
    await settle(first.inbox);
    await second.inbox.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.inbox.isListening).toBe(true);
    expect(second.inbox.isActive).toBe(false);
    expect(pool.openSubscriptions()).toHaveLength(1);

    await first.inbox.stop();
    await settle(second.inbox);
    pool.deliver(RELAY, wrapOf(paymentMessage()));
    await second.inbox.whenIdle();
    expect(second.tracked.map((q) => q.quote)).toEqual(['quote-1']);
    expect(first.tracked).toEqual([]);
  });

  it('cleans processed quotes older than 30 days when it starts', async () => {
    let now = NOW - 2_592_000_001;
    const store = new MemoryProcessedQuoteStore(() => now);
    await store.mark('ancient', 1);
    now = NOW;
    await store.mark('recent', 1);
    const h = harness({ store });
    await h.inbox.start();
    await settle(h.inbox);
    expect((await store.list()).map((row) => row.quoteId)).toEqual(['recent']);
  });
});
