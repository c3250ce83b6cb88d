// Toasts for cash-outs settled away from the Cash out panel (timer, start-up) and for automatic
// cash-out (docs/behaviour.md, "Cash out").
import type { Logger } from '../../core/logger';
import type { AutoCashOutOutcome } from '../../core/wallet/cash-out/auto-cash-out';
import type { CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import { CASH_OUT_PENDING, CASH_OUT_UNPAID } from '../../core/wallet/cash-out/texts.json';
import { autoCashOutFailed, autoCashOutPaid, cashOutPaid } from '../../core/wallet/cash-out/texts';

export interface CashOutToast {
  success(text: string): unknown;
  error(text: string): unknown;
  info(text: string): unknown;
}

/** A result found later (a melt that was PENDING or unanswered). */
export function announceCashOut(toast: CashOutToast, result: CashOutResult): void {
  if (result.status === 'paid') {
    const text = result.auto
      ? autoCashOutPaid(result.amount, result.feePaid + result.inputFee)
      : cashOutPaid(result.amount, result.feePaid + result.inputFee);
    toast.success(text);
  } else if (result.status === 'unpaid') toast.error(CASH_OUT_UNPAID);
}

export function announceAutoCashOut(
  toast: CashOutToast,
  logger: Logger,
  outcome: AutoCashOutOutcome,
): void {
  if (!outcome.ok) {
    logger.warn('Automatic cash-out failed', outcome.error);
    toast.error(autoCashOutFailed(outcome.error, outcome.retryInMs));
    return;
  }
  if (outcome.result.status === 'pending') toast.info(CASH_OUT_PENDING);
  else announceCashOut(toast, outcome.result);
}
