// The cashier's invoice: create the quote for the merchant, deliver it, show it, watch it until paid.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  createRelayPool,
  createRemoteInvoice,
  RelayPublishError,
  type RemoteInvoice,
} from '../../core/remote-payments';
import { mintQuoteClient, watchMintQuote, type QuoteWatch } from '../../core/wallet/quote-watcher';
import { fireConfetti } from '../../ui/confetti';
import { toast } from '../../ui/toast';
import type { RemoteServices } from './deps';
import { resolveRemoteTarget, type RemoteLinkSettings } from './remote-link';
import { PAYMENT_FAILED_TOAST } from '../../ui/texts';
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
  const [invoice, setInvoice] = useState<RemoteInvoice | null>(null);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const busy = useRef(false);
  const mounted = useRef(true);
  const watch = useRef<QuoteWatch | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      watch.current?.();
      watch.current = null;
    };
  }, []);

  const finish = useCallback((paid: boolean) => {
    watch.current = null;
    setInvoice(null);
    setOpen(false);
    if (paid) setResetKey((key) => key + 1);
  }, []);

  const startWatching = useCallback(
    (created: RemoteInvoice, mintUrl: string) => {
      watch.current?.();
      const client = mintQuoteClient(wallets.getMint(mintUrl), logger);
      watch.current = watchMintQuote(
        client,
        created.quote,
        {
          onPaid: () => {
            // PAID (or already ISSUED by the merchant): the customer paid; the merchant mints.
            toast.success(paidToast(created.amount), { toastId: `remote-paid:${created.quote}` });
            void fireConfetti((failure) => logger.warn('Confetti failed', failure));
            finish(true);
          },
          onExpired: () => {
            toast.error(PAYMENT_FAILED_TOAST, { toastId: `remote-failed:${created.quote}` });
            finish(false);
          },
          onError: (failure) => {
            logger.error(`Remote quote ${created.quote} was refused by the mint`, failure);
            toast.error(PAYMENT_FAILED_TOAST, { toastId: `remote-failed:${created.quote}` });
            finish(false);
          },
        },
        { expiry: created.expiry, foreground: true, logger },
      );
    },
    [wallets, logger, finish],
  );

  const submit = useCallback(
    (amount: number) => {
      if (busy.current) return;
      busy.current = true;
      setCreating(true);
      setError(null);
      void (async () => {
        const pool = makePool();
        try {
          const target = await resolveRemoteTarget(link, storage.config);
          const mintClient = await wallets.getSeedlessWallet(target.mintUrl);
          const created = await createRemoteInvoice({
            merchantPubkeyHex,
            amount,
            mintUrl: target.mintUrl,
            relays: target.relays,
            pool,
            mintClient,
          });
          logger.info(
            `Remote quote ${created.quote} delivered to ${created.relays.length} relay(s)`,
          );
          if (!mounted.current) return;
          setInvoice(created);
          setOpen(true);
          startWatching(created, target.mintUrl);
        } catch (failure) {
          if (failure instanceof RelayPublishError) {
            logger.error('No relay accepted the payment message', failure.failures);
            if (mounted.current) setError(RELAY_UNREACHABLE_TEXT);
            toast.error(RELAY_UNREACHABLE_TEXT, { toastId: 'remote-relays-unreachable' });
          } else {
            logger.error('Could not create the remote invoice', failure);
            if (mounted.current) setError(PAYMENT_FAILED_TOAST);
            toast.error(PAYMENT_FAILED_TOAST, { toastId: 'remote-create-failed' });
          }
        } finally {
          // The message is stored (or refused) by now; the live connections are not needed.
          try {
            pool.destroy();
          } catch (closeError) {
            logger.debug('Closing the relay pool failed', closeError);
          }
          busy.current = false;
          if (mounted.current) setCreating(false);
        }
      })();
    },
    [makePool, link, storage.config, wallets, merchantPubkeyHex, logger, startWatching],
  );

  const close = useCallback(() => setOpen(false), []);
  const reopen = useCallback(() => {
    if (watch.current) setOpen(true);
  }, []);

  return { invoice, open, creating, error, resetKey, submit, close, reopen };
}
