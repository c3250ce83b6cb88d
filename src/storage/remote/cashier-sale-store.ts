// The remote cashier's sales list and link secrets on Dexie (schema v16): written by the cashier
// page only, never by the merchant's wallet (docs/protocol.md "Sending (cashier)").
import {
  pruneQuotes,
  type CashierLinkStore,
  type CashierSale,
  type CashierSaleStore,
} from '../../core/remote-payments/cashier/cashier-sales';
import type { Clock } from '../../core/clock';
import type { CashewDb } from '../database/db';

export class DexieCashierSaleStore implements CashierSaleStore {
  constructor(private readonly db: CashewDb) {}

  async put(sale: CashierSale): Promise<void> {
    await this.db.cashierSales.put(sale);
  }

  async update(quote: string, changes: Partial<CashierSale>): Promise<void> {
    await this.db.cashierSales.update(quote, changes);
  }

  async delete(quote: string): Promise<void> {
    await this.db.cashierSales.delete(quote);
  }

  async list(merchant: string): Promise<CashierSale[]> {
    const rows = await this.db.cashierSales.where('merchant').equals(merchant).toArray();
    return rows.sort((a, b) => b.createdAt - a.createdAt);
  }

  async prune(merchant: string, now: number): Promise<number> {
    return this.db.transaction('rw', this.db.cashierSales, async () => {
      const rows = await this.db.cashierSales.where('merchant').equals(merchant).toArray();
      const drop = pruneQuotes(rows, now);
      await this.db.cashierSales.bulkDelete(drop);
      return drop.length;
    });
  }
}

export class DexieCashierLinkStore implements CashierLinkStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async getPairingSecret(merchant: string): Promise<Uint8Array | undefined> {
    const row = await this.db.cashierLinks.get(merchant);
    return row?.pairingSecret instanceof Uint8Array ? row.pairingSecret : undefined;
  }

  async setPairingSecret(merchant: string, secret: Uint8Array): Promise<void> {
    await this.db.cashierLinks.put({ merchant, pairingSecret: secret, updatedAt: this.clock() });
  }
}
