// Receipts back to the cashier: only the merchant's receipt for the very sale counts; a forged one
// (sealed by another key) or one naming another quote changes nothing.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceiptListener } from './receipt-listener';
import type { SaleReceipt } from '../receipt-message';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';
import {
  awaitedSale,
  receiptListening,
  wrappedReceipt,
} from '../../../testing/remote-payments/receipt-listening';

const RELAY = 'wss://relay.test';
const merchantSk = generateSecretKey();
const listeners: ReceiptListener[] = [];

afterEach(() => {
  for (const listener of listeners.splice(0)) listener.stop();
});

function setup() {
  const pool = new FakeRelayPool();
  const { listener, received } = receiptListening(pool, merchantSk);
  listeners.push(listener);
  return { pool, received, listener };
}

const sale = (quote: string) => awaitedSale(quote, [RELAY]);

const receiptFor = (key: Uint8Array, receipt: SaleReceipt, sealedBy: Uint8Array = merchantSk) =>
  wrappedReceipt(sealedBy, key, receipt);

describe('ReceiptListener', () => {
  it('hands over the merchant’s receipt for the sale, also one the relay kept from before', async () => {
    const { pool, received, listener } = setup();
    const early = sale('q-early');
    const later = sale('q-later');
    // Stored before the cashier listened (the merchant was quick, or the page reloaded).
    pool.deliver(
      RELAY,
      receiptFor(early.receiptSecretKey, { quote: 'q-early', amount: 21, time: 1 }),
    );
    listener.listen([early, later]);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    pool.deliver(
      RELAY,
      receiptFor(later.receiptSecretKey, { quote: 'q-later', amount: 5, time: 2 }),
    );
    expect(received).toEqual([
      ['q-early', { quote: 'q-early', amount: 21, time: 1 }],
      ['q-later', { quote: 'q-later', amount: 5, time: 2 }],
    ]);
    // Back-dated receipts still match: the filter reaches two days and more before the sale.
    const filter = pool.openSubscriptions(RELAY)[0]!.filter;
    expect(filter.since).toBeLessThan(Math.floor(early.createdAt / 1000) - 172_800);
  });

  it('for a sale sent to the sales inbox key, takes the receipt that key sealed, not the npub’s', async () => {
    const { pool, received, listener } = setup();
    const inboxSk = generateSecretKey();
    const toInbox = { ...sale('q-inbox'), recipient: getPublicKey(inboxSk) };
    pool.deliver(
      RELAY,
      receiptFor(toInbox.receiptSecretKey, { quote: 'q-inbox', amount: 9, time: 1 }),
    );
    pool.deliver(
      RELAY,
      receiptFor(toInbox.receiptSecretKey, { quote: 'q-inbox', amount: 21, time: 2 }, inboxSk),
    );
    listener.listen([toInbox]);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received).toEqual([['q-inbox', { quote: 'q-inbox', amount: 21, time: 2 }]]);
  });

  it('ignores a forged receipt sealed by another key, and a receipt naming another quote', async () => {
    const { pool, received, listener } = setup();
    const mine = sale('q1');
    listener.listen([mine]);
    await Promise.resolve();
    const stranger = generateSecretKey();
    pool.deliver(
      RELAY,
      receiptFor(mine.receiptSecretKey, { quote: 'q1', amount: 1, time: 1 }, stranger),
    );
    pool.deliver(RELAY, receiptFor(mine.receiptSecretKey, { quote: 'q2', amount: 1, time: 1 }));
    expect(received).toEqual([]);
    pool.deliver(RELAY, receiptFor(mine.receiptSecretKey, { quote: 'q1', amount: 8, time: 3 }));
    expect(received).toEqual([['q1', { quote: 'q1', amount: 8, time: 3 }]]);
  });

  it('listens for the new set of sales and subscribes again after a relay drops it', async () => {
    vi.useFakeTimers();
    try {
      const { pool, listener } = setup();
      const a = sale('qa');
      listener.listen([a]);
      expect(pool.openSubscriptions(RELAY)).toHaveLength(1);
      listener.listen([a]); // same set: the subscription stays
      expect(pool.subscriptions).toHaveLength(1);
      listener.listen([a, sale('qb')]);
      expect(pool.openSubscriptions(RELAY)).toHaveLength(1);
      expect(pool.openSubscriptions(RELAY)[0]!.filter['#p']).toHaveLength(2);
      pool.drop(RELAY);
      expect(pool.openSubscriptions(RELAY)).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(pool.openSubscriptions(RELAY)).toHaveLength(1);
      listener.listen([]);
      expect(pool.openSubscriptions(RELAY)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
