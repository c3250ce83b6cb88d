// The Cash out flow: destination → (address/LNURL: amount and comment, or everything) → confirm
// what is paid and its fees (asked again above the merchant's fee limit) → result. Every step can
// be cancelled (docs/behaviour.md, "Cash out").
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../core/errors';
import { prepareCashOutAll } from '../../core/wallet/cash-out/cash-out-all';
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
    // A step still running when the merchant cancels must not reopen the panel: each run checks
    // that the panel is still on the step it started from.
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
    const stillOn = (step: CashOutStep['step'], next: CashOutStep) =>
      setState((current) => (current.step === step ? next : current));

    const submitDestination = (text: string) =>
      run(
        async () => {
          const destination = parseDestination(text);
          if (destination.kind === 'invoice') {
            const plan = await cashOut.prepare(destination.invoice);
            stillOn('destination', { step: 'confirm', plan });
            return;
          }
          const params = await fetchPayParams(destination, fetchFn);
          stillOn('destination', { step: 'amount', params });
        },
        (error) => stillOn('destination', { step: 'destination', error }),
      );

    const submitAmount = (params: PayParams, amount: number, comment: string) =>
      run(
        async () => {
          checkPayAmount(params, amount, comment);
          const invoice = await requestInvoice(params, amount, comment, fetchFn);
          const plan = await cashOut.prepare(invoice, params.label, params.description);
          stillOn('amount', { step: 'confirm', plan });
        },
        (error) => stillOn('amount', { step: 'amount', params, error }),
      );

    /** The largest amount the balance pays with its fees (a Lightning address only). */
    const cashOutAll = (params: PayParams, comment: string) =>
      run(
        async () => {
          checkPayAmount(params, params.minSat, comment);
          const plan = await prepareCashOutAll(params, { cashOut, fetch: fetchFn }, comment);
          stillOn('amount', { step: 'confirm', plan });
        },
        (error) => stillOn('amount', { step: 'amount', params, error }),
      );

    // Shown above the limit, the fees were accepted by pressing "Pay anyway".
    const confirm = (plan: CashOutQuote) =>
      run(
        async () => {
          const result = await cashOut.pay(plan, { acceptFee: plan.feeAboveLimit });
          onDone();
          setState({ step: 'done', ...resultText(result) });
        },
        (error) => {
          onDone();
          setState({ step: 'confirm', plan, error });
        },
      );

    return { submitDestination, submitAmount, cashOutAll, confirm };
  }, [cashOut, logger, onDone, fetchFn]);

  const open = useCallback(() => setState({ step: 'destination' }), []);
  const close = useCallback(() => setState({ step: 'closed' }), []);

  return { state, busy, open, close, ...actions };
}
