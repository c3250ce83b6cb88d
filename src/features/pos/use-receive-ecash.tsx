// "Receive ecash" at the keypad (docs/behaviour.md "Point of sale"): the keypad's second button
// sends the typed amount (converted from fiat like an invoice's) to the token dialog instead of an
// invoice; a token taken ends the sale as a Lightning sale does: toast, confetti, keypad reset.
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import type { FiatRecord } from '../../core/ports';
import type { EcashLanded } from '../../core/wallet/ecash/ecash-receiver';
import { fireConfetti } from '../../ui/confetti';
import type { KeypadProps } from '../../ui/Keypad';
import { paymentReceivedText } from '../../ui/payment-received';
import { toast } from '../../ui/toast';
import type { PosServices } from './deps';
import { useFormats, useTexts } from '../../ui/i18n';

// The dialog (and its camera scan) loads when it is opened: the keypad's first paint carries only
// its button (first-visit JS budget, docs/performance.md).
const ReceiveEcashDialog = lazy(() =>
  import('./ReceiveEcashDialog').then((m) => ({ default: m.ReceiveEcashDialog })),
);
import type { InvoiceState } from './use-invoice';
import { RECEIVE_ECASH_TEXT } from './locales/keypad/en.json';

export interface ReceiveEcash {
  /** The invoice flow with its submit routed and its reset key moved on by an ecash sale. */
  flow: InvoiceState;
  /** The keypad's "Receive ecash" button, given the fiat entry's submit when there is one. */
  secondary: ((typed?: (value: number) => void) => KeypadProps['secondary']) | null;
  dialog: ReactNode;
}

export function useReceiveEcash(
  ecash: PosServices['ecash'],
  invoice: InvoiceState,
  fiatOf: (sats: number) => FiatRecord | undefined,
  logger: Logger,
  /** the sale's receipt id once a token is taken (its Receipt) */
  onSale?: (id: string) => void,
): ReceiveEcash {
  const t = useTexts();
  const formats = useFormats();
  const [amount, setAmount] = useState<number | null>(null);
  const [sales, setSales] = useState(0);
  // Set only for the one synchronous submit started by the button (use-fiat-entry converts at once).
  const toEcash = useRef(false);
  const { submit: submitInvoice } = invoice;
  const submit = useCallback(
    (sats: number) => {
      if (!toEcash.current) {
        submitInvoice(sats);
        return;
      }
      toEcash.current = false;
      setAmount(sats);
    },
    [submitInvoice],
  );
  const receive = useCallback(
    (token: string, sats: number) => {
      if (!ecash) throw new Error('No ecash receiver');
      const fiat = fiatOf(sats);
      return ecash.receiveToken(token, sats, fiat);
    },
    [ecash, fiatOf],
  );
  const close = useCallback(() => setAmount(null), []);
  const onReceived = useCallback(
    (result: { id: string; amount: number }) => {
      toast.success(paymentReceivedText(t, formats, result.amount), {
        toastId: `payment-received:${result.id}`,
      });
      void fireConfetti((error) => logger.warn('Confetti failed', error));
      setAmount(null);
      setSales((n) => n + 1);
      onSale?.(result.id);
    },
    [logger, onSale, t, formats],
  );
  const onLanded = useCallback(
    (listener: (landed: EcashLanded) => void) => ecash?.onLanded(listener) ?? (() => {}),
    [ecash],
  );
  // Another mint's ecash that arrived later: the app announces it; the dialog and keypad end here.
  const onArrived = useCallback(
    (landed: { id: string }) => {
      setAmount(null);
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
    ? (typed?: (value: number) => void) => ({
        label: t(RECEIVE_ECASH_TEXT),
        onSubmit: (value: number) => {
          toEcash.current = true;
          (typed ?? submit)(value);
          toEcash.current = false;
        },
      })
    : null;
  return {
    // Both only count up, so their sum moves whenever either does.
    flow: { ...invoice, submit, resetKey: invoice.resetKey + sales },
    secondary,
    dialog:
      ecash && amount !== null ? (
        <Suspense fallback={null}>
          <ReceiveEcashDialog
            amount={amount}
            receive={receive}
            onReceived={onReceived}
            onLanded={onLanded}
            onArrived={onArrived}
            onClose={close}
            onScanError={onScanError}
          />
        </Suspense>
      ) : null,
  };
}
