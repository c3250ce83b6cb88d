// Cancelling a pending withdrawal token: ask, call the core, say what happened (decision 0015).
import { useCallback, useState } from 'react';
import type { CancelTokenResult } from '../../core/wallet/withdraw/withdraw-service';
import { toast } from '../../ui/toast/toast';
import type { WalletServices } from './deps';
import {
  CANCEL_TOKEN_FAILED,
  TOKEN_ALREADY_REDEEMED,
  TOKEN_BEING_REDEEMED,
  TOKEN_CANCELLED,
  TOKEN_CANCELLED_FEE,
  TOKEN_NO_LONGER_PENDING,
  TOKEN_CANCELLED_UNIT,
  TOKEN_CANCELLED_UNIT_FEE,
} from './locales/wallet/en.json';
import { amountOf } from '../../core/units/amount';
import type { FiatUnit } from '../../core/units/unit';
import { useWalletWords, type WalletWords } from './wallet-words';
import { withdrawErrorText } from './withdraw-errors';

/** The token the merchant asked to cancel: its withdrawal row and what it holds. */
export interface CancelTarget {
  id: string;
  /** sats, or minor units of `unit` */
  amount: number;
  /** a token in a fiat unit (decision 0090): its amounts are said in it, never as sats */
  unit?: FiatUnit;
}

/** The answers said in one fixed sentence; a cancel or a failure says its amount or reason. */
const SAID: Record<Exclude<CancelTokenResult['status'], 'cancelled' | 'failed'>, string> = {
  redeemed: TOKEN_ALREADY_REDEEMED,
  'being-redeemed': TOKEN_BEING_REDEEMED,
  gone: TOKEN_NO_LONGER_PENDING,
};

export function cancelOutcomeText(
  result: CancelTokenResult,
  words: WalletWords,
  unit?: FiatUnit,
): string {
  const { t, formats } = words;
  if (result.status === 'cancelled' && unit) {
    const amount = words.amount(amountOf(result.amount, unit));
    return result.fee > 0
      ? t(TOKEN_CANCELLED_UNIT_FEE, { amount, fee: words.amount(amountOf(result.fee, unit)) })
      : t(TOKEN_CANCELLED_UNIT, { amount });
  }
  if (result.status === 'cancelled') {
    const values = { count: result.amount, sats: formats.sats(result.amount) };
    return result.fee > 0
      ? t(TOKEN_CANCELLED_FEE, { ...values, fee: words.sats(result.fee) })
      : t(TOKEN_CANCELLED, values);
  }
  if (result.status === 'failed') {
    return t(CANCEL_TOKEN_FAILED, {
      reason: withdrawErrorText(t, formats, result).replace(/\.$/, ''),
    });
  }
  return t(SAID[result.status]);
}

/** `ask` opens the question; `confirm` cancels; `outcome` is the last answer's text. */
export function useCancelToken(
  services: Pick<WalletServices, 'withdraw' | 'logger'>,
  onDone: () => void,
) {
  const { withdraw, logger } = services;
  const words = useWalletWords();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  const ask = useCallback((next: CancelTarget) => {
    setOutcome(null);
    setTarget(next);
  }, []);
  const dismiss = useCallback(() => {
    if (!busy) setTarget(null);
  }, [busy]);

  const confirm = useCallback(async () => {
    if (!target || busy) return;
    setBusy(true);
    const result = await withdraw
      .cancelToken(target.id)
      .catch((error: unknown): CancelTokenResult => ({
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
        cause: error,
      }));
    setBusy(false);
    setTarget(null);
    const text = cancelOutcomeText(result, words, target.unit);
    setOutcome(text);
    if (result.status === 'failed' || result.status === 'being-redeemed') {
      logger.warn('Cancel token:', text);
      toast.error(text);
    } else {
      toast.success(text);
    }
    onDone();
  }, [target, busy, withdraw, logger, onDone, words]);

  return { target, busy, outcome, ask, dismiss, confirm };
}
