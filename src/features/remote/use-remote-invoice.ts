// The cashier's invoice on screen: the RemoteCashier (core) creates, delivers and watches it; this
// hook shows it, raises the toasts and resets the keypad, like the point of sale's use-invoice.ts.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createRelayPool,
  RelayPublishError,
  RemoteCashier,
  type RemoteInvoice,
} from '../../core/remote-payments';
import { fireConfetti } from '../../ui/confetti';
import { toast } from '../../ui/toast';
import { PAYMENT_FAILED_TOAST } from '../../ui/texts';
import type { RemoteServices } from './deps';
import { resolveRemoteTarget, type RemoteLinkSettings } from './remote-link';
import { paidToast, RELAY_UNREACHABLE_TEXT } from './texts';

export interface RemoteInvoiceState {
  /** The invoice delivered to the merchant and not yet paid (closing the modal keeps it). */
  invoice: RemoteInvoice | null;
  open: boolean;
  creating: boolean;
  /** Shown on the page when the last submit produced no invoice. */
  error: string | null;
  /** Changes after a payment: the keypad resets on it. */
  resetKey: number;
  submit: (amount: number) => void;
  close: () => void;
  reopen: () => void;
}

export function useRemoteInvoice(
  services: RemoteServices,
  merchantPubkeyHex: string,
  link: RemoteLinkSettings,
): RemoteInvoiceState {
  const { storage, wallets, logger } = services;
  const makePool = services.createRelayPool ?? createRelayPool;
  const cashier = useMemo(
    () =>
      new RemoteCashier({
        merchantPubkeyHex,
        target: () => resolveRemoteTarget(link, storage.config),
        wallets,
        createPool: makePool,
        logger,
      }),
    [merchantPubkeyHex, link, storage.config, wallets, makePool, logger],
  );
  const [invoice, setInvoice] = useState<RemoteInvoice | null>(null);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      setInvoice(null);
      setOpen(false);
      if (paid) setResetKey((key) => key + 1);
    };
    const offSettled = cashier.onSettled(({ invoice: paid }) => {
      toast.success(paidToast(paid.amount), { toastId: `remote-paid:${paid.quote}` });
      void fireConfetti((failure) => logger.warn('Confetti failed', failure));
      finish(paid.quote, true);
    });
    const offFailed = cashier.onFailed(({ invoice: failed }) => {
      toast.error(PAYMENT_FAILED_TOAST, { toastId: `remote-failed:${failed.quote}` });
      finish(failed.quote, false);
    });
    return () => {
      mounted.current = false;
      offSettled();
      offFailed();
      cashier.stop();
    };
  }, [cashier, logger]);

  const submit = useCallback(
    (amount: number) => {
      if (busy.current) return;
      busy.current = true;
      setCreating(true);
      setError(null);
      void (async () => {
        try {
          const created = await cashier.createInvoice(amount);
          if (!mounted.current) return;
          activeId.current = created.quote;
          setInvoice(created);
          setOpen(true);
        } catch (failure) {
          // The cashier logged it; the page and a toast say what the cashier can do.
          const text =
            failure instanceof RelayPublishError ? RELAY_UNREACHABLE_TEXT : PAYMENT_FAILED_TOAST;
          const toastId =
            failure instanceof RelayPublishError ? 'remote-relays-unreachable' : 'remote-create-failed';
          if (mounted.current) setError(text);
          toast.error(text, { toastId });
        } finally {
          busy.current = false;
          if (mounted.current) setCreating(false);
        }
      })();
    },
    [cashier],
  );

  // Closing only hides the invoice: it stays watched, so a late payment is still announced.
  const close = useCallback(() => setOpen(false), []);
  const reopen = useCallback(() => {
    if (activeId.current !== null) setOpen(true);
  }, []);

  return { invoice, open, creating, error, resetKey, submit, close, reopen };
}
