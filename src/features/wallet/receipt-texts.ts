// User-visible texts of receipts and refunds (docs/behaviour.md "Receipts", "Refunds").
import { formatSats } from '../../ui/format-sats';
export const RECEIPT = 'Receipt';
export const RECEIPT_TITLE = 'Receipt';
export const RECEIPT_LOADING = 'Loading the receipt…';
export const RECEIPT_FAILED = 'Could not load this receipt.';
export const PAPER_LABEL = 'Paper';
export const PRINT = 'Print';
export const SHARE = 'Share';
export const COPY_TEXT = 'Copy text';
export const COPIED = 'Copied';
export const SHARE_FAILED = 'Could not share the receipt.';
export const CLOSE_RECEIPT = 'Close';
export const REFUND = 'Refund';
export const REFUND_LIGHTNING = 'To Lightning';
export const REFUND_ECASH = 'As ecash token';
export const refundTitle = (left: number) => `Refund (up to ${formatSats(left)} sats)`;
export const refundPaid = (amount: number, fee: number) =>
  `Refund paid: ${formatSats(amount)} sats sent, ${formatSats(fee)} sats fee.`;
