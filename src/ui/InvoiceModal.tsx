// Invoice modal (docs/behaviour.md "Point of sale"): QR and text of a Lightning invoice, copy and
// close.
import { CopyCloseButtons, CopyLabel, ModalAmount } from './CopyParts';
import { Modal } from './Modal';
import { QrCode } from './QrCode';
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
}

export const INVOICE_MODAL_TITLE = 'Please pay this invoice';
export const INVOICE_MODAL_TEXT =
  'Scan the QR code with your Lightning wallet or copy the invoice string';

export function InvoiceModal({
  invoice,
  onClose,
  amount,
  fiatText,
  onCopyError,
  returnFocusTo,
}: InvoiceModalProps) {
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

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
          <QrCode value={invoice} label="Invoice QR code" size={256} />
          <div className="w-full">
            <CopyLabel copied={copiedText === invoice}>Invoice String:</CopyLabel>
            {/* Focusable, so a keyboard can scroll a long invoice (axe: scrollable-region-focusable). */}
            <p
              data-testid="invoice-string"
              tabIndex={0}
              className="mt-1 max-h-28 overflow-y-auto rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800 select-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              {invoice}
            </p>
          </div>
          <CopyCloseButtons
            copyLabel="Copy Invoice"
            onCopy={() => void copy(invoice)}
            onClose={onClose}
          />
        </div>
      ) : null}
    </Modal>
  );
}
