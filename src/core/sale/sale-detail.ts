// What a sale was for: its lines, tax, tip and how it was paid, kept on the sale's history event
// so receipts, refunds, CSV and the day summary read one record (docs/architecture.md "History event kinds").
import type { LineOption } from '../items/item-options';
import type { Discount } from './discount';
import type { TaxRounding } from './tax';

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
  /**
   * Tax by rate (decision 0064); absent on records made before it, read by the rule of 0033 (tax on
   * top of the price, rounded per line). Whether the price holds the tax.
   */
  taxIncluded?: boolean;
  /** the discount given on this line, as the cashier entered it */
  discount?: Discount;
  /** sats taken off this line: its own discount plus its share of the cart's */
  discountSats?: number;
  /** this line's tax in sats (added on top, or inside the price when `taxIncluded`) */
  taxSats?: number;
  /**
   * The variant and modifiers picked, when the item has options: `name` then already says them
   * ("Coffee, large, oat milk") and `unitSats` includes their price changes.
   */
  options?: LineOption[];
}

/** How the customer paid. */
export type PaymentMethod = 'lightning' | 'ecash' | 'cash';

/**
 * Why a sale's record is not the one it was charged with: 'cashier-lines' when a remote cashier's
 * lines, tax or tip did not match the merchant's catalog and the merchant's own figures were
 * kept (docs/protocol.md "Lines checked against the catalog").
 */
export type SaleNote = 'cashier-lines';

/**
 * The parts of a sale, all integers: total = subtotalSats - discountSats + taxSats + tipSats, where
 * subtotalSats is the lines' unit × quantity summed and taxSats the tax added on top (tax inside
 * inclusive prices is `includedTaxSats`, already in the subtotal).
 */
export interface SaleDetail {
  lines: SaleLine[];
  subtotalSats: number;
  /** tax added on top of exclusive prices */
  taxSats: number;
  tipSats: number;
  method: PaymentMethod;
  /** a short reference shown on the receipt (stable for the sale) */
  reference?: string;
  /** every discount of the sale in sats (the lines' `discountSats` summed); absent: none */
  discountSats?: number;
  /** the discount on the whole cart, as entered; its sats are shared out over the lines */
  cartDiscount?: Discount;
  /** tax inside inclusive prices (part of the subtotal); absent: none */
  includedTaxSats?: number;
  /** how the tax was rounded; absent: per line */
  taxRounding?: TaxRounding;
  /** set when the record is the merchant's figures rather than the ones charged */
  note?: SaleNote;
}
