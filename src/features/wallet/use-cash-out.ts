// The Cash out flow: destination → (address/LNURL: amount and comment) → fees → confirm → result.
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../core/errors';
import type { CashOutQuote, CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import {
  checkPayAmount,
  fetchPayParams,
  parseDestination,
  requestInvoice,
  type Fetch,
  type PayParams,
} from '../../core/wallet/cash-out/lnurl';
import { CASH_OUT_PENDING, CASH_OUT_UNPAID, cashOutPaid } from '../../core/wallet/cash-out/texts';
import type { WalletServices } from './deps';

export type CashOutStep =
  | { step: 'closed' }
  | { step: 'destination'; error?: string }
  | { step: 'amount'; params: PayParams; error?: string }
  | { step: 'confirm'; plan: CashOutQuote; error?: string }
  | { step: 'done'; ok: boolean; message: string };

export function resultText(result: CashOutResult): { ok: boolean; message: string } {
  if (result.status === 'paid') {
    return { ok: true, message: cashOutPaid(result.amount, result.feePaid + result.inputFee) };
  }
  if (result.status === 'pending') return { ok: true, message: CASH_OUT_PENDING };
  return { ok: false, message: CASH_OUT_UNPAID };
}

/** `fetchFn` reaches Lightning addresses (the browser's fetch in the app). */
export function useCashOut(
  services: Pick<WalletServices, 'cashOut' | 'logger'>,
  onDone: () => void,
  fetchFn: Fetch,
) {
  const { cashOut, logger } = services;
  const [state, setState] = useState<CashOutStep>({ step: 'closed' });
  const [busy, setBusy] = useState(false);

  const actions = useMemo(() => {
    const run = async (task: () => Promise<void>, onError: (message: string) => void) => {
      setBusy(true);
      try {
        await task();
      } catch (error) {
        logger.warn('Cash-out step failed', error);
        onError(errorMessage(error));
      } finally {
        setBusy(false);
      }
    };

    const submitDestination = (text: string) =>
      run(
        async () => {
          const destination = parseDestination(text);
          if (destination.kind === 'invoice') {
            const plan = await cashOut.prepare(destination.invoice);
            setState({ step: 'confirm', plan });
            return;
          }
          const params = await fetchPayParams(destination, fetchFn);
          setState({ step: 'amount', params });
        },
        (error) => setState({ step: 'destination', error }),
      );

    const submitAmount = (params: PayParams, amount: number, comment: string) =>
      run(
        async () => {
          checkPayAmount(params, amount, comment);
          const invoice = await requestInvoice(params, amount, comment, fetchFn);
          const plan = await cashOut.prepare(invoice, params.label);
          setState({ step: 'confirm', plan });
        },
        (error) => setState({ step: 'amount', params, error }),
      );

    const confirm = (plan: CashOutQuote) =>
      run(
        async () => {
          const result = await cashOut.pay(plan);
          onDone();
          setState({ step: 'done', ...resultText(result) });
        },
        (error) => {
          onDone();
          setState({ step: 'confirm', plan, error });
        },
      );

    return { submitDestination, submitAmount, confirm };
  }, [cashOut, logger, onDone, fetchFn]);

  const open = useCallback(() => setState({ step: 'destination' }), []);
  const close = useCallback(() => setState({ step: 'closed' }), []);

  return { state, busy, open, close, ...actions };
}
