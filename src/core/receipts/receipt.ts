// A sale's receipt as data and as plain text: shop, date and time, lines, tax, tip, total in sats
// and fiat at the price used, payment method, reference and refunds (docs/behaviour.md "Receipts").
import type { HistoryEvent } from '../history-ports';
import { formatFiatRecord } from '../prices/convert';
import { localStamp } from '../records/local-day';
import type { PaymentMethod, SaleDetail } from '../sale/sale-detail';
import { isSale, refundLeft, refundLinkOf } from './refunds';

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitSats: number;
  totalSats: number;
}

export interface ReceiptRefund {
  id: number;
  date: string;
  time: string;
  sats: number;
  method: string;
}

export interface Receipt {
  shopName: string;
  saleId: number;
  date: string;
  time: string;
  reference: string;
  lines: ReceiptLine[];
  subtotalSats: number;
  taxSats: number;
  tipSats: number;
  totalSats: number;
  /** the total in the display currency at the price used, e.g. "12.30 USD" */
  fiat?: string;
  method: string;
  refunds: ReceiptRefund[];
  /** sats of the sale not refunded */
  leftSats: number;
}

export const SALE_LINE = 'Sale';

/**
 * A receipt's words in the shop's language: the screens pass their catalog's (ui/receipt/receipt-words.ts),
 * so that the text shared or printed reads as the dialog does (docs/behaviour.md "Receipts").
 */
export interface ReceiptWords {
  /** An amount with its unit: "21 sats", "1 sat". */
  sats(n: number): string;
  reference(reference: string): string;
  /** The one line of a keypad sale. */
  saleLine: string;
  subtotal: string;
  tax: string;
  tip: string;
  total: string;
  paidWith(method: string): string;
  refund(date: string, time: string): string;
  left: string;
}

const METHOD_TEXT: Record<PaymentMethod, string> = {
  lightning: 'Lightning',
  ecash: 'Ecash',
  cash: 'Cash',
};

export function methodText(method: PaymentMethod): string {
  return METHOD_TEXT[method];
}

/**
 * The sale's detail; a keypad sale or one recorded before details existed is one line "Sale" of
 * its amount, paid over Lightning, no tax or tip.
 */
export function saleDetailOf(event: Pick<HistoryEvent, 'amount' | 'sale'>): SaleDetail {
  if (event.sale) return event.sale;
  return {
    lines: [{ name: SALE_LINE, quantity: 1, unitSats: event.amount }],
    subtotalSats: event.amount,
    taxSats: 0,
    tipSats: 0,
    method: 'lightning',
  };
}

/** The reference printed on the receipt: the sale's own, else its quote's start, else its id. */
export function saleReference(event: Pick<HistoryEvent, 'id' | 'quoteId' | 'sale'>): string {
  if (event.sale?.reference) return event.sale.reference;
  if (event.quoteId) return event.quoteId.slice(0, 8).toUpperCase();
  return `#${event.id}`;
}

/** The receipt of a sale; undefined for an event that is not a sale. `refunds`: any events. */
export function receiptFor(
  event: HistoryEvent,
  shopName: string,
  refunds: readonly HistoryEvent[] = [],
  saleLine = SALE_LINE,
): Receipt | undefined {
  if (!isSale(event)) return undefined;
  const detail = saleDetailOf(event);
  // A keypad sale's one line is named in the receipt's language; an item keeps its own name.
  const named = event.sale
    ? detail.lines
    : detail.lines.map((line) => ({ ...line, name: saleLine }));
  const stamp = localStamp(event.createdAt);
  const own = refunds
    .filter((refund) => refundLinkOf(refund)?.refundOf === event.id)
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  return {
    shopName: shopName.trim(),
    saleId: event.id,
    date: stamp.date,
    time: stamp.time.slice(0, 5),
    reference: saleReference(event),
    lines: named.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitSats: line.unitSats,
      totalSats: line.quantity * line.unitSats,
    })),
    subtotalSats: detail.subtotalSats,
    taxSats: detail.taxSats,
    tipSats: detail.tipSats,
    totalSats: event.amount,
    ...(event.fiat ? { fiat: formatFiatRecord(event.fiat) } : {}),
    method: methodText(detail.method),
    refunds: own.map((refund) => {
      const at = localStamp(refund.createdAt);
      return {
        id: refund.id,
        date: at.date,
        time: at.time.slice(0, 5),
        sats: refund.amount,
        method: methodText(refundLinkOf(refund)?.method ?? 'lightning'),
      };
    }),
    leftSats: refundLeft(event, own),
  };
}

/** Left text and right text on one line of `width` characters (the right side never cut). */
function row(left: string, right: string, width: number): string {
  const room = Math.max(1, width - right.length - 1);
  const cut = left.length > room ? `${left.slice(0, Math.max(0, room - 1))}…` : left;
  return `${cut}${' '.repeat(Math.max(1, width - cut.length - right.length))}${right}`;
}

/**
 * The receipt as plain text for sharing, `width` characters a line (32 fits a 58 mm printer), in
 * the words given (amounts in the screens' grouping).
 */
export function receiptText(receipt: Receipt, words: ReceiptWords, width = 32): string {
  const rule = '-'.repeat(width);
  const out: string[] = [];
  if (receipt.shopName) out.push(receipt.shopName);
  out.push(`${receipt.date} ${receipt.time}`, words.reference(receipt.reference), rule);
  for (const line of receipt.lines) {
    const name = line.quantity === 1 ? line.name : `${line.quantity} x ${line.name}`;
    out.push(row(name, words.sats(line.totalSats), width));
  }
  out.push(rule);
  if (receipt.taxSats > 0 || receipt.tipSats > 0) {
    out.push(row(words.subtotal, words.sats(receipt.subtotalSats), width));
  }
  if (receipt.taxSats > 0) out.push(row(words.tax, words.sats(receipt.taxSats), width));
  if (receipt.tipSats > 0) out.push(row(words.tip, words.sats(receipt.tipSats), width));
  out.push(row(words.total, words.sats(receipt.totalSats), width));
  if (receipt.fiat) out.push(row('', receipt.fiat, width));
  out.push(words.paidWith(receipt.method));
  for (const refund of receipt.refunds) {
    out.push(row(words.refund(refund.date, refund.time), `-${words.sats(refund.sats)}`, width));
  }
  if (receipt.refunds.length > 0) out.push(row(words.left, words.sats(receipt.leftSats), width));
  return out.join('\n');
}
