// The cashier's invoice on screen and its sales list: the RemoteCashier (core) creates, delivers,
// watches, re-sends and collects receipts; this hook shows it (ui/payment/use-invoice-flow.ts, like the
// point of sale's use-invoice.ts) and raises the toasts: the cashier has no app-wide handler.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  CashierLinkRevokedError,
  createRelayPool,
  LockingUnavailableError,
  MintNotAcceptedError,
  RelayPublishError,
  UnlockedQuoteError,
  RemoteCashier,
  type CashierSale,
  type RemoteInvoice,
  type RemoteTarget,
} from '../../core/remote-payments';
import { fireConfetti } from '../../ui/payment/confetti';
import { toast } from '../../ui/toast/toast';
import { PAYMENT_FAILED } from '../../ui/locales/payment/en.json';
import { useFormats, useTexts } from '../../ui/i18n';
import { mintFailureText } from './cashier-mint-failure';
import type { KeypadLimits } from '../../ui/payment/Keypad';
import { useInvoiceFlow, type InvoiceFlowState } from '../../ui/payment/use-invoice-flow';
import { useMintLimits } from '../../ui/payment/use-mint-limits';
import type { RemoteServices } from './deps';
import { useCashierSales } from './use-cashier-sales';
import type { Sale } from '../../core/sale/sale';
import { isFiatUnit, unitCurrency, unitDecimals, type Unit } from '../../core/units/unit';
import { confirmedText } from './cashier-amount';
import {
  LINK_REVOKED_TEXT,
  MINT_NOT_ACCEPTED_TEXT,
  NEEDS_LOCKING_TEXT,
  PAID_WAITING_TEXT,
  RELAY_UNREACHABLE_TEXT,
} from './locales/remote/en.json';

export interface RemoteInvoiceState extends InvoiceFlowState<RemoteInvoice, Sale> {
  /** the sales list, newest first */
  sales: CashierSale[];
  /** the target mint's amount limits for the keypad, once it answered */
  limits: KeypadLimits | undefined;
  /** a sale found the merchant's profile naming another pairing secret */
  revoked: boolean;
}

export function useRemoteInvoice(
  services: RemoteServices,
  merchantPubkeyHex: string,
  target: RemoteTarget,
  pairingSecret: Uint8Array | undefined,
  shopName?: string,
  staffLink = false,
  /** the till's unit its catalog names: the keypad's limits are the mint's for it */
  unit: Unit = 'sat',
): RemoteInvoiceState {
  const { storage, wallets, logger } = services;
  const t = useTexts();
  const formats = useFormats();
  // The receipt's toast speaks the language shown when it lands, without restarting the cashier.
  const confirmed = useRef((amount: number, _unit: Unit) => String(amount));
  useEffect(() => {
    confirmed.current = (amount, unit) => confirmedText(amount, unit, t, formats);
  }, [t, formats]);
  const makePool = services.createRelayPool ?? createRelayPool;
  const [revoked, setRevoked] = useState(false);
  const cashier = useMemo(
    () =>
      new RemoteCashier({
        merchantPubkeyHex,
        target: () => Promise.resolve(target),
        wallets,
        createPool: () => makePool(),
        sales: storage.cashierSales,
        pairingSecret,
        ...(staffLink ? { staffLink } : {}),
        ...(shopName ? { shopName } : {}),
        logger,
      }),
    [
      merchantPubkeyHex,
      target,
      pairingSecret,
      shopName,
      staffLink,
      storage.cashierSales,
      wallets,
      makePool,
      logger,
    ],
  );
  // Subscribed before useCashierSales starts the cashier, so no receipt goes unannounced.
  useEffect(
    () =>
      cashier.onConfirmed(({ quote, amount, unit }) => {
        toast.success(confirmed.current(amount, unit), { toastId: `remote-confirmed:${quote}` });
        void fireConfetti((failure) => logger.warn('Confetti failed', failure));
      }),
    [cashier, logger],
  );
  const sales = useCashierSales(cashier);
  // The sale the cashier's keypad or cart made, whole
  // (docs/architecture.md "A sale from Charge to the ledger").
  const create = useCallback((sale: Sale) => cashier.createInvoice(sale), [cashier]);
  const watch = useCallback(
    (end: (quoteId: string, paid: boolean) => void) => {
      const offSettled = cashier.onSettled(({ invoice: paid }) => {
        toast.info(t(PAID_WAITING_TEXT), { toastId: `remote-paid:${paid.quote}` });
        end(paid.quote, true);
      });
      // A receipt can beat the cashier's own view of the mint: the invoice is done either way.
      const offConfirmed = cashier.onConfirmed(({ quote }) => end(quote, true));
      const offFailed = cashier.onFailed(({ invoice: failed }) => {
        toast.error(t(PAYMENT_FAILED), { toastId: `remote-failed:${failed.quote}` });
        end(failed.quote, false);
      });
      return () => {
        offSettled();
        offConfirmed();
        offFailed();
      };
    },
    [cashier, t],
  );
  // The cashier logged the failure; the page and a toast say what the cashier can do.
  const onCreateError = useCallback(
    (failure: unknown) => {
      if (failure instanceof CashierLinkRevokedError) {
        setRevoked(true);
        return t(LINK_REVOKED_TEXT);
      }
      // No lock to be had (no NUT-20, or the mint ignored it): the cashier asks the merchant for
      // a mint that locks instead of selling unlocked.
      if (failure instanceof LockingUnavailableError || failure instanceof UnlockedQuoteError) {
        toast.error(t(NEEDS_LOCKING_TEXT), { toastId: 'remote-needs-locking' });
        return t(NEEDS_LOCKING_TEXT);
      }
      if (failure instanceof MintNotAcceptedError) {
        toast.error(t(MINT_NOT_ACCEPTED_TEXT), { toastId: 'remote-mint-not-accepted' });
        return t(MINT_NOT_ACCEPTED_TEXT);
      }
      if (failure instanceof RelayPublishError) {
        toast.error(t(RELAY_UNREACHABLE_TEXT), { toastId: 'remote-relays-unreachable' });
        return t(RELAY_UNREACHABLE_TEXT);
      }
      toast.error(t(PAYMENT_FAILED), { toastId: 'remote-create-failed' });
      return mintFailureText(failure, t) ?? t(PAYMENT_FAILED);
    },
    [t],
  );
  const flow = useInvoiceFlow<RemoteInvoice, Sale>({ create, watch, onCreateError, t });
  const readLimits = useCallback(() => cashier.amountLimits(unit), [cashier, unit]);
  const limits = useMintLimits(
    readLimits,
    (error) => logger.warn('Could not read the mint amount limits', error),
    t,
    formats,
    isFiatUnit(unit) ? { currency: unitCurrency(unit), decimals: unitDecimals(unit) } : undefined,
  );
  return { ...flow, sales, revoked, limits };
}
