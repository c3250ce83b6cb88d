// A sale's receipt for the dialog: read by the one loader (core/receipts/load-receipt.ts), with its
// plain text and the sale's refunds (a refund needs what is left).
import { useCallback } from 'react';
import type { Logger } from '../../core/logger';
import type { HistoryEvent } from '../../core/history-ports';
import { loadReceipt, type ReceiptSources } from '../../core/receipts/load-receipt';
import type { Receipt } from '../../core/receipts/receipt';
import { useReceiptWords } from '../../ui/receipt/receipt-words';
import { useLoaded } from '../../ui/use-loaded';

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; receipt: Receipt; text: string; refunds: HistoryEvent[] };

/** `version` reloads it (after a refund). */
export function useReceipt(
  sale: HistoryEvent | null,
  sources: ReceiptSources & { logger: Logger },
  version = 0,
): ReceiptState {
  const { shopName, shopDetails, historyRange, clock, logger } = sources;
  const words = useReceiptWords();
  const load = useCallback(
    (event: HistoryEvent) =>
      loadReceipt(
        event,
        {
          ...(shopName ? { shopName } : {}),
          ...(shopDetails ? { shopDetails } : {}),
          ...(historyRange ? { historyRange } : {}),
          clock,
        },
        words,
      ),
    [shopName, shopDetails, historyRange, clock, words],
  );
  const onError = useCallback(
    (error: unknown) => logger.error('Could not load the receipt', error),
    [logger],
  );
  const loaded = useLoaded(sale, load, onError, version);
  return loaded.status === 'ready' ? { status: 'ready', ...loaded.value } : loaded;
}
