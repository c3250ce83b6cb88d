// Invoice modal (docs/behaviour.md "Point of sale"): QR and text of a Lightning invoice, copy and
// close; with an ecash request, a "Lightning / Ecash" switch shows that instead. While the mint does
// not answer, the modal itself says so in place of asking to pay.
import { lazy, Suspense, useMemo, useState } from 'react';
import type { CardTaps } from '../domain-views';
import { Button } from '../Button';
import { CopyCloseButtons, CopyValue, ModalAmount } from '../share/CopyParts';
import { Modal, ModalRehearsal } from '../Modal';
import { QrCode } from '../share/QrCode';
import { INVOICE_SHAPED } from '../share/qr-matrix';
import { SegmentToggle, type SegmentOption } from '../forms/Segmented';
import { useCopyToClipboard } from '../share/use-copy';
import { useTexts } from '../i18n';
import {
  COPY_CREQB,
  COPY_ECASH_REQUEST,
  COPY_INVOICE,
  CLOSE,
  ECASH_MODAL_TEXT,
  ECASH_QR_LABEL,
  ECASH_REQUEST_LABEL,
  ECASH_TAB,
  INVOICE_CHECKING_TEXT,
  INVOICE_CHECKING_TITLE,
  INVOICE_MODAL_TEXT,
  INVOICE_MODAL_TITLE,
  INVOICE_PAID_TEXT,
  INVOICE_PAID_TITLE,
  INVOICE_QR_LABEL,
  INVOICE_STRING_LABEL,
  LIGHTNING_TAB,
  PAY_WITH,
} from '../locales/invoice/en.json';

// Tap to pay loads only in a browser with Web NFC.
const TapToPay = lazy(() => import('./TapToPay').then((m) => ({ default: m.TapToPay })));
const hasWebNfc = () => typeof (globalThis as { NDEFReader?: unknown }).NDEFReader === 'function';

export interface InvoiceModalProps {
  /** The BOLT11 payment request; the modal is open while this is non-null. */
  invoice: string | null;
  /** Escape, backdrop click and the Close button. */
  onClose: () => void;
  /** Invoice amount in sats, shown above the QR code. */
  amount?: number;
  /** The amount in the merchant's display currency ("12.34 USD"), shown under the sats. */
  fiatText?: string;
  /**
   * An invoice charged in a fiat unit: its amount as text ("3.50 USD"), shown in place of the
   * sats (`amount` then omitted, so nothing treats the cents as sats).
   */
  amountText?: string;
  /** Clipboard failures go here only (the feature logs 'Failed to copy invoice:'). */
  onCopyError?: (error: unknown) => void;
  /** Where focus goes on close (see Modal). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /** The same sale as a NUT-18 payment request (creqA shown, CREQB copied on demand). */
  ecash?: { creqA: string; creqB: string } | null;
  /** The mint does not answer about this invoice (InvoiceStatus); null or omitted: all is well. */
  status?: InvoiceStatus | null;
  /** Where the browser has Web NFC: a Bolt Card tapped pays the invoice; omitted: no Tap to pay. */
  cardTaps?: CardTaps;
}

/**
 * 'checking': looks at the invoice fail, so whether it was paid is not known; 'paid': the mint
 * said it was paid and issuing the ecash fails. Either way the sale lands when the mint answers.
 */
export type InvoiceStatus = 'checking' | 'paid';

const STATUS_TEXTS: Record<InvoiceStatus, { title: string; text: string }> = {
  checking: { title: INVOICE_CHECKING_TITLE, text: INVOICE_CHECKING_TEXT },
  paid: { title: INVOICE_PAID_TITLE, text: INVOICE_PAID_TEXT },
};

