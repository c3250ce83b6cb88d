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

const METHOD_TEXT: Record<PaymentMethod, string> = { lightning: 'Lightning', ecash: 'Ecash' };

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
): Receipt | undefined {
  if (!isSale(event)) return undefined;
  const detail = saleDetailOf(event);
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
    lines: detail.lines.map((line) => ({
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
 * The receipt as plain text for sharing, `width` characters a line (32 fits a 58 mm printer);
 * `sats` formats an amount (the screens' grouping).
 */
export function receiptText(receipt: Receipt, sats: (n: number) => string, width = 32): string {
  const rule = '-'.repeat(width);
  const out: string[] = [];
  if (receipt.shopName) out.push(receipt.shopName);
  out.push(`${receipt.date} ${receipt.time}`, `Ref ${receipt.reference}`, rule);
  for (const line of receipt.lines) {
    const name = line.quantity === 1 ? line.name : `${line.quantity} x ${line.name}`;
    out.push(row(name, `${sats(line.totalSats)} sats`, width));
  }
  out.push(rule);
  if (receipt.taxSats > 0 || receipt.tipSats > 0) {
    out.push(row('Subtotal', `${sats(receipt.subtotalSats)} sats`, width));
  }
  if (receipt.taxSats > 0) out.push(row('Tax', `${sats(receipt.taxSats)} sats`, width));
  if (receipt.tipSats > 0) out.push(row('Tip', `${sats(receipt.tipSats)} sats`, width));
  out.push(row('Total', `${sats(receipt.totalSats)} sats`, width));
  if (receipt.fiat) out.push(row('', receipt.fiat, width));
  out.push(`Paid with ${receipt.method}`);
  for (const refund of receipt.refunds) {
    out.push(row(`Refund ${refund.date} ${refund.time}`, `-${sats(refund.sats)} sats`, width));
  }
  if (receipt.refunds.length > 0) out.push(row('Left', `${sats(receipt.leftSats)} sats`, width));
  return out.join('\n');
}
