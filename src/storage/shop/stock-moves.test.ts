// Stock moved by the records (schema v48): a sale lowers its lines' counted items and choices once
// however often it is settled or by how many tabs, a refund of lines raises them.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  MINT_A,
  putPaidQuote,
  settleQ1,
  testStorage,
  type TestStorage,
} from '../../testing/storage/db';
import { saleOf } from '../../testing/sale/cart-sale';
import type { SaleLine } from '../../core/sale/sale-detail';
import { levelOf } from '../../core/items/stock';

const LARGE_OAT: SaleLine = {
  itemId: 'latte',
  name: 'Latte, large, oat milk',
  quantity: 2,
  unitSats: 4000,
  options: [
    { groupId: 'size', id: 'large', name: 'large' },
    { groupId: 'extras', id: 'oat', name: 'oat milk' },
  ],
};

/** A latte counted at 10, its large size at 4 (low at 2) and oat milk at 20; small not counted. */
async function counted(s: TestStorage) {
  await s.stock.setCounts(
    'latte',
    new Map([
      ['latte', { count: 10 }],
      ['latte/large', { count: 4, lowAt: 2 }],
      ['latte/oat', { count: 20 }],
    ]),
  );
}

const left = async (s: TestStorage) =>
  Object.fromEntries((await s.stock.rows()).map((row) => [row.key, row.left]));

const settle = (s: TestStorage, type: 'direct-payment' | 'remote-payment' = 'direct-payment') =>
  settleQ1(s, { type, amount: 8000, sale: saleOf([LARGE_OAT]) });

describe('stock moved by sales and refunds', () => {
  it('lowers the item and each picked choice by what a sale sold, in its transaction', async () => {
    const s = testStorage();
    await counted(s);
    s.now.value += 1_000;
    await putPaidQuote(s);
    expect((await settle(s)).settled).toBe(true);
    expect(await left(s)).toEqual({ latte: 8, 'latte/large': 2, 'latte/oat': 18 });
    const large = (await s.stock.rows()).find((row) => row.key === 'latte/large');
    expect(large && levelOf(large)).toEqual({ left: 2, low: true, soldOut: false });
  });

  it('moves nothing when a settled sale lands again (a replayed remote sale)', async () => {
    const s = testStorage();
    await s.stock.setCounts('latte', new Map([['latte', { count: 10 }]]));
    s.now.value += 1_000;
    await putPaidQuote(s);
    await settle(s, 'remote-payment');
    expect(await settle(s, 'remote-payment')).toMatchObject({ settled: false });
    expect(await left(s)).toEqual({ latte: 8 });
  });

  it('moves once when two tabs settle the same sale at once', async () => {
    const first = testStorage();
    await first.stock.setCounts('latte', new Map([['latte', { count: 10 }]]));
    await putPaidQuote(first);
    const tabA = testStorage(first.db.name);
    const tabB = testStorage(first.db.name);
    tabA.now.value += 1_000;
    tabB.now.value += 1_000;
    const results = await Promise.all([settle(tabA), settle(tabB)]);
    expect(results.filter((r) => r.settled)).toHaveLength(1);
    expect(await left(tabA)).toEqual({ latte: 8 });
  });

  it('raises the stock by a refund of the line, and not by a refund of an amount', async () => {
    const s = testStorage();
    await counted(s);
    s.now.value += 1_000;
    await putPaidQuote(s);
    await settle(s);
    const link = { refundOf: 1, method: 'lightning' as const };
    await s.history.addWithdrawal({ amount: 100, mintUrl: MINT_A, numProofs: 1, refund: link });
    expect(await left(s)).toEqual({ latte: 8, 'latte/large': 2, 'latte/oat': 18 });
    await s.history.addWithdrawal({
      amount: 4000,
      mintUrl: MINT_A,
      numProofs: 1,
      refund: { ...link, lines: [{ ...LARGE_OAT, quantity: 1 }] },
    });
    expect(await left(s)).toEqual({ latte: 9, 'latte/large': 3, 'latte/oat': 19 });
  });

  it('leaves a count set after a sale as the merchant set it', async () => {
    const s = testStorage();
    await s.stock.setCounts('latte', new Map([['latte', { count: 10 }]]));
    // A copy of an older sale recorded now (the phrase's other device) is in the count already.
    await s.db.historyEvents.add({
      createdAt: s.now.value - 1_000,
      type: 'direct-payment',
      amount: 8000,
      mintUrl: MINT_A,
      sale: saleOf([LARGE_OAT]),
      gid: 'other:1',
      device: 'other',
    });
    expect(await left(s)).toEqual({ latte: 10 });
  });

  it('moves by every sale of one bulk add, a copy already stored moving nothing', async () => {
    const s = testStorage();
    await s.stock.setCounts('latte', new Map([['latte', { count: 10 }]]));
    const copy = (gid: string) => ({
      createdAt: s.now.value + 1_000,
      type: 'remote-payment',
      amount: 8000,
      mintUrl: MINT_A,
      sale: saleOf([LARGE_OAT]),
      gid,
      device: 'other',
    });
    await s.db.historyEvents.bulkAdd([copy('other:1'), copy('other:2')]);
    expect(await left(s)).toEqual({ latte: 6 });
    await expect(s.db.historyEvents.bulkAdd([copy('other:2'), copy('other:3')])).rejects.toThrow();
    // The copy already stored is refused and moves nothing; the new one beside it moves by 2.
    expect(await left(s)).toEqual({ latte: 4 });
  });
});
