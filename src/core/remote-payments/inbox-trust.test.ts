// The merchant inbox's trust rules with a fake pool and memory ports: only paired messages (unless
// the merchant accepts unpaired ones), any mint the wallet used, the mint asked first, per-relay
// lookback, and a repeated message answered with the receipt again.
import { describe, expect, it, vi } from 'vitest';
import {
  GIFT_WRAP_BACKDATE_SECONDS,
  INBOX_CURSOR_MARGIN_SECONDS,
  INBOX_LOOKBACK_SECONDS,
} from './constants';
import type { RemotePaymentInbox, RemotePaymentInboxDeps } from './merchant/inbox';
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
import type { RemoteQuoteVerdict } from './merchant/verify-remote-quote';

const OLD_MINT = 'https://old.mint.example';
const NOW_S = NOW / 1000;
const merchant = merchantInbox();
const { wrapOf, lock: LOCK } = merchant;

function message(overrides: Partial<PaymentMessage> = {}): PaymentMessage {
  return merchant.payment({ receipt: 'ab'.repeat(32), ...overrides });
}

function paired(secret: Uint8Array, overrides: Partial<PaymentMessage> = {}): PaymentMessage {
  const unsigned = message(overrides);
  return { ...unsigned, pairing: provePairing(secret, unsigned) };
}

class MemoryCursors {
  readonly rows = new Map<string, number>();
  async lastListen(relay: string) {
    return this.rows.get(relay);
  }
  async recordListen(relay: string, seconds: number) {
    this.rows.set(relay, seconds);
  }
}

function harness(
  options: Partial<RemotePaymentInboxDeps> & {
    pool?: FakeRelayPool;
    secret?: Uint8Array;
    acceptUnpaired?: boolean;
    verdict?: (payment: PaymentMessage, mintUrl: string) => RemoteQuoteVerdict;
  } = {},
) {
  const pool = options.pool ?? new FakeRelayPool();
  const secret = options.secret ?? newPairingSecret();
  const duplicates: PaymentMessage[] = [];
  const verified: string[] = [];
  const refusals: string[] = [];
  const cursors = new MemoryCursors();
  const settings = { acceptUnpaired: options.acceptUnpaired ?? false, secret };
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const { inbox, store, tracked, invalid } = merchant.inbox({
    pool,
    logger,
    getPairing: async () => ({ secret: settings.secret, acceptUnpaired: settings.acceptUnpaired }),
    acceptedMints: async () => [MINT, `${OLD_MINT}/`],
    onRefused: (kind) => refusals.push(kind),
    cursors,
    verify: async (payment, mintUrl) => {
      verified.push(payment.quote);
      if (options.verdict) return options.verdict(payment, mintUrl);
      return takeVerdict(payment, mintUrl, {
        amount: 21, // the mint's figure, whatever the message said
        request: 'lnbc-from-mint',
        createdAt: NOW,
        expiry: 1_800_000_000,
        pubkey: LOCK,
        ...(payment.receipt ? { receipt: payment.receipt } : {}),
      });
    },
    onDuplicate: async (payment) => {
      duplicates.push(payment);
    },
    ...options,
  });
  return {
    inbox,
    pool,
    store,
    tracked,
    invalid,
    duplicates,
    verified,
    refusals,
    cursors,
    settings,
    logger,
  };
}

const settle = (inbox: RemotePaymentInbox) => settleInbox(inbox, 20);

