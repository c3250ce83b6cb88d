// Toasts for cash-outs settled away from the Cash out panel (timer, start-up) and for automatic
// cash-out (docs/behaviour.md, "Cash out"), in the language shown when each is raised.
import type { Logger } from '../../core/logger';
import type { AutoCashOutOutcome } from '../../core/wallet/cash-out/auto-cash-out';
import type { CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import { isFiatUnit, unitCurrency, unitDecimals } from '../../core/units/unit';
import { cashOutErrorText } from '../../features/wallet/cash-out-errors';
import {
  CASH_OUT_PAID,
  CASH_OUT_PENDING_NOTE,
  CASH_OUT_SATS,
  CASH_OUT_UNPAID_NOTE,
} from '../../features/wallet/locales/cash-out/en.json';
import {
  AUTO_CASH_OUT_FAILED,
  AUTO_CASH_OUT_PAID,
} from '../../features/wallet/locales/cash-out-errors/en.json';
import type { PaymentTexts } from './payment-notifications';
import { englishTexts } from './payment-notifications';

export interface CashOutToast {
  success(text: string): unknown;
  error(text: string): unknown;
  info(text: string): unknown;
}

/** A result found later (a melt that was PENDING or unanswered). */
export function announceCashOut(
  toast: CashOutToast,
  result: CashOutResult,
  texts: () => PaymentTexts = englishTexts,
): void {
  const { t, formats } = texts();
  const sats = (count: number) => t(CASH_OUT_SATS, { count, sats: formats.sats(count) });
  if (result.status === 'paid') {
    // Paid from a fiat balance (decision 0090): its amount and fees are cents, never sats.
    const { unit } = result;
    const money = (minor: number) =>
      unit && isFiatUnit(unit)
        ? formats.fiat(minor, unitCurrency(unit), unitDecimals(unit))
        : sats(minor);
    const values = { amount: money(result.amount), fee: money(result.feePaid + result.inputFee) };
    toast.success(t(result.auto ? AUTO_CASH_OUT_PAID : CASH_OUT_PAID, values));
  } else if (result.status === 'unpaid') toast.error(t(CASH_OUT_UNPAID_NOTE));
}

export function announceAutoCashOut(
  toast: CashOutToast,
  logger: Logger,
  outcome: AutoCashOutOutcome,
  texts: () => PaymentTexts = englishTexts,
): void {
  const { t, formats } = texts();
  if (!outcome.ok) {
    logger.warn('Automatic cash-out failed', outcome.error);
    const reason = cashOutErrorText(t, formats, outcome.cause);
    const minutes = String(Math.max(1, Math.round(outcome.retryInMs / 60_000)));
    toast.error(t(AUTO_CASH_OUT_FAILED, { reason, minutes }));
    return;
  }
  if (outcome.result.status === 'pending') toast.info(t(CASH_OUT_PENDING_NOTE));
  else announceCashOut(toast, outcome.result, texts);
}
