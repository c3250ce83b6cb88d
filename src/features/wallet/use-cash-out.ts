// The Cash out flow: destination → (address/LNURL: amount and comment, or everything) → confirm
// what is paid and its fees (asked again above the merchant's fee limit) → result. Every step can
// be cancelled (docs/behaviour.md, "Cash out"). A refund of a sale takes the same path, never more
// than what is left of the sale (docs/behaviour.md "Refunds").
import { useCallback, useMemo, useState } from 'react';
import type { HistoryEvent } from '../../core/history-ports';
import type { RefundLink } from '../../core/history-ports';
import { checkRefund } from '../../core/receipts/refunds';
import type { CashOutQuote, CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import type { Fetch, PayParams } from '../../core/wallet/cash-out/lnurl';
import {
  CASH_OUT_PAID,
  CASH_OUT_PENDING_NOTE,
  CASH_OUT_UNPAID_NOTE,
  REFUND_PAID,
} from './locales/cash-out/en.json';
import { cashOutErrorText } from './cash-out-errors';
import { useWalletWords, type WalletWords } from './wallet-words';
import type { WalletServices } from './deps';
import { amountOf } from '../../core/units/amount';
import type { FiatUnit } from '../../core/units/unit';

/** The steps' protocol code, loaded by the first step that runs (cash-out-calls.ts). */
const calls = () => import('./cash-out-calls');

export type CashOutStep =
  | { step: 'closed' }
  | { step: 'destination'; error?: string }
  | { step: 'amount'; params: PayParams; error?: string }
  | {
      step: 'confirm';
      plan: CashOutQuote;
      /** "Cash out everything": the address and comment its change is cashed out to after it */
      everything?: Everything;
      error?: string;
    }
  | { step: 'done'; ok: boolean; message: string };

/** Where "Cash out everything" sends the change its payment brings back (payCashOutAll). */
export interface Everything {
  params: PayParams;
  comment: string;
}

/** The sale a refund returns sats of, its refunds so far and the link the refund records. */
export interface RefundTarget {
  sale: HistoryEvent;
  refunds: HistoryEvent[];
  link: RefundLink;
  /** sats left to refund */
  left: number;
}

export function resultText(
  result: CashOutResult,
  refund: boolean,
  { t, sats, amount }: Pick<WalletWords, 't' | 'sats' | 'amount'>,
): { ok: boolean; message: string } {
  if (result.status === 'paid') {
    // Paid from a fiat balance: the amount and fees are cents of it, never sats.
    const { unit } = result;
    const money = (n: number) => (unit ? amount(amountOf(n, unit)) : sats(n));
    const fee = money(result.feePaid + result.inputFee);
    const message = t(refund ? REFUND_PAID : CASH_OUT_PAID, { amount: money(result.amount), fee });
    return { ok: true, message };
  }
  if (result.status === 'pending') return { ok: true, message: t(CASH_OUT_PENDING_NOTE) };
  return { ok: false, message: t(CASH_OUT_UNPAID_NOTE) };
}

/** `fetchFn` reaches Lightning addresses (the browser's fetch in the app). */
export function useCashOut(
  services: Pick<WalletServices, 'cashOut' | 'logger'>,
  onDone: () => void,
  fetchFn: Fetch,
) {
  const { cashOut, logger } = services;
  const words = useWalletWords();
  const [state, setState] = useState<CashOutStep>({ step: 'closed' });
  const [busy, setBusy] = useState(false);
  const [refund, setRefund] = useState<RefundTarget | null>(null);
  // Paying from a fiat balance (docs/behaviour.md "Cash out"): every quote is asked in it, at its
  // mint (another mint's unit line, decision 0090) or the current one (undefined).
  const [unit, setUnit] = useState<FiatUnit | null>(null);
  const [mintUrl, setMintUrl] = useState<string | undefined>(undefined);

  const actions = useMemo(() => {
    // A step still running when the merchant cancels must not reopen the panel: each run checks
    // that the panel is still on the step it started from.
    const run = async (task: () => Promise<void>, onError: (message: string) => void) => {
      setBusy(true);
      try {
        await task();
      } catch (error) {
        logger.warn('Cash-out step failed', error);
        onError(cashOutErrorText(words.t, words.formats, error));
      } finally {
        setBusy(false);
      }
    };
    const stillOn = (step: CashOutStep['step'], next: CashOutStep) =>
      setState((current) => (current.step === step ? next : current));
    // A refund's amount is checked before its invoice is even asked for, and the plan carries the
    // link that makes storage check it once more where the melt is journaled.
    const checkAmount = (amount: number) => {
      if (refund) checkRefund(refund.sale, refund.refunds, amount);
    };
    const forRefund = (plan: CashOutQuote): CashOutQuote => {
      if (!refund) return plan;
      checkRefund(refund.sale, refund.refunds, plan.amount);
      return { ...plan, refund: refund.link };
    };

    const submitDestination = (text: string) =>
      run(
        async () => {
          const { fetchPayParams, parseDestination } = await calls();
          const destination = parseDestination(text);
          if (destination.kind === 'invoice') {
            const plan = forRefund(
              await (unit
                ? cashOut.prepare(destination.invoice, undefined, undefined, unit, mintUrl)
                : cashOut.prepare(destination.invoice)),
            );
            stillOn('destination', { step: 'confirm', plan });
            return;
          }
          const params = await fetchPayParams(destination, fetchFn);
          stillOn('destination', { step: 'amount', params });
        },
        (error) => stillOn('destination', { step: 'destination', error }),
      );

    /** `amount`: sats, or minor units of the fiat balance paid from (typed in its unit). */
    const submitAmount = (params: PayParams, amount: number, comment: string) =>
      run(
        async () => {
          const { checkPayAmount, prepareUnitAmount, requestInvoice } = await calls();
          if (unit) {
            // The address takes sats: the mint's rate first, then the sats (decision 0090).
            const deps = { cashOut, fetch: fetchFn };
            const from = { unit, ...(mintUrl ? { mintUrl } : {}) };
            const plan = await prepareUnitAmount(params, deps, amount, from, comment);
            stillOn('amount', { step: 'confirm', plan });
            return;
          }
          checkAmount(amount);
          checkPayAmount(params, amount, comment);
          const invoice = await requestInvoice(params, amount, comment, fetchFn);
          const plan = forRefund(
            await cashOut.prepare(invoice, params.label, params.description, unit ?? undefined),
          );
          stillOn('amount', { step: 'confirm', plan });
        },
        (error) => stillOn('amount', { step: 'amount', params, error }),
      );

    /**
     * The largest amount the balance (of the unit paid from, when one is) pays with its fees (a
     * Lightning address only).
     */
    const cashOutAll = (params: PayParams, comment: string) =>
      run(
        async () => {
          const { checkPayAmount, prepareCashOutAll } = await calls();
          checkPayAmount(params, params.minSat, comment);
          // From a fiat balance the search spends that unit only (decision 0090).
          const deps = { cashOut, fetch: fetchFn };
          const plan = await (unit
            ? prepareCashOutAll(params, deps, comment, Infinity, { unit, mintUrl })
            : prepareCashOutAll(params, deps, comment));
          stillOn('amount', { step: 'confirm', plan, everything: { params, comment } });
        },
        (error) => stillOn('amount', { step: 'amount', params, error }),
      );

    // Shown above the limit, the fees were accepted by pressing "Pay anyway". Everything: the
    // change the payment brings back goes to the same address after it.
    const confirm = (plan: CashOutQuote, everything?: Everything) =>
      run(
        async () => {
          const options = { acceptFee: plan.feeAboveLimit };
          const { payCashOutAll } = await calls();
          const result = everything
            ? await payCashOutAll(
                plan,
                everything.params,
                { cashOut, fetch: fetchFn, logger },
                everything.comment,
                options,
              )
            : await cashOut.pay(plan, options);
          onDone();
          setState({ step: 'done', ...resultText(result, plan.refund !== undefined, words) });
        },
        (error) => {
          onDone();
          setState({ step: 'confirm', plan, ...(everything ? { everything } : {}), error });
        },
      );

    return { submitDestination, submitAmount, cashOutAll, confirm };
  }, [cashOut, logger, onDone, fetchFn, refund, unit, mintUrl, words]);

  const open = useCallback(() => {
    setRefund(null);
    setUnit(null);
    setMintUrl(undefined);
    setState({ step: 'destination' });
  }, []);
  /**
   * Cash out from a balance in `unit` instead of the sats: the current mint's, or `atMint`'s (a
   * unit line of another mint).
   */
  const openUnit = useCallback((paidFrom: FiatUnit, atMint?: string) => {
    setRefund(null);
    setUnit(paidFrom);
    setMintUrl(atMint);
    setState({ step: 'destination' });
  }, []);
  const openRefund = useCallback((target: RefundTarget) => {
    setMintUrl(undefined);
    setRefund(target);
    setUnit(null);
    setState({ step: 'destination' });
  }, []);
  const close = useCallback(() => setState({ step: 'closed' }), []);

  return { state, busy, open, openUnit, unit, openRefund, refund, close, ...actions };
}
