// In-memory CashierSaleStore with the Dexie store's behaviour (newest first, same pruning), for tests.
import {
  pruneQuotes,
  type CashierSale,
  type CashierSaleStore,
} from '../../core/remote-payments/cashier/cashier-sales';

export class MemoryCashierSaleStore implements CashierSaleStore {
  /** shared between two cashiers to play a page reloaded on the same database */
  constructor(readonly rows = new Map<string, CashierSale>()) {}

  async put(sale: CashierSale): Promise<void> {
    this.rows.set(sale.quote, { ...sale });
  }

  async update(quote: string, changes: Partial<CashierSale>): Promise<void> {
    const row = this.rows.get(quote);
    if (row) this.rows.set(quote, { ...row, ...changes });
  }

  async delete(quote: string): Promise<void> {
    this.rows.delete(quote);
  }

  async list(merchant: string): Promise<CashierSale[]> {
    return [...this.rows.values()]
      .filter((row) => row.merchant === merchant)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((row) => ({ ...row }));
  }

  async prune(merchant: string, now: number): Promise<number> {
    const drop = pruneQuotes(await this.list(merchant), now);
    for (const quote of drop) this.rows.delete(quote);
    return drop.length;
  }
}
