// Counted stock watched: whoever records a sale (here the wallet's connection, the Items side on a
// connection of its own, as on Home), the watcher hears the new level at once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CashewDb } from '../database/db';
import { DexieStockStore } from './stock-store';
import { putPaidQuote, settleQ1, testStorage } from '../../testing/storage/db';
import { saleOf } from '../../testing/sale/cart-sale';
import type { StockRow } from '../../core/items/stock';

const CAKE = { itemId: 'cake', name: 'Cake', quantity: 2, unitSats: 1000 };

/** The levels a watcher on its own connection has heard, and a wait for the next one. */
function watching(dbName: string, clock: () => number) {
  const heard: Array<Record<string, number>> = [];
  const errors: unknown[] = [];
  const store = new DexieStockStore(new CashewDb(dbName), clock);
  const off = store.watch(
    (rows: StockRow[]) => heard.push(Object.fromEntries(rows.map((r) => [r.key, r.left]))),
    (error) => errors.push(error),
  );
  const hears = async (left: Record<string, number>) => {
    await expect.poll(() => heard.at(-1), { timeout: 2_000 }).toEqual(left);
  };
  return { heard, errors, off, hears };
}

describe('DexieStockStore.watch', () => {
  it('hears a cash sale and a Lightning sale recorded on another connection, each at once', async () => {
    const s = testStorage();
    await s.stock.setCounts('cake', new Map([['cake', { count: 5 }]]));
    const watcher = watching(s.db.name, () => s.now.value);
    await watcher.hears({ cake: 5 });
    s.now.value += 1_000;

    await s.history.addCashSale({ amount: 2000, sale: saleOf([CAKE], { method: 'cash' }) });
    await watcher.hears({ cake: 3 });

    await putPaidQuote(s);
    await settleQ1(s, { amount: 2000, sale: saleOf([{ ...CAKE, quantity: 1 }]) });
    await watcher.hears({ cake: 2 });
    expect(watcher.errors).toEqual([]);
    watcher.off();
  });

  it('hears nothing more once unsubscribed', async () => {
    const s = testStorage();
    await s.stock.setCounts('cake', new Map([['cake', { count: 5 }]]));
    const watcher = watching(s.db.name, () => s.now.value);
    await watcher.hears({ cake: 5 });
    watcher.off();
    const before = watcher.heard.length;
    s.now.value += 1_000;
    await s.history.addCashSale({ amount: 2000, sale: saleOf([CAKE], { method: 'cash' }) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watcher.heard).toHaveLength(before);
    expect((await s.stock.rows())[0]?.left).toBe(3);
  });
});
