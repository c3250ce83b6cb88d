// A sale as it is charged: made once where the merchant or the cashier presses Submit or Charge,
// then handed whole to the invoice, the ecash token, the remote quote and so to the history
// record (docs/architecture.md "A sale from Charge to the ledger",
// docs/decisions/0062-a-sale-is-one-value.md).
import type { FiatRecord } from '../prices/currencies';
import type { StaffRef } from '../staff/staff';
import type { SaleDetail } from './sale-detail';
// Type only: the keypad imports this file, and every byte it pulls in is on the first visit.
import type { Unit } from '../units/unit';

/**
 * What a sale is for without how it is paid: the method is the payment's (an invoice's sale may
 * be paid by its NUT-18 request), added when the payment is recorded.
 */
export type SaleLines = Omit<SaleDetail, 'method'>;

/** One sale as charged. A new field of a sale goes here, in its builder and in its consumer. */
export interface Sale {
  /** what the customer pays, in sats (the invoice's or the token's amount) */
  readonly amount: number;
  /** a cart's lines, tax and tip (they add up to `amount`); absent for a keypad amount */
  readonly lines?: SaleLines;
  /** the amount in the display currency at the price shown as it was charged; absent: sats only */
  readonly fiat?: FiatRecord;
  /** who at the till charged it, when staff are set up (docs/decisions/0066-staff-roles-and-shifts.md) */
  readonly staff?: StaffRef;
  /**
   * The unit `amount` is in when the till charges in a fiat unit (its minor units: cents);
   * absent: sats (docs/decisions/0067-amounts-carry-their-unit.md).
   */
  readonly unit?: Unit;
}

/** The unit a sale's amount is in: sats unless it names another. */
export function saleUnit(sale: Pick<Sale, 'unit'>): Unit {
  return sale.unit ?? 'sat';
}

/** `sale` charged in `unit` (a copy); a sat sale is left without the field, as before units. */
export function inUnit(sale: Sale, unit: Unit): Sale {
  if (unit === 'sat') {
    const { unit: _was, ...sats } = sale;
    return sats;
  }
  return { ...sale, unit };
}

/** The sale of an amount typed on a keypad, with its fiat record when a price was usable. */
export function keypadSale(amount: number, fiat?: FiatRecord): Sale {
  return fiat ? { amount, fiat } : { amount };
}

/** The sale of a cart charged at `amount` (its total), with its fiat record when priced. */
export function cartSale(amount: number, lines: SaleLines, fiat?: FiatRecord): Sale {
  return fiat ? { amount, lines, fiat } : { amount, lines };
}

/** `sale` as charged by `staff` (a copy); the sale unchanged when no one is named. */
export function chargedBy(sale: Sale, staff: StaffRef | undefined): Sale {
  return staff ? { ...sale, staff: { id: staff.id, name: staff.name, role: staff.role } } : sale;
}

/** The record a payment of `sale` keeps: its lines paid by `method`; undefined for a keypad sale. */
export function paidBy(sale: Sale, method: SaleDetail['method']): SaleDetail | undefined {
  return sale.lines ? { ...sale.lines, method } : undefined;
}
