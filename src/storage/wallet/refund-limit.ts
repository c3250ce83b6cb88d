// The refund limit where the money leaves (decision 0034): read inside the caller's transaction, so
// two tabs refunding one sale, over Lightning or as ecash tokens, cannot together exceed it.
import { ValidationError } from '../../core/errors';
import { checkRefund, REFUND_NOT_A_SALE, refundLinkOf } from '../../core/receipts/refunds';
import type { CashewDb } from '../database/db';

/**
 * Throws ValidationError unless `amount` fits in what is left of sale `saleId`: its recorded
 * refunds, the Lightning refunds still being paid and the refund tokens not redeemed yet count
 * (docs/behaviour.md "Refunds"). The transaction must include historyEvents, melts and withdrawals.
 */
export async function checkRefundNow(db: CashewDb, saleId: number, amount: number): Promise<void> {
  const sale = await db.historyEvents.get(saleId);
  if (!sale) throw new ValidationError(REFUND_NOT_A_SALE);
  const recorded = await db.historyEvents
    .where('createdAt')
    .aboveOrEqual(sale.createdAt)
    .filter((event) => refundLinkOf(event)?.refundOf === saleId)
    .toArray();
  const paying = (await db.melts.toArray()).filter((row) => row.refund?.refundOf === saleId);
  // A token counts in full until its row goes: a part redeemed meanwhile is counted twice, which
  // only ever refuses more, never lets more out.
  const tokens = (await db.withdrawals.toArray()).filter(
    (row) => row.consolidation === undefined && row.refund?.refundOf === saleId,
  );
  checkRefund(sale, [...recorded, ...paying, ...tokens], amount);
}
