// The cashiers' catalog follows the stock: a cash or ecash sale (no Lightning settle to trigger
// it) that sells an item out publishes the catalog a few seconds later, once sales settle.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { testStorage } from '../../testing/storage/db';
import { saleOf } from '../../testing/sale/cart-sale';
import { publishSoldOutStock } from './startup';

const CAKE = { itemId: 'cake', name: 'Cake', quantity: 1, unitSats: 1000 };
const onboarded = { isOnboarded: async () => true };

describe('publishSoldOutStock', () => {
  it('publishes the catalog after a cash sale sells the last cake, not after one that does not', async () => {
    const s = testStorage();
    await s.stock.setCounts('cake', new Map([['cake', { count: 2 }]]));
    s.now.value += 1_000;
    const sync = vi.fn();
    await publishSoldOutStock({
      stock: s.stock,
      catalog: { sync },
      config: onboarded,
      logger: silentLogger,
      delayMs: 50,
    });

    await s.history.addCashSale({ amount: 1000, sale: saleOf([CAKE], { method: 'cash' }) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sync).not.toHaveBeenCalled();

    await s.history.addCashSale({ amount: 1000, sale: saleOf([CAKE], { method: 'cash' }) });
    await expect.poll(() => sync.mock.calls.length, { timeout: 2_000 }).toBe(1);
  });

  it('follows nothing on a device that is not onboarded (the cashier page)', async () => {
    const s = testStorage();
    const watch = vi.fn(() => () => {});
    await publishSoldOutStock({
      stock: { watch },
      catalog: { sync: vi.fn() },
      config: { isOnboarded: async () => false },
      logger: silentLogger,
    });
    expect(watch).not.toHaveBeenCalled();
    s.db.close();
  });
});
