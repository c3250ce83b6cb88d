// Refunds of a sale: how a refund event names its sale, what is left to refund, and the check that
// refuses more than that (docs/behaviour.md "Refunds").
import { formatSats } from '../format-sats';
import { errorWords, ValidationError } from '../errors';
import { historyKind } from '../history-kinds';
import { metadataOf } from '../history-metadata';
import type { HistoryEvent, RefundLink } from '../history-ports';

/** The link of a refund event to its sale; undefined for any other event or a broken link. */
/** `type` is a string: storage rows of kinds this version does not know pass through here too. */
export function refundLinkOf(event: { type: string; metadata?: string }): RefundLink | undefined {
  if (event.type !== 'refund') return undefined;
  const meta = metadataOf(event);
  const refundOf = meta.refundOf;
  if (typeof refundOf !== 'number' || !Number.isSafeInteger(refundOf)) return undefined;
  const method = meta.method === 'ecash' ? 'ecash' : 'lightning';
  const reference = typeof meta.reference === 'string' ? meta.reference : undefined;
  const receiptNumber = typeof meta.receiptNumber === 'string' ? meta.receiptNumber : undefined;
  return {
    refundOf,
    method,
    ...(reference ? { reference } : {}),
    ...(receiptNumber ? { receiptNumber } : {}),
  };
}

/** Whether an event is a sale a receipt and a refund can be made for. */
export function isSale(event: { type: string }): boolean {
  return historyKind(event.type)?.daySummary === 'sale';
}

/** The refunds among `events` that belong to the sale `saleId`. */
export function refundsOf(saleId: number, events: Iterable<HistoryEvent>): HistoryEvent[] {
  const found: HistoryEvent[] = [];
  for (const event of events) if (refundLinkOf(event)?.refundOf === saleId) found.push(event);
  return found;
}

/** Sats of the sale not refunded yet (never below 0). */
export function refundLeft(
  sale: Pick<HistoryEvent, 'amount'>,
  refunds: readonly Pick<HistoryEvent, 'amount'>[],
): number {
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, sale.amount - refunded);
}

export const REFUND_NOT_A_SALE = 'Only a sale can be refunded';
export const REFUND_AMOUNT_INVALID = 'Enter a whole number of sats above 0';
export const REFUND_DONE_MESSAGE = 'This sale is refunded in full already';
/** More than is left: the English with its catalog key (decision 0063). */
export const refundTooLargeWords = (left: number) =>
  left === 0
    ? errorWords('REFUND_DONE', {}, REFUND_DONE_MESSAGE)
    : errorWords(
        'REFUND_LEFT',
        { left },
        `Only ${formatSats(left)} sats of this sale are left to refund`,
      );

/**
 * Throws a ValidationError unless `amount` sats may be refunded now: the event is a sale and the
 * amount is a positive whole number no larger than what earlier refunds left.
 */
export function checkRefund(
  sale: { type: string; amount: number },
  refunds: readonly Pick<HistoryEvent, 'amount'>[],
  amount: number,
): void {
  if (!isSale(sale)) throw new ValidationError(REFUND_NOT_A_SALE);
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new ValidationError(REFUND_AMOUNT_INVALID);
  }
  const left = refundLeft(sale, refunds);
  if (amount > left) throw new ValidationError(refundTooLargeWords(left));
}
