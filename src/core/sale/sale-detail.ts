// What a sale was for: its lines, tax, tip and how it was paid, kept on the sale's history event
// so receipts, refunds, CSV and the day summary read one record (docs/architecture.md "History event kinds").

/** One line of a sale: an item from the catalog or a custom keypad amount. */
export interface SaleLine {
  /** the catalog item's id; absent for a custom amount */
  itemId?: string;
  name: string;
  quantity: number;
  /** the unit price in sats at the price used for the sale (integer) */
  unitSats: number;
  /** the line's tax rate in percent (e.g. 7.5), when the item has one */
  taxRatePercent?: number;
}

/** How the customer paid. */
export type PaymentMethod = 'lightning' | 'ecash' | 'cash';

/** The parts of a sale; totalSats = subtotalSats + taxSats + tipSats, all integers. */
export interface SaleDetail {
  lines: SaleLine[];
  subtotalSats: number;
  taxSats: number;
  tipSats: number;
  method: PaymentMethod;
  /** a short reference shown on the receipt (stable for the sale) */
  reference?: string;
}
