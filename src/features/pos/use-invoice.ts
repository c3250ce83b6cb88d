// The invoice on the point-of-sale screen: PaymentService creates and watches it; this hook shows
// it (ui/payment/use-invoice-flow.ts) and polls it fast while it is on screen. Toasts and confetti of a
// payment come from the app-wide handler; only a failure to create one is toasted here, with the
// reason shown under the keypad.
import { useCallback, useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import type { Sale } from '../../core/sale/sale';
import { toast } from '../../ui/toast/toast';
import { PAYMENT_FAILED } from '../../ui/locales/payment/en.json';
import { useInvoiceFlow, type InvoiceFlowState } from '../../ui/payment/use-invoice-flow';
import type { PosPayments } from './deps';
import { useTexts } from '../../ui/i18n';

import type { QuoteHealth } from '../../core/wallet/receive/payment-service';

export type InvoiceState = InvoiceFlowState<PendingMintQuote, Sale> & {
  /** The mint does not answer about the invoice on screen: the modal says so (null: it does). */
  status: QuoteHealth | null;
};

/**
 * Submit takes the sale the keypad or the cart made, whole
 * (docs/architecture.md "A sale from Charge to the ledger").
 */
export function useInvoice(payments: PosPayments, logger: Logger): InvoiceState {
  const t = useTexts();
  const create = useCallback((sale: Sale) => payments.createInvoice(sale), [payments]);
  const watch = useCallback(
    (end: (quoteId: string, paid: boolean) => void) => {
      const offSettled = payments.onSettled((settled) => end(settled.quote.quote, true));
      const offFailed = payments.onFailed((failed) => end(failed.quote.quote, false));
      return () => {
        offSettled();
        offFailed();
      };
    },
    [payments],
  );
  const canShow = useCallback(
    (created: PendingMintQuote) => {
      if (!created.request) logger.warn(`Mint quote ${created.quote} has no payment request`);
      return Boolean(created.request);
    },
    [logger],
  );
  const onCreateError = useCallback(
    (error: unknown) => {
      logger.error('Could not create a mint quote', error);
      toast.error(t(PAYMENT_FAILED), { toastId: 'create-invoice-failed' });
      // A refusal is said by its NUT code; that table loads only when a mint refuses.
      // Said only when an invoice could not be made, so its texts load then.
      return import('./invoice-failure').then(
        ({ invoiceFailureText }) => invoiceFailureText(error, t),
        () => null,
      );
    },
    [logger, t],
  );
  const resume = useCallback(() => payments.latestWaiting(), [payments]);
  const flow = useInvoiceFlow<PendingMintQuote, Sale>({
    create,
    watch,
    canShow,
    onCreateError,
    resume,
    t,
    // The keypad's sale asks the mint before its busy render (docs/performance.md "Taps").
    busyAfterRequest: true,
  });

  // The invoice on screen is polled fast; once hidden it drops back to the background rate.
  const foregroundId = flow.open && flow.invoice ? flow.invoice.quote : null;
  useEffect(() => {
    if (foregroundId === null) return;
    payments.setForeground(foregroundId);
    return () => payments.setForeground(null);
  }, [payments, foregroundId]);

  // The invoice on screen (open or as the waiting line): another one paid is an earlier invoice.
  const shownId = flow.invoice ? flow.invoice.quote : null;
  useEffect(() => {
    if (shownId === null) return;
    payments.setShown(shownId);
    return () => payments.setShown(null);
  }, [payments, shownId]);

  // What the service knows while the mint does not answer about that invoice (docs/behaviour.md
  // "Point of sale"): said in the modal itself, as soon as it is known.
  const [health, setHealth] = useState<{ quote: string; health: QuoteHealth } | null>(null);
  useEffect(() => {
    if (shownId === null) return;
    return payments.onQuoteHealth((change) => {
      if (change.quote !== shownId) return;
      setHealth(change.health ? { quote: change.quote, health: change.health } : null);
    });
  }, [payments, shownId]);
  const status = health && health.quote === shownId ? health.health : null;

  return { ...flow, status };
}
