// A sale's receipt, from History or right after the sale: shown, printed on 58 mm, 80 mm or A4
// paper, shared as text (Web Share where the browser has it, else copied) (docs/behaviour.md
// "Receipts"). `autoPrint` opens the print dialog once when it is ready (decision 0034).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { PAPERS, PrintArea, printPage, type Paper } from './PrintArea';
import { ReceiptView, type ReceiptData } from './ReceiptView';
import { SegmentToggle } from '../forms/Segmented';
import { toast } from '../toast/toast';
import { useCopyToClipboard } from '../share/use-copy';
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
} from '../locales/receipt/en.json';
import { useTexts } from '../i18n';

/** What the dialog shows: the receipt and its plain text once read. */
export type ReceiptDialogState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; receipt: ReceiptData; text: string };

export interface ReceiptDialogProps {
  open: boolean;
  state: ReceiptDialogState;
  onClose: () => void;
  logger: {
    error(message: string, error?: unknown): void;
    warn(message: string, error?: unknown): void;
  };
  /** more actions under the receipt (Refund) */
  actions?: ReactNode;
  /** open the print dialog once, as soon as the receipt is ready (Print receipts automatically) */
  autoPrint?: boolean;
}

const canShare = () => typeof navigator.share === 'function';

export function ReceiptDialog({
  open,
  state,
  onClose,
  logger,
  actions,
  autoPrint = false,
}: ReceiptDialogProps) {
  const t = useTexts();
  const [paper, setPaper] = useState<Paper>('58mm');
  const { copiedText, copy } = useCopyToClipboard((error) =>
    logger.error('Could not copy the receipt', error),
  );
  const receipt = state.status === 'ready' ? state.receipt : null;
  const text = state.status === 'ready' ? state.text : '';
  // Once per receipt shown: after the print area below is in the page.
  const printed = useRef<ReceiptData | null>(null);
  useEffect(() => {
    if (!open || !autoPrint || !receipt || printed.current === receipt) return;
    printed.current = receipt;
    printPage();
  }, [open, autoPrint, receipt]);

  const share = async () => {
    if (!canShare()) return copy(text);
    try {
      await navigator.share({ title: t(RECEIPT_TITLE), text });
    } catch (error) {
      // The customer closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      logger.warn('Could not share the receipt', error);
      toast.error(t(SHARE_FAILED));
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t(RECEIPT_TITLE)}>
      {state.status === 'loading' ? <p role="status">{t(RECEIPT_LOADING)}</p> : null}
      {state.status === 'failed' ? <p role="alert">{t(RECEIPT_FAILED)}</p> : null}
      {receipt ? (
        <div className="space-y-4">
          <ReceiptView receipt={receipt} />
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">{t(PAPER_LABEL)}</p>
            <SegmentToggle
              label={t(PAPER_LABEL)}
              options={PAPERS.map((size) => ({ value: size, label: size }))}
              value={paper}
              onChange={setPaper}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={printPage}>{t(PRINT)}</Button>
            <Button variant="outline" onClick={() => void share()}>
              {t(canShare() ? SHARE : copiedText === text && text ? COPIED : COPY_TEXT)}
            </Button>
            {actions}
            <Button variant="ghost" onClick={onClose}>
              {t(CLOSE_RECEIPT)}
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
