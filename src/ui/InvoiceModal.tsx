// Invoice modal (SPEC §2 "Payment entry"): QR and text of a Lightning invoice, copy and close.
import { Button } from './Button';
import { CopiedBadge } from './CopiedBadge';
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
  /** Clipboard failures go here only (the feature logs 'Failed to copy invoice:'). */
  onCopyError?: (error: unknown) => void;
}

export const INVOICE_MODAL_TITLE = 'Please pay this invoice';
export const INVOICE_MODAL_TEXT =
  'Scan the QR code with your Lightning wallet or copy the invoice string';

export function InvoiceModal({ invoice, onClose, amount, onCopyError }: InvoiceModalProps) {
  const { copiedText, copy } = useCopyToClipboard(onCopyError);

  return (
    <Modal
      open={invoice !== null}
      onClose={onClose}
      title={INVOICE_MODAL_TITLE}
      description={INVOICE_MODAL_TEXT}
    >
      {invoice !== null ? (
        <div className="flex flex-col items-center gap-4">
          {amount !== undefined ? (
            <p
              data-testid="invoice-amount"
              className="text-3xl font-bold text-violet-700 tabular-nums"
            >
              {amount} sats
            </p>
          ) : null}
          <QrCode value={invoice} label="Invoice QR code" size={256} />
          <div className="w-full">
            {/* The confirmation sits beside the label, so nothing reserves empty space below. */}
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-700">Invoice String:</p>
              <CopiedBadge visible={copiedText === invoice} />
            </div>
            <p
              data-testid="invoice-string"
              className="mt-1 max-h-28 overflow-y-auto rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800 select-all"
            >
              {invoice}
            </p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:flex-row">
            <Button
              size="lg"
              className="w-full sm:w-auto sm:flex-1"
              onClick={() => void copy(invoice)}
            >
              Copy Invoice
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="w-full sm:w-auto sm:flex-1"
              onClick={onClose}
            >
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
