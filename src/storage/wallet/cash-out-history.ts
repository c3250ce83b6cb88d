// The history row of a cash-out (type 'cash-out', or 'refund' when it refunds a sale): amount sent,
// fees, preimage, the invoice's description, change the reserve cannot explain and the refund's
// link to its sale, as metadata.
import type { CashOutEventInput } from '../../core/wallet/cash-out/ports';
import { historyRow, type NewHistoryRow } from '../history/history-row';
import type { HistoryRow } from '../database/rows';

export function cashOutRow(event: CashOutEventInput, now: number): NewHistoryRow {
  const metadata = {
    request: event.request,
    feePaid: event.feePaid,
    inputFee: event.inputFee,
    preimage: event.preimage,
    ...(event.destination ? { destination: event.destination } : {}),
    ...(event.description ? { description: event.description } : {}),
    ...(event.auto ? { auto: true } : {}),
    ...(event.extraChange ? { extraChange: event.extraChange } : {}),
    ...(event.feeBeyondReserve ? { feeBeyondReserve: event.feeBeyondReserve } : {}),
    ...(event.refund ? event.refund : {}),
    ...(event.invoiceSats ? { invoiceSats: event.invoiceSats } : {}),
  };
  return {
    ...historyRow(now, event.refund ? 'refund' : 'cash-out', event, metadata),
    quoteId: event.quoteId,
    request: event.request,
    // In cents: never in a sat figure of the day (decision 0067).
    ...(event.unit ? { unit: event.unit } : {}),
  };
}

/**
 * The invoice a cash-out row paid, from its metadata (every release wrote it there), or undefined
 * for rows of other types or unreadable metadata.
 */
export function cashOutRequest(row: Pick<HistoryRow, 'type' | 'metadata'>): string | undefined {
  if (row.type !== 'cash-out' || !row.metadata) return undefined;
  try {
    const parsed = JSON.parse(row.metadata) as { request?: unknown };
    return typeof parsed.request === 'string' ? parsed.request : undefined;
  } catch {
    return undefined;
  }
}
