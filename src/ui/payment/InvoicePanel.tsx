// Keypad, invoice-in-progress line and invoice modal: the part every invoice-taking screen shares.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { InvoiceModalProps, InvoiceStatus } from './InvoiceModal';
import type { CardTaps } from '../domain-views';
import { useWhenIdle } from '../use-when-idle';
import { BusyStatus } from '../BusyStatus';
import { Keypad, type KeypadLimits, type KeypadProps } from './Keypad';
import { useFormats, useTexts } from '../i18n';
import {
  CANCEL_CREATING,
  CREATING_INVOICE,
  MINT_NOT_RESPONDING,
  WAITING_FOR_AMOUNT,
  WAITING_FOR_INVOICE,
} from '../locales/keypad/en.json';

/**
 * The modal (QR encoder, copy buttons, dialog) is not needed to paint the keypad: it loads when
 * the browser is idle after the panel mounted, well before an invoice comes back from the mint.
 * Once loaded it is rendered as it is: the lazy component, used only when Submit comes first,
 * would suspend once on its first render even with its code in, and React holds a revealed
 * Suspense boundary back for a moment (docs/decisions/0037-prefetch-next-screens.md).
 */
const loadInvoiceModal = () => import('./InvoiceModal');
const LazyInvoiceModal = lazy(() => loadInvoiceModal().then((m) => ({ default: m.InvoiceModal })));
type ModalComponent = ComponentType<InvoiceModalProps>;
interface LoadedModal {
  Modal: ModalComponent;
  Rehearsal: ComponentType<{ onDone: () => void }>;
}

export interface PanelInvoice {
  /** the BOLT11 payment request */
  request: string;
  amount: number;
}

/**
 * How the keypad takes the amount when it is not plain sats (the point of sale's fiat toggle):
 * what the digits show and the other unit below them.
 */
export interface AmountEntry {
  /** after the amount, e.g. 'sats' or 'USD' */
  unit: string;
  /** any change resets the typed amount (the unit was switched) */
  mode: string;
  /** the typed digits as shown ('1234' → '12.34') */
  display?: (digits: string) => string;
  /** the other unit for the typed digits, shown below the amount */
  other?: (digits: string) => string | null;
  /** beside the amount: the unit toggle */
  toggle?: ReactNode;
  /** a short note under the amount (stale price, prices unavailable) */
  note?: string | null;
}

/** The state and actions of a screen's invoice hook (the POS and the remote cashier hooks fit). */
export interface InvoiceFlow {
  /** The modal is showing the invoice. */
  open: boolean;
  /** A quote is being requested (rendered). */
  creating: boolean;
  /** A quote is being requested, from Submit on, before `creating` may have rendered. */
  isCreating?: () => boolean;
  /** The request has taken too long: say so and offer `cancel`. */
  slow?: boolean;
  cancel?: () => void;
  /** Why the last submit produced no invoice; shown in place of the way back to it. */
  error?: string | null;
  /** Any change resets the keypad amount (after a payment). */
  resetKey: unknown;
  close: () => void;
  reopen: () => void;
  /** The mint does not answer about the invoice on screen (the modal says so); null: it does. */
  status?: InvoiceStatus | null;
}

export interface InvoicePanelProps {
  flow: InvoiceFlow;
  /**
   * Submit on the keypad: the typed integer (sats, or minor units in the entry's currency); the
   * screen makes its sale of it.
   */
  submit: (value: number) => void;
  /** The invoice waiting to be paid (also while its modal is closed), or null. */
  invoice: PanelInvoice | null;
  /** Clipboard failures (logged only: docs/behaviour.md "Point of sale"). */
  onCopyError: (error: unknown) => void;
  /** The mint's amount limits for the keypad (see KeypadProps); sats entry only. */
  limits?: KeypadLimits;
  /** Fiat entry on the point of sale; plain sats when omitted. */
  entry?: AmountEntry;
  /** The invoice's amount in the display currency, shown under the sats in the modal. */
  invoiceFiat?: string;
  /**
   * The invoice's amount as text when it is charged in a fiat unit ("3.50 USD"): shown in place of
   * sats on the waiting line and in the modal.
   */
  invoiceAmount?: string;
  /** false: the keypad is not shown (Home's Items side charges a cart); default true. */
  keypad?: boolean;
  /** The same sale as a NUT-18 payment request, when one is offered. */
  ecashRequest?: { creqA: string; creqB: string } | null;
  /** A second way to take the typed amount, under Submit (see KeypadProps.secondary). */
  secondary?: KeypadProps['secondary'];
  /** A Bolt Card tapped in the invoice modal pays it (see InvoiceModalProps.cardTaps). */
  cardTaps?: CardTaps;
}

