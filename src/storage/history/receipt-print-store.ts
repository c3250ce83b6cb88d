// ReceiptPrintStore on Dexie: the setting as a config row, the printed mark on the sale's history
// row (unindexed, no schema change), claimed in one transaction (decision 0034).
import type { HistoryEvent } from '../../core/history-ports';
import { isSale } from '../../core/receipts/refunds';
import type { ReceiptPrintStore } from '../../core/receipts/receipt-print';
import { ClockedStore } from '../database/clocked-store';
import { readFlag, writeFlag } from '../database/config-flag';
import { CONFIG_KEYS } from '../database/key-names';

export class DexieReceiptPrintStore extends ClockedStore implements ReceiptPrintStore {
  async autoPrint(): Promise<boolean> {
    return readFlag(this.db, CONFIG_KEYS.autoPrintReceipts);
  }

  async setAutoPrint(on: boolean): Promise<void> {
    await writeFlag(this.db, CONFIG_KEYS.autoPrintReceipts, on, this.clock());
  }

  async saleByKey(key: string): Promise<HistoryEvent | undefined> {
    const rows = await this.db.historyEvents.where('quoteId').equals(key).toArray();
    return rows.find((row) => isSale(row)) as HistoryEvent | undefined;
  }

  /** Two tabs' read-and-mark transactions on historyEvents run one after the other. */
  async claimPrint(saleId: number): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', db.historyEvents, async () => {
      const row = await db.historyEvents.get(saleId);
      if (!row || row.printedAt !== undefined) return false;
      await db.historyEvents.update(saleId, { printedAt: this.clock() });
      return true;
    });
  }
}
