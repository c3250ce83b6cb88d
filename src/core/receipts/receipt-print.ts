// Printing receipts on settlement (docs/behaviour.md "Receipts", decision 0034): the setting, the
// sale a settled payment recorded, and the one claim per sale that lets exactly one print happen.
import type { HistoryEvent } from '../history-ports';

export interface ReceiptPrintStore {
  /** "Print receipts automatically" (Settings; off by default) */
  autoPrint(): Promise<boolean>;
  setAutoPrint(on: boolean): Promise<void>;
  /** The sale recorded for a paid quote or a received ecash payment (its history `quoteId`). */
  saleByKey(key: string): Promise<HistoryEvent | undefined>;
  /**
   * Marks sale `saleId` printed; true only for the first caller ever, across tabs and reloads
   * (the mark is on the sale's own history row, set in one transaction with the check).
   */
  claimPrint(saleId: number): Promise<boolean>;
}
