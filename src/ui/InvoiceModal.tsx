// Invoice modal (docs/behaviour.md "Point of sale"): QR and text of a Lightning invoice, copy and
// close; with an ecash request, a "Lightning / Ecash" switch shows that instead.
import {
  LIGHTNING_TAB_TEXT,
  ECASH_TAB_TEXT,
  ECASH_REQUEST_LABEL,
  COPY_ECASH_REQUEST_TEXT,
  COPY_CREQB_TEXT,
  INVOICE_MODAL_TITLE,
  INVOICE_MODAL_TEXT,
} from './texts.json';
import { useState } from 'react';
import { Button } from './Button';
import { CopyCloseButtons, CopyValue, ModalAmount } from './CopyParts';
import { Modal } from './Modal';
import { QrCode } from './QrCode';
import { SegmentToggle, type SegmentOption } from './Segmented';
import { useCopyToClipboard } from './use-copy';

export interface InvoiceModalProps {
  /** The BOLT11 payment request; the modal is open while this is non-null. */
  invoice: string | null;
  /** Escape, backdrop click and the Close button. */
  onClose: () => void;
  /** Invoice amount in sats, shown above the QR code. */
  amount?: number;
  /** The amount in the merchant's display currency ("12.34 USD"), shown under the sats. */
  fiatText?: string;
  /** Clipboard failures go here only (the feature logs 'Failed to copy invoice:'). */
  onCopyError?: (error: unknown) => void;
  /** Where focus goes on close (see Modal). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /** The same sale as a NUT-18 payment request (creqA shown, CREQB copied on demand). */
  ecash?: { creqA: string; creqB: string } | null;
}

const PAY_WITH: readonly SegmentOption<'lightning' | 'ecash'>[] = [
  { value: 'lightning', label: LIGHTNING_TAB_TEXT },
  { value: 'ecash', label: ECASH_TAB_TEXT },
];

export function InvoiceModal({
  invoice,
  onClose,
  amount,
  fiatText,
  onCopyError,
  returnFocusTo,
  ecash,
}: InvoiceModalProps) {
  const { copiedText, copy } = useCopyToClipboard(onCopyError);
  const [method, setMethod] = useState<'lightning' | 'ecash'>('lightning');
  const showEcash = method === 'ecash' && Boolean(ecash);

  return (
    <Modal
      open={invoice !== null}
      onClose={onClose}
      title={INVOICE_MODAL_TITLE}
      description={INVOICE_MODAL_TEXT}
      returnFocusTo={returnFocusTo}
    >
      {invoice !== null ? (
        <div className="flex flex-col items-center gap-4">
          <ModalAmount amount={amount} testId="invoice-amount" />
          {fiatText ? (
            <p data-testid="invoice-fiat" className="-mt-3 text-sm font-medium text-slate-600">
              {fiatText}
            </p>
          ) : null}
          {ecash ? (
            <div className="w-full">
              <SegmentToggle
                label="Pay with"
                options={PAY_WITH}
                value={showEcash ? 'ecash' : 'lightning'}
                onChange={setMethod}
              />
            </div>
          ) : null}
          {showEcash && ecash ? (
            <>
              <QrCode value={ecash.creqA} label="Ecash payment request QR code" size={256} />
              <CopyValue
                label={ECASH_REQUEST_LABEL}
                copied={copiedText === ecash.creqA || copiedText === ecash.creqB}
                testId="ecash-request-string"
                scroll
              >
                {ecash.creqA}
              </CopyValue>
              <Button variant="outline" className="w-full" onClick={() => void copy(ecash.creqB)}>
                {COPY_CREQB_TEXT}
              </Button>
              <CopyCloseButtons
                copyLabel={COPY_ECASH_REQUEST_TEXT}
                onCopy={() => void copy(ecash.creqA)}
                onClose={onClose}
              />
            </>
          ) : null}
          {showEcash ? null : (
            <>
              <QrCode value={invoice} label="Invoice QR code" size={256} />
              <CopyValue
                label="Invoice String:"
                copied={copiedText === invoice}
                testId="invoice-string"
                scroll
              >
                {invoice}
              </CopyValue>
              <CopyCloseButtons
                copyLabel="Copy Invoice"
                onCopy={() => void copy(invoice)}
                onClose={onClose}
              />
            </>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