describe('RemotePaymentInbox trust rules', () => {
  it('drops unpaired and wrongly proven messages silently, without asking the mint', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(message({ quote: 'stranger' })));
    pool.deliver(RELAY, wrapOf(paired(newPairingSecret(), { quote: 'other-secret' })));
    // A relay that changes the amount of a paired message breaks its proof.
    pool.deliver(RELAY, wrapOf({ ...paired(secret, { quote: 'altered' }), amount: 5000 }));
    pool.deliver(RELAY, wrapOf(message({ quote: 'bad', amount: -1 })));
    const h = harness({ pool, secret });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
    expect(await h.store.list()).toEqual([]);
    expect(h.verified).toEqual([]);
    expect(h.invalid).toEqual([]);
    expect(h.logger.error).not.toHaveBeenCalled();
  });

  it('takes a paired message with the figures the mint gave, keeping the receipt key', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paired(secret)));
    const h = harness({ pool, secret });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.verified).toEqual(['quote-1']);
    expect(h.tracked).toMatchObject([
      { quote: 'quote-1', amount: 21, request: 'lnbc-from-mint', receipt: 'ab'.repeat(32) },
    ]);
  });

  it('stops taking messages proven with a secret after it is replaced', async () => {
    const old = newPairingSecret();
    const pool = new FakeRelayPool();
    const h = harness({ pool, secret: old });
    await h.inbox.start();
    await settle(h.inbox);
    h.settings.secret = newPairingSecret();
    pool.deliver(RELAY, wrapOf(paired(old, { quote: 'old-link' })));
    pool.deliver(RELAY, wrapOf(paired(h.settings.secret, { quote: 'new-link' })));
    await h.inbox.whenIdle();
    expect(h.tracked.map((q) => q.quote)).toEqual(['new-link']);
  });

  it('takes unpaired senders when the merchant accepts them, still asking the mint', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(message({ quote: 'open' })));
    const h = harness({ pool, acceptUnpaired: true });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.verified).toEqual(['open']);
    expect(h.tracked.map((q) => q.quote)).toEqual(['open']);
  });

  it('takes quotes on any accepted mint, at that mint; another mint never, paired or not, and counts it', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paired(secret, { quote: 'old', mint: OLD_MINT })));
    pool.deliver(
      RELAY,
      wrapOf(paired(secret, { quote: 'new-https', mint: 'https://new.example' })),
    );
    pool.deliver(RELAY, wrapOf(paired(secret, { quote: 'new-http', mint: 'http://new.example' })));
    pool.deliver(RELAY, wrapOf(message({ quote: 'stranger-new', mint: 'https://evil.example' })));
    const h = harness({ pool, secret });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked.map((q) => [q.quote, q.mintUrl])).toEqual([['old', `${OLD_MINT}/`]]);
    expect(h.verified).toEqual(['old']);
    // The stranger's message was dropped for being unpaired before its mint was looked at.
    expect(h.refusals.sort()).toEqual(['mint', 'mint', 'unpaired']);
  });

  it('counts an unlocked quote the mint check refuses, and stores nothing', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paired(secret, { quote: 'unlocked', pubkey: undefined })));
    const h = harness({
      pool,
      secret,
      verdict: () => ({ kind: 'drop', reason: 'unlocked', refused: 'unlocked' }),
    });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.verified).toEqual(['unlocked']);
    expect(h.tracked).toEqual([]);
    expect(h.refusals).toEqual(['unlocked']);
  });

  it('stores nothing the mint does not back, and nothing while the mint does not answer', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    for (let i = 0; i < 20; i++)
      pool.deliver(RELAY, wrapOf(paired(secret, { quote: `forged-${i}` })));
    pool.deliver(RELAY, wrapOf(paired(secret, { quote: 'offline' })));
    let reachable = false;
    const h = harness({
      pool,
      secret,
      maxTrackAttempts: 50,
      verdict: (payment, mintUrl) => {
        if (payment.quote.startsWith('forged')) return { kind: 'drop', reason: 'unknown' };
        if (!reachable) return { kind: 'retry', error: new Error('Network request failed') };
        return {
          kind: 'take',
          quote: {
            quote: payment.quote,
            mintUrl,
            amount: 7,
            request: 'lnbc',
            kind: 'remote',
            state: 'UNPAID',
            createdAt: NOW,
            expiry: null,
          },
        };
      },
    });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
    expect(await h.store.list()).toEqual([]);
    expect(h.invalid).toEqual([]);
    reachable = true;
    await vi.waitFor(() => expect(h.tracked.map((q) => q.quote)).toEqual(['offline']));
  });

  it('answers a repeated message for a claimed quote instead of taking it again', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paired(secret)));
    pool.deliver(RELAY, wrapOf(paired(secret)));
    const h = harness({ pool, secret });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toHaveLength(1);
    expect(h.duplicates.map((m) => m.quote)).toEqual(['quote-1']);
  });

  it('asks a relay from its last complete listen minus the back-dating window, and records the next', async () => {
    const cursorsBefore = NOW_S - 7 * 24 * 3600;
    const pool = new FakeRelayPool();
    const secret = newPairingSecret();
    // A sale sent a week ago, back-dated two more days: far beyond the fixed 3-day window.
    pool.deliver(
      RELAY,
      wrapOf(paired(secret, { quote: 'week-old' }), cursorsBefore - 2 * 24 * 3600 + 60),
    );
    const h = harness({ pool, secret });
    h.cursors.rows.set(RELAY, cursorsBefore);
    await h.inbox.start();
    await settle(h.inbox);
    expect(pool.openSubscriptions(RELAY)[0]!.filter.since).toBe(
      cursorsBefore - GIFT_WRAP_BACKDATE_SECONDS - INBOX_CURSOR_MARGIN_SECONDS,
    );
    expect(h.tracked.map((q) => q.quote)).toEqual(['week-old']);
    await vi.waitFor(() => expect(h.cursors.rows.get(RELAY)).toBe(NOW_S));
  });

  it('asks a relay it never listened to from three days back', async () => {
    const h = harness();
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.pool.openSubscriptions(RELAY)[0]!.filter.since).toBe(NOW_S - INBOX_LOOKBACK_SECONDS);
  });

  it('never records a lookback past a message it could not finish', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    const createdAt = NOW_S - 60 * 3600;
    pool.deliver(RELAY, wrapOf(paired(secret, { quote: 'stuck' }), createdAt));
    const h = harness({
      pool,
      secret,
      maxTrackAttempts: 1,
      verdict: () => ({ kind: 'retry', error: new Error('mint down') }),
    });
    await h.inbox.start();
    await settle(h.inbox);
    await vi.waitFor(() => expect(h.cursors.rows.get(RELAY)).toBeDefined());
    const cursor = h.cursors.rows.get(RELAY)!;
    expect(cursor).toBe(createdAt + GIFT_WRAP_BACKDATE_SECONDS);
    // The next start asks from early enough to get the message again.
    expect(cursor - GIFT_WRAP_BACKDATE_SECONDS - INBOX_CURSOR_MARGIN_SECONDS).toBeLessThan(
      createdAt,
    );
  });

  it('asks again when storage cannot say whether a sender is paired', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, wrapOf(paired(secret)));
    let failing = true;
    const h = harness({
      pool,
      secret,
      maxTrackAttempts: 1_000,
      getPairing: async () => {
        if (failing) throw new Error('IndexedDB closed');
        return { secret, acceptUnpaired: false };
      },
    });
    await h.inbox.start();
    await settle(h.inbox);
    expect(h.tracked).toEqual([]);
    failing = false;
    await vi.waitFor(() => expect(h.tracked.map((q) => q.quote)).toEqual(['quote-1']));
  });
});
