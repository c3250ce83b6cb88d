// "Receive ecash" at the keypad (docs/behaviour.md "Point of sale"): the keypad's second button
// sends the sale of the typed amount (made like an invoice's) to the token dialog instead of an
// invoice; a token taken ends the sale as a Lightning sale does: toast, confetti, keypad reset.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import { saleUnit, type Sale } from '../../core/sale/sale';
import { unitDecimals } from '../../core/units/unit';
import type { EcashLanded } from '../../core/wallet/ecash/ecash-receiver';
import { fireConfetti } from '../../ui/payment/confetti';
import type { KeypadProps } from '../../ui/payment/Keypad';
import { paymentReceivedText } from '../../ui/payment/payment-received';
import { toast } from '../../ui/toast/toast';
import type { PosServices } from './deps';
import { useFormats, useTexts } from '../../ui/i18n';

// The dialog (and its camera scan) loads when it is opened: the keypad's first paint carries only
// its button (first-visit JS budget, docs/performance.md).
const ReceiveEcashDialog = lazy(() =>
  import('./ReceiveEcashDialog').then((m) => ({ default: m.ReceiveEcashDialog })),
);
import type { InvoiceState } from './use-invoice';
import { RECEIVE_ECASH_TEXT } from './locales/keypad/en.json';
import { ECASH_RECEIVED_AMOUNT, TAKEN_OFFLINE_TEXT } from './locales/home-toasts/en.json';
import type { OfflineTaken } from '../../core/wallet/ecash/offline/offline-ecash';

export interface ReceiveEcash {
  /** The invoice flow with its reset key moved on by an ecash sale. */
  flow: InvoiceState;
  /** The keypad's "Receive ecash" button, given how the typed value becomes a sale. */
  secondary: ((saleOf: (value: number) => Sale | undefined) => KeypadProps['secondary']) | null;
  dialog: ReactNode;
}

export function useReceiveEcash(
  ecash: PosServices['ecash'],
  invoice: InvoiceState,
  logger: Logger,
  /** the sale's receipt id once a token is taken (its Receipt) */
  onSale?: (id: string) => void,
): ReceiveEcash {
  const t = useTexts();
  const formats = useFormats();
  // The sale the dialog waits for a token of.
  const [sale, setSale] = useState<Sale | null>(null);
  const [sales, setSales] = useState(0);
  const receive = useCallback(
    (token: string) => {
      if (!ecash || !sale) throw new Error('No ecash receiver');
      return ecash.receiveToken(token, sale);
    },
    [ecash, sale],
  );
  const close = useCallback(() => setSale(null), []);
  const onReceived = useCallback(
    (result: { id: string; amount: number }) => {
      const unit = sale ? saleUnit(sale) : 'sat';
      // Cents are never written as sats (docs/decisions/0067-amounts-carry-their-unit.md).
      const text =
        unit === 'sat'
          ? paymentReceivedText(t, formats, result.amount)
          : t(ECASH_RECEIVED_AMOUNT, {
              amount: formats.fiat(result.amount, unit.toUpperCase(), unitDecimals(unit)),
            });
      toast.success(text, { toastId: `payment-received:${result.id}` });
      void fireConfetti((error) => logger.warn('Confetti failed', error));
      setSale(null);
      setSales((n) => n + 1);
      onSale?.(result.id);
    },
    [logger, onSale, t, formats, sale],
  );
  // Taken without the mint: the sale ends here, its sats reach the balance once redeemed.
  const onTakenOffline = useCallback(
    (result: OfflineTaken) => {
      toast.success(t(TAKEN_OFFLINE_TEXT), { toastId: `taken-offline:${result.id}` });
      setSale(null);
      setSales((n) => n + 1);
    },
    [t],
  );
  const offlineRequest = ecash?.offlineRequest;
  const onLanded = useCallback(
    (listener: (landed: EcashLanded) => void) => ecash?.onLanded(listener) ?? (() => {}),
    [ecash],
  );
  // Another mint's ecash that arrived later: the app announces it; the dialog and keypad end here.
  const onArrived = useCallback(
    (landed: { id: string }) => {
      setSale(null);
      setSales((n) => n + 1);
      onSale?.(landed.id);
    },
    [onSale],
  );
  const onScanError = useCallback(
    (error: unknown) => logger.warn('Could not scan an ecash token', error),
    [logger],
  );

  const secondary = ecash
    ? (saleOf: (value: number) => Sale | undefined) => ({
        label: t(RECEIVE_ECASH_TEXT),
        onSubmit: (value: number) => {
          const made = saleOf(value);
          if (made) setSale(made);
        },
      })
    : null;
  return {
    // Both only count up, so their sum moves whenever either does.
    flow: { ...invoice, resetKey: invoice.resetKey + sales },
    secondary,
    dialog:
      ecash && sale !== null ? (
        <Suspense fallback={null}>
          <ReceiveEcashDialog
            amount={sale.amount}
            unit={saleUnit(sale)}
            receive={receive}
            onReceived={onReceived}
            onTakenOffline={onTakenOffline}
            {...(offlineRequest && saleUnit(sale) === 'sat' ? { offlineRequest } : {})}
            onLanded={onLanded}
            onArrived={onArrived}
            onClose={close}
            onScanError={onScanError}
          />
        </Suspense>
      ) : null,
  };
}
