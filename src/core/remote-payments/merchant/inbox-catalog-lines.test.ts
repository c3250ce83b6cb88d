import { describe, expect, it } from 'vitest';
import type { RemoteSaleLines } from '../remote-sale';
import type { RefusalKind } from '../sale-judgement';
import { catalogItem } from '../../../testing/items/catalog';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';
import { settleInbox } from '../../../testing/remote-payments/inbox-harness';
import { merchantInbox } from '../../../testing/remote-payments/merchant-inbox';

const merchant = merchantInbox();

const coffee = catalogItem({ id: 'coffee', name: 'Coffee', price: { unit: 'sat', sats: 100 } });
/** Coffee at 1 sat and a 99-sat tip: adds up to the quote's 100 sats with tips switched off. */
const forged: RemoteSaleLines = {
  lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 1 }],
  subtotalSats: 1,
  taxSats: 0,
  tipSats: 99,
};
const honest: RemoteSaleLines = {
  lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 100 }],
  subtotalSats: 100,
  taxSats: 0,
  tipSats: 0,
};

describe('a remote sale checked against the catalog', () => {
  it('takes the quote of a forged line set at the catalog figures, noted and counted', async () => {
    const pool = new FakeRelayPool();
    pool.deliver('ws://relay.test', merchant.wrapOf(merchant.payment({ sale: forged })));
    const refused: [RefusalKind, string][] = [];
    const h = merchant.inbox({
      pool,
      catalog: async () => ({ items: [coffee], tips: false }),
      onRefused: (kind, quote) => void refused.push([kind, quote]),
    });
    await h.inbox.start();
    await settleInbox(h.inbox);
    expect(h.tracked).toHaveLength(1);
    expect(h.tracked[0]?.amount).toBe(100);
    expect(h.tracked[0]?.sale).toEqual({
      lines: [{ itemId: 'coffee', name: 'Coffee', quantity: 1, unitSats: 100 }],
      subtotalSats: 100,
      taxSats: 0,
      tipSats: 0,
      method: 'lightning',
      note: 'cashier-lines',
    });
    expect(refused).toEqual([['lines', 'quote-1']]);
  });

  it('keeps lines that match the catalog as sent, counting nothing', async () => {
    const pool = new FakeRelayPool();
    pool.deliver('ws://relay.test', merchant.wrapOf(merchant.payment({ sale: honest })));
    const refused: RefusalKind[] = [];
    const h = merchant.inbox({
      pool,
      catalog: async () => ({ items: [coffee], tips: false }),
      onRefused: (kind) => void refused.push(kind),
    });
    await h.inbox.start();
    await settleInbox(h.inbox);
    expect(h.tracked[0]?.sale).toEqual({ ...honest, method: 'lightning' });
    expect(refused).toEqual([]);
  });

  it('stores nothing while the catalog cannot be read, and takes the sale once it can', async () => {
    const pool = new FakeRelayPool();
    pool.deliver('ws://relay.test', merchant.wrapOf(merchant.payment({ sale: forged })));
    let reads = 0;
    const h = merchant.inbox({
      pool,
      catalog: async () => {
        reads += 1;
        if (reads === 1) throw new Error('storage closed');
        return { items: [coffee], tips: false };
      },
    });
    await h.inbox.start();
    await settleInbox(h.inbox);
    await expect.poll(() => h.tracked.length).toBe(1);
    expect(reads).toBe(2);
    expect(h.tracked[0]?.sale?.note).toBe('cashier-lines');
  });
});
