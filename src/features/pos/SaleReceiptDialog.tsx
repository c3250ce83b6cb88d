// The receipt dialog Home opens for its last sale: loaded on demand (the keypad's first paint does
// not carry it), the same dialog and loader as History's.
import { useCallback } from 'react';
import type { Logger } from '../../core/logger';
import type { HistoryEvent } from '../../core/history-ports';
import { loadReceipt, type ReceiptSources } from '../../core/receipts/load-receipt';
import { ReceiptDialog } from '../../ui/receipt/ReceiptDialog';
import { useLoaded } from '../../ui/use-loaded';
import { useReceiptWords } from '../../ui/receipt/receipt-words';

export interface SaleReceiptDialogProps {
  sale: HistoryEvent;
  sources: ReceiptSources;
  open: boolean;
  autoPrint: boolean;
  onClose: () => void;
  logger: Logger;
}

export default function SaleReceiptDialog({
  sale,
  sources,
  open,
  autoPrint,
  onClose,
  logger,
}: SaleReceiptDialogProps) {
  const words = useReceiptWords();
  const load = useCallback(
    (event: HistoryEvent) => loadReceipt(event, sources, words),
    [sources, words],
  );
  const onError = useCallback(
    (error: unknown) => logger.error('Could not load the receipt', error),
    [logger],
  );
  const state = useLoaded(open ? sale : null, load, onError);
  return (
    <ReceiptDialog
      open={open}
      state={state.status === 'ready' ? { status: 'ready', ...state.value } : state}
      onClose={onClose}
      logger={logger}
      autoPrint={autoPrint}
    />
  );
}