export function InvoicePanel({
  flow,
  submit: submitTyped,
  invoice,
  onCopyError,
  limits,
  entry,
  invoiceFiat,
  invoiceAmount,
  keypad = true,
  ecashRequest,
  secondary,
  cardTaps,
}: InvoicePanelProps) {
  const { open, creating, slow, error } = flow;
  const t = useTexts();
  const formats = useFormats();
  // The reason sits under the keypad, below the fold of a phone: brought into view as it comes,
  // since the merchant has to act on it (docs/behaviour.md "Toasts").
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  // The loaded modal once its code is in (a failed load leaves the lazy one, which retries).
  const [loaded, setLoaded] = useState<LoadedModal | null>(null);
  const loadModal = useCallback(
    () =>
      loadInvoiceModal().then(
        (m) => setLoaded({ Modal: m.InvoiceModal, Rehearsal: m.InvoiceModalRehearsal }),
        () => {},
      ),
    [],
  );
  useWhenIdle(loadModal);
  // Once the modal's code is in, its content is rehearsed once where nobody sees it, so the first
  // sale's modal opens on warm styles, text runs and QR encoder (ui/Modal.tsx ModalRehearsal).
  // Not while an invoice is being made or shown: only one invoice's content is ever in the page.
  const [rehearsed, setRehearsed] = useState(false);
  const endRehearsal = useCallback(() => setRehearsed(true), []);
  const Rehearsal = loaded && !rehearsed && !open && !creating ? loaded.Rehearsal : null;
  // Mounted from the first opening on, always the same component, so closing it keeps the
  // dialog's own close handling.
  const [InvoiceModal, setInvoiceModal] = useState<ModalComponent | null>(null);
  if (open && !InvoiceModal) setInvoiceModal(() => loaded?.Modal ?? LazyInvoiceModal);
  // Submit is disabled while the invoice is created and the pill is not shown while the modal is
  // open, so neither holds focus when the modal closes: it is given back to the one that opened it.
  const submitRef = useRef<HTMLButtonElement>(null);
  const pillRef = useRef<HTMLButtonElement>(null);
  const openedByPill = useRef(false);
  const returnFocusTo = useCallback(
    () => (openedByPill.current ? pillRef.current : null) ?? submitRef.current,
    [],
  );
  const submit = useCallback(
    (amount: number) => {
      openedByPill.current = false;
      // Submit renders `creating` a task later (ui/payment/use-invoice-flow.ts): from Submit on,
      // an invoice is being made, so no rehearsal starts (or stays) beside it. Once the rehearsal
      // is over (as it is by the time anyone taps) this is the same state, and renders nothing.
      endRehearsal();
      submitTyped(amount);
    },
    [submitTyped, endRehearsal],
  );
  return (
    <>
      {keypad ? (
        <Keypad
          submitRef={submitRef}
          onSubmit={submit}
          // Keys must not change or resubmit the amount while its invoice is made or on screen.
          disabled={open || creating}
          {...(flow.isCreating ? { held: flow.isCreating } : {})}
          // Typed digits mean sats until a fiat mode: the entry arriving a moment after the keypad
          // (the price source answering) keeps them; a switch of unit clears them.
          resetKey={
            entry && entry.mode !== 'sats'
              ? `${String(flow.resetKey)}:${entry.mode}`
              : flow.resetKey
          }
          // The limits are in sats: typed fiat is checked once converted, by the mint.
          {...(limits && (!entry || entry.mode === 'sats') ? { limits } : {})}
          unit={entry?.unit}
          display={entry?.display}
          other={entry?.other}
          toggle={entry?.toggle}
          note={entry?.note}
          steadyLines={Boolean(entry)}
          {...(secondary ? { secondary } : {})}
        />
      ) : null}

      <div className="flex min-h-10 items-center justify-center" aria-live="polite">
        {creating && slow ? (
          <div className="flex items-center gap-3" data-testid="mint-not-responding">
            <p role="alert" className="text-sm font-medium text-amber-800">
              {t(MINT_NOT_RESPONDING)}
            </p>
            {flow.cancel ? (
              <button
                type="button"
                onClick={flow.cancel}
                className="min-h-11 rounded-lg px-4 py-2 text-sm font-medium text-violet-800 ring-1 ring-violet-300 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
              >
                {t(CANCEL_CREATING)}
              </button>
            ) : null}
          </div>
        ) : creating ? (
          <BusyStatus className="font-medium text-violet-700">{t(CREATING_INVOICE)}</BusyStatus>
        ) : error ? (
          <p
            ref={errorRef}
            role="alert"
            data-testid="invoice-error"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          >
            {error}
          </p>
        ) : invoice && !open ? (
          <button
            ref={pillRef}
            type="button"
            onClick={() => {
              openedByPill.current = true;
              flow.reopen();
            }}
            className="flex min-h-11 items-center gap-2 rounded-full bg-violet-50 px-4 py-2 text-sm font-medium text-violet-800 ring-1 ring-violet-200 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
            {invoiceAmount
              ? t(WAITING_FOR_AMOUNT, { amount: invoiceAmount })
              : t(WAITING_FOR_INVOICE, {
                  count: invoice.amount,
                  sats: formats.sats(invoice.amount),
                })}
          </button>
        ) : null}
      </div>

      {Rehearsal ? <Rehearsal onDone={endRehearsal} /> : null}
      {InvoiceModal ? (
        <Suspense fallback={null}>
          <InvoiceModal
            invoice={open && invoice ? invoice.request : null}
            // Cents are never handed on as sats (Tap to pay takes sats): the text stands instead.
            amount={invoiceAmount ? undefined : invoice?.amount}
            amountText={invoiceAmount}
            fiatText={invoiceFiat}
            ecash={ecashRequest ?? null}
            status={flow.status ?? null}
            cardTaps={cardTaps}
            onClose={flow.close}
            onCopyError={onCopyError}
            returnFocusTo={returnFocusTo}
          />
        </Suspense>
      ) : null}
    </>
  );
}
