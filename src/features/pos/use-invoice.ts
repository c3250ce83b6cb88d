// The invoice on the point-of-sale screen: create it, show it, and react when it is paid or fails.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { PendingMintQuote } from '../../core/ports';
import { toast } from '../../ui/toast';
import type { PosPayments } from './deps';
import { PAYMENT_FAILED_TOAST } from '../../ui/texts';

export interface InvoiceState {
  /** The quote this screen created last, until it is paid or fails (closing keeps it pending). */
  quote: PendingMintQuote | null;
  /** Whether the invoice modal is showing it. */
  open: boolean;
  /** A quote is being requested from the mint. */
  creating: boolean;
  /** Changes after this screen's invoice was paid: the keypad resets on it. */
  resetKey: number;
  submit: (amount: number) => void;
  close: () => void;
  reopen: () => void;
}

export function useInvoice(payments: PosPayments, logger: Logger): InvoiceState {
  const [quote, setQuote] = useState<PendingMintQuote | null>(null);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  // Listeners run outside React's render: they read the current quote id from a ref.
  const activeId = useRef<string | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const finish = (id: string, paid: boolean) => {
      if (id !== activeId.current) return;
      activeId.current = null;
      setQuote(null);
      setOpen(false);
      if (paid) setResetKey((key) => key + 1);
    };
    // Toasts and confetti come from the app-wide handler; this screen only resets itself.
    const offSettled = payments.onSettled((settled) => finish(settled.quote.quote, true));
    const offFailed = payments.onFailed((failed) => finish(failed.quote.quote, false));
    return () => {
      mounted.current = false;
      offSettled();
      offFailed();
    };
  }, [payments]);

  // The invoice on screen is polled fast; once hidden it drops back to the background rate.
  const foregroundId = open && quote ? quote.quote : null;
  useEffect(() => {
    if (foregroundId === null) return;
    payments.setForeground(foregroundId);
    return () => payments.setForeground(null);
  }, [payments, foregroundId]);

  const submit = useCallback(
    (amount: number) => {
      if (busy.current) return;
      busy.current = true;
      setCreating(true);
      void (async () => {
        try {
          const created = await payments.createInvoice(amount);
          if (!mounted.current) return; // still persisted and watched: the app announces it
          activeId.current = created.quote;
          setQuote(created);
          if (created.request) setOpen(true);
          else logger.warn(`Mint quote ${created.quote} has no payment request`);
        } catch (error) {
          logger.error('Could not create a mint quote', error);
          toast.error(PAYMENT_FAILED_TOAST, { toastId: 'create-invoice-failed' });
        } finally {
          busy.current = false;
          if (mounted.current) setCreating(false);
        }
      })();
    },
    [payments, logger],
  );

  // Closing only hides the invoice: the quote stays pending and watched, so a late payment lands.
  const close = useCallback(() => setOpen(false), []);
  const reopen = useCallback(() => {
    if (activeId.current !== null) setOpen(true);
  }, []);

  return { quote, open, creating, resetKey, submit, close, reopen };
}
