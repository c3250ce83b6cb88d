// Cancelling a pending withdrawal token: ask, call the core, say what happened (decision 0015).
import { useCallback, useState } from 'react';
import type { CancelTokenResult } from '../../core/wallet/withdraw/withdraw-service';
import { toast } from '../../ui/toast';
import type { WalletServices } from './deps';
import {
  TOKEN_ALREADY_REDEEMED,
  TOKEN_BEING_REDEEMED,
  TOKEN_NO_LONGER_PENDING,
} from './texts.json';
import { cancelTokenFailed, tokenCancelled } from './texts';

/** The token the merchant asked to cancel: its withdrawal row and what it holds. */
export interface CancelTarget {
  id: string;
  amount: number;
}

export function cancelOutcomeText(result: CancelTokenResult): string {
  switch (result.status) {
    case 'cancelled':
      return tokenCancelled(result.amount, result.fee);
    case 'redeemed':
      return TOKEN_ALREADY_REDEEMED;
    case 'being-redeemed':
      return TOKEN_BEING_REDEEMED;
    case 'gone':
      return TOKEN_NO_LONGER_PENDING;
    case 'failed':
      return cancelTokenFailed(result.error);
  }
}

/** `ask` opens the question; `confirm` cancels; `outcome` is the last answer's text. */
export function useCancelToken(
  services: Pick<WalletServices, 'withdraw' | 'logger'>,
  onDone: () => void,
) {
  const { withdraw, logger } = services;
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
      }));
    setBusy(false);
    setTarget(null);
    const text = cancelOutcomeText(result);
    setOutcome(text);
    if (result.status === 'failed' || result.status === 'being-redeemed') {
      logger.warn('Cancel token:', text);
      toast.error(text);
    } else {
      toast.success(text);
    }
    onDone();
  }, [target, busy, withdraw, logger, onDone]);

  return { target, busy, outcome, ask, dismiss, confirm };
}
