// The cashier's invoice on screen: the RemoteCashier (core) creates, delivers and watches it; this
// hook shows it (ui/use-invoice-flow.ts, like the point of sale's use-invoice.ts) and raises the
// toasts: the cashier has no app-wide payment handler.
import { useCallback, useMemo } from 'react';
import {
  createRelayPool,
  RelayPublishError,
  RemoteCashier,
  type RemoteInvoice,
} from '../../core/remote-payments';
import { fireConfetti } from '../../ui/confetti';
import { toast } from '../../ui/toast';
import { PAYMENT_FAILED_TOAST } from '../../ui/texts';
import { useInvoiceFlow, type InvoiceFlowState } from '../../ui/use-invoice-flow';
import type { RemoteServices } from './deps';
import { resolveRemoteTarget, type RemoteLinkSettings } from './remote-link';
import { paidToast, RELAY_UNREACHABLE_TEXT } from './texts';

export type RemoteInvoiceState = InvoiceFlowState<RemoteInvoice>;

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
  const create = useCallback((amount: number) => cashier.createInvoice(amount), [cashier]);
  const watch = useCallback(
    (end: (quoteId: string, paid: boolean) => void) => {
      const offSettled = cashier.onSettled(({ invoice: paid }) => {
        toast.success(paidToast(paid.amount), { toastId: `remote-paid:${paid.quote}` });
        void fireConfetti((failure) => logger.warn('Confetti failed', failure));
        end(paid.quote, true);
      });
      const offFailed = cashier.onFailed(({ invoice: failed }) => {
        toast.error(PAYMENT_FAILED_TOAST, { toastId: `remote-failed:${failed.quote}` });
        end(failed.quote, false);
      });
      return () => {
        offSettled();
        offFailed();
        cashier.stop();
      };
    },
    [cashier, logger],
  );
  // The cashier logged the failure; the page and a toast say what the cashier can do.
  const onCreateError = useCallback((failure: unknown) => {
    const relays = failure instanceof RelayPublishError;
    const text = relays ? RELAY_UNREACHABLE_TEXT : PAYMENT_FAILED_TOAST;
    toast.error(text, { toastId: relays ? 'remote-relays-unreachable' : 'remote-create-failed' });
    return text;
  }, []);
  return useInvoiceFlow({ create, watch, onCreateError });
}
