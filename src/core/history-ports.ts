// The history port: the events a sale, a withdrawal or a cancel records, paged newest first.
import type { HistoryEventType } from './history-kinds';
import type { LineOption } from './items/item-options';
import type { FiatRecord } from './prices/currencies';
import type { PaymentMethod, SaleDetail } from './sale/sale-detail';
import type { StaffRef } from './staff/staff';
import type { Unit } from './units/unit';

export interface HistoryEvent {
  id: number;
  createdAt: number;
  type: HistoryEventType;
  amount: number;
  mintUrl: string;
  quoteId?: string;
  /** JSON text (or any text from older data) */
  metadata?: string;
  /** a sale's display currency, price and fiat value when it was taken (unindexed, no upgrade) */
  fiat?: FiatRecord;
  /** a sale's lines, tax, tip and payment method, when known (unindexed, no upgrade) */
  sale?: SaleDetail;
  /** who at the till took the sale or made the refund, when staff are set up (unindexed) */
  staff?: StaffRef;
  /**
   * The phrase's other device that recorded the event (its device key, x-only hex); absent for
   * this device's own events (docs/protocol.md "Records on the relays").
   */
  device?: string;
  /**
   * The unit of `amount` when it is not sats: a sale charged in cents (decision 0067); absent:
   * sats, as every event before units (unindexed, no schema version).
   */
  unit?: Unit;
  /**
   * A sale's receipt number on the device that recorded it, `{device prefix}-{sequence}` with no
   * gaps per device (docs/decisions/0074-receipt-numbers.md; unindexed); absent on older sales.
   */
  receiptNumber?: string;
}

export interface HistoryPage {
  events: HistoryEvent[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PaymentEventInput {
  type: 'direct-payment' | 'remote-payment';
  /** in `unit`'s minor units: sats unless a unit is named */
  amount: number;
  /** a sale charged in a fiat unit (cents); absent: sats */
  unit?: Unit;
  mintUrl: string;
  quoteId: string;
  /** the payment request (invoice); stored as metadata {request} */
  request: string;
  /** the sale's fiat side, when a display currency and its price were known */
  fiat?: FiatRecord;
  /** the sale's lines, tax, tip and payment method, when known */
  sale?: SaleDetail;
  /** who at the till took the sale */
  staff?: StaffRef;
}

/** A sale paid in cash (history type 'cash-payment'): recorded, no sats moved. */
export interface CashSaleEventInput {
  /** the sale's sats at the price shown, or its cents in `unit` */
  amount: number;
  /** a sale charged in a fiat unit (a till charging in USD); absent: sats */
  unit?: Unit;
  fiat?: FiatRecord;
  sale: SaleDetail;
  staff?: StaffRef;
}

export interface WithdrawalEventInput {
  amount: number;
  mintUrl: string;
  numProofs: number;
  /** the token refunded a sale: recorded as type 'refund' linked to it */
  refund?: RefundLink;
  /** the token's unit when not sats (`amount` in its minor units) */
  unit?: Unit;
}

/** A cancelled withdrawal token (history type 'token-cancelled'). */
export interface TokenCancelledEventInput {
  /** the token's sats, now available again (before the fee) */
  tokenAmount: number;
  /** what the mint kept for the swap(s): the only sats that left the balance */
  fee: number;
  mintUrl: string;
  numProofs: number;
  /** the token's unit when not sats (both figures in its minor units) */
  unit?: Unit;
}

/** Events per history page, the wallet screen's and the store's default. */
export const HISTORY_PAGE_SIZE = 10;

/** What a refund event keeps in its metadata besides what its payout path writes. */
export interface RefundLink {
  /** the sale's history id */
  refundOf: number;
  /** how the sats went back: a Lightning payment or an ecash token */
  method: PaymentMethod;
  /** the sale's receipt reference, so the CSV can name the sale */
  reference?: string;
  /** the sale's receipt number, when it has one: the CSV names the sale by it */
  receiptNumber?: string;
  /** who at the till made the refund (kept in the metadata, so it travels with the record) */
  staff?: StaffRef;
  /**
   * The sale's lines this refund gives back, when it is a refund of lines: their counted stock is
   * raised as the refund is recorded (docs/protocol.md "Stock").
   */
  lines?: RefundedLine[];
}

/** A line given back by a refund: as the sale named it, with how many of it. */
export interface RefundedLine {
  name: string;
  itemId?: string;
  options?: LineOption[];
  quantity: number;
}

export interface HistoryStore {
  addPayment(event: PaymentEventInput): Promise<number>;
  addWithdrawal(event: WithdrawalEventInput): Promise<number>;
  /** Newest first; page numbers start at 1; page size defaults to 10. */
  page(page: number, pageSize?: number): Promise<HistoryPage>;
}
