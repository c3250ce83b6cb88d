// Counted stock on Dexie (schema v48): the merchant's counts per item and choice; the sales and
// refunds move `left` themselves (stock-moves.ts, docs/protocol.md "Stock").
import { liveQuery } from 'dexie';
import type { Clock } from '../../core/clock';
import type { StockStore } from '../../core/items/ports';
import type { StockCount, StockRow } from '../../core/items/stock';
import type { CashewDb } from '../database/db';

export class DexieStockStore implements StockStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  rows(): Promise<StockRow[]> {
    return this.db.stock.toArray();
  }

  watch(listener: (rows: StockRow[]) => void, onError: (error: unknown) => void): () => void {
    // Dexie tells every connection to this database, in this tab or another, of each write to the
    // table: a sale or refund recorded by any path moves the rows, and the listener hears it.
    const subscription = liveQuery(() => this.db.stock.toArray()).subscribe({
      next: listener,
      error: onError,
    });
    return () => subscription.unsubscribe();
  }

  async setCounts(
    itemId: string,
    counts: ReadonlyMap<string, Omit<StockCount, 'at'>>,
  ): Promise<void> {
    const { db } = this;
    const mine = (key: string) => key === itemId || key.startsWith(`${itemId}/`);
    await db.transaction('rw', db.stock, async () => {
      const at = this.clock();
      const gone = (await db.stock.toCollection().primaryKeys()).filter(
        (key) => mine(key) && !counts.has(key),
      );
      await db.stock.bulkDelete(gone);
      const rows = [...counts]
        .filter(([key]) => mine(key))
        .map(([key, count]): StockRow => ({
          key,
          count: count.count,
          at,
          left: count.count,
          ...(count.lowAt !== undefined ? { lowAt: count.lowAt } : {}),
        }));
      await db.stock.bulkPut(rows);
    });
  }
}