export function InvoiceModal({
  invoice,
  onClose,
  amount,
  fiatText,
  amountText,
  onCopyError,
  returnFocusTo,
  ecash,
  status,
  cardTaps,
}: InvoiceModalProps) {
  const t = useTexts();
  const payWith = useMemo(
    (): readonly SegmentOption<'lightning' | 'ecash'>[] => [
      { value: 'lightning', label: t(LIGHTNING_TAB) },
      { value: 'ecash', label: t(ECASH_TAB) },
    ],
    [t],
  );
  const { copiedText, copy } = useCopyToClipboard(onCopyError);
  const [method, setMethod] = useState<'lightning' | 'ecash'>('lightning');
  const showEcash = method === 'ecash' && Boolean(ecash);
  const trouble = status ? STATUS_TEXTS[status] : null;

  return (
    <Modal
      open={invoice !== null}
      onClose={onClose}
      title={t(trouble?.title ?? INVOICE_MODAL_TITLE)}
      description={trouble ? undefined : t(showEcash ? ECASH_MODAL_TEXT : INVOICE_MODAL_TEXT)}
      returnFocusTo={returnFocusTo}
    >
      {invoice !== null ? (
        <div className="flex flex-col items-center gap-4">
          {/* Always there, so a status that comes while the dialog is open is announced. */}
          <div role="status" className="w-full empty:hidden">
            {trouble ? (
              <p
                data-testid="invoice-status"
                data-status={status}
                className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200"
              >
                {t(trouble.text)}
              </p>
            ) : null}
          </div>
          {amountText ? (
            <p
              data-testid="invoice-amount"
              className="text-3xl font-bold text-violet-700 tabular-nums"
            >
              {amountText}
            </p>
          ) : (
            <ModalAmount amount={amount} testId="invoice-amount" />
          )}
          {fiatText ? (
            <p data-testid="invoice-fiat" className="-mt-3 text-sm font-medium text-slate-600">
              {fiatText}
            </p>
          ) : null}
          {status === 'paid' ? (
            <Button variant="outline" className="w-full" onClick={onClose}>
              {t(CLOSE)}
            </Button>
          ) : null}
          {cardTaps && invoice && amount !== undefined && status !== 'paid' && hasWebNfc() ? (
            <Suspense fallback={null}>
              <TapToPay key={invoice} taps={cardTaps} invoice={invoice} amount={amount} />
            </Suspense>
          ) : null}
          {ecash && status !== 'paid' ? (
            <div className="w-full">
              <SegmentToggle
                label={t(PAY_WITH)}
                options={payWith}
                value={showEcash ? 'ecash' : 'lightning'}
                onChange={setMethod}
              />
            </div>
          ) : null}
          {showEcash && ecash && status !== 'paid' ? (
            <>
              <QrCode value={ecash.creqA} label={t(ECASH_QR_LABEL)} size={256} />
              <CopyValue
                label={t(ECASH_REQUEST_LABEL)}
                copied={copiedText === ecash.creqA || copiedText === ecash.creqB}
                testId="ecash-request-string"
                scroll
              >
                {ecash.creqA}
              </CopyValue>
              <Button variant="outline" className="w-full" onClick={() => void copy(ecash.creqB)}>
                {t(COPY_CREQB)}
              </Button>
              <CopyCloseButtons
                copyLabel={t(COPY_ECASH_REQUEST)}
                onCopy={() => void copy(ecash.creqA)}
                onClose={onClose}
              />
            </>
          ) : null}
          {showEcash || status === 'paid' ? null : (
            <LightningInvoice
              invoice={invoice}
              testId="invoice-string"
              copied={copiedText === invoice}
              onCopy={() => void copy(invoice)}
              onClose={onClose}
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}

/** The Lightning invoice's QR code, its text and the Copy / Close buttons. */
interface LightningInvoiceProps {
  invoice: string;
  testId: string;
  copied: boolean;
  onCopy: () => void;
  onClose: () => void;
}

function LightningInvoice({ invoice, testId, copied, onCopy, onClose }: LightningInvoiceProps) {
  const t = useTexts();
  return (
    <>
      <QrCode value={invoice} label={t(INVOICE_QR_LABEL)} size={256} />
      <CopyValue label={t(INVOICE_STRING_LABEL)} copied={copied} testId={testId} scroll>
        {invoice}
      </CopyValue>
      <CopyCloseButtons copyLabel={t(COPY_INVOICE)} onCopy={onCopy} onClose={onClose} />
    </>
  );
}

const ignore = () => {};

/** An invoice-shaped text in place of an invoice; its buttons do nothing (nobody can reach them). */
const REHEARSAL_INVOICE: LightningInvoiceProps = {
  invoice: INVOICE_SHAPED,
  testId: 'invoice-string-rehearsal',
  copied: false,
  onCopy: ignore,
  onClose: ignore,
};

/**
 * The invoice modal's content as a first invoice shows it, on an invoice-shaped text, rendered
 * once where nobody sees it (ModalRehearsal): the first sale's modal then opens on warm styles,
 * text runs and QR encoder (docs/performance.md "Taps"). `onDone` once it is gone from the page.
 */
export function InvoiceModalRehearsal({ onDone }: { onDone: () => void }) {
  const t = useTexts();
  const frame = { title: t(INVOICE_MODAL_TITLE), description: t(INVOICE_MODAL_TEXT), onDone };
  return (
    <ModalRehearsal {...frame}>
      <div className="flex flex-col items-center gap-4">
        <ModalAmount amount={REHEARSAL_AMOUNT} testId="invoice-amount-rehearsal" />
        <LightningInvoice {...REHEARSAL_INVOICE} />
      </div>
    </ModalRehearsal>
  );
}

/** Any amount: its digits and unit are what the first invoice's line lays out. */
const REHEARSAL_AMOUNT = 21;
