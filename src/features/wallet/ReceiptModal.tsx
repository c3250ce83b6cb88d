// A sale's receipt from History: shown, printed on 58 mm, 80 mm or A4 paper, shared as text (Web
// Share where the browser has it, else copied) (docs/behaviour.md "Receipts").
import { useState, type ReactNode } from 'react';
import { receiptText } from '../../core/receipts/receipt';
import { Button } from '../../ui/Button';
import { formatSats } from '../../ui/format-sats';
import { Modal } from '../../ui/Modal';
import { PAPERS, PrintArea, printPage, type Paper } from '../../ui/PrintArea';
import { ReceiptView } from '../../ui/ReceiptView';
import { SegmentButton, SegmentTrack } from '../../ui/Segmented';
import { toast } from '../../ui/toast';
import { useCopyToClipboard } from '../../ui/use-copy';
import {
  CLOSE_RECEIPT,
  COPIED,
  COPY_TEXT,
  PAPER_LABEL,
  PRINT,
  RECEIPT_FAILED,
  RECEIPT_LOADING,
  RECEIPT_TITLE,
  SHARE,
  SHARE_FAILED,
} from './receipt-texts';
import type { ReceiptState } from './use-receipt';
import type { Logger } from '../../core/logger';

export interface ReceiptModalProps {
  open: boolean;
  state: ReceiptState;
  onClose: () => void;
  logger: Logger;
  /** more actions under the receipt (Refund) */
  actions?: ReactNode;
}

const canShare = () => typeof navigator.share === 'function';

export function ReceiptModal({ open, state, onClose, logger, actions }: ReceiptModalProps) {
  const [paper, setPaper] = useState<Paper>('58mm');
  const { copiedText, copy } = useCopyToClipboard((error) =>
    logger.error('Could not copy the receipt', error),
  );
  const receipt = state.status === 'ready' ? state.receipt : null;
  const text = receipt ? receiptText(receipt, formatSats) : '';

  const share = async () => {
    if (!canShare()) return copy(text);
    try {
      await navigator.share({ title: RECEIPT_TITLE, text });
    } catch (error) {
      // The customer closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      logger.warn('Could not share the receipt', error);
      toast.error(SHARE_FAILED);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={RECEIPT_TITLE}>
      {state.status === 'loading' ? <p role="status">{RECEIPT_LOADING}</p> : null}
      {state.status === 'failed' ? <p role="alert">{RECEIPT_FAILED}</p> : null}
      {receipt ? (
        <div className="space-y-4">
          <ReceiptView receipt={receipt} />
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">{PAPER_LABEL}</p>
            <SegmentTrack role="group" aria-label={PAPER_LABEL}>
              {PAPERS.map((size) => (
                <SegmentButton
                  key={size}
                  selected={paper === size}
                  aria-pressed={paper === size}
                  onClick={() => setPaper(size)}
                >
                  {size}
                </SegmentButton>
              ))}
            </SegmentTrack>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={printPage}>{PRINT}</Button>
            <Button variant="outline" onClick={() => void share()}>
              {canShare() ? SHARE : copiedText === text && text ? COPIED : COPY_TEXT}
            </Button>
            {actions}
            <Button variant="ghost" onClick={onClose}>
              {CLOSE_RECEIPT}
            </Button>
          </div>
          {open ? (
            <PrintArea paper={paper}>
              <ReceiptView receipt={receipt} />
            </PrintArea>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
