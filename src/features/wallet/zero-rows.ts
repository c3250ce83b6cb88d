// What a history row of 0 sats means, in words, instead of a bare "0 sats" (docs/behaviour.md
// "History"): a token cancelled without a fee, a restore scan that found nothing or could not
// reach a mint.
import type { HistoryEvent } from '../../core/history-ports';
import { formatSats } from '../../ui/format-sats';

export const NO_FEE = 'No fee';
export const NOTHING_FOUND = 'Nothing found';
export const tokenBack = (sats: number) => `${formatSats(sats)} sats back in the balance`;
export const RESTORE_NOTHING_NOTE = 'The phrase restore found no sats at this mint.';
export const restoreNotReachedNote = (error: string) => `The mint could not be scanned: ${error}`;

export interface RowWords {
  /** replaces the signed amount */
  amount?: string;
  /** a line under the label */
  note?: string;
}

function fields(metadata: string | undefined): Record<string, unknown> {
  if (!metadata) return {};
  try {
    const parsed: unknown = JSON.parse(metadata);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Words for the rows whose amount alone says nothing; empty for every other row. */
export function rowWords(event: Pick<HistoryEvent, 'type' | 'amount' | 'metadata'>): RowWords {
  const data = fields(event.metadata);
  if (event.type === 'token-cancelled') {
    const back = typeof data.tokenAmount === 'number' ? tokenBack(data.tokenAmount) : undefined;
    return { ...(event.amount === 0 ? { amount: NO_FEE } : {}), ...(back ? { note: back } : {}) };
  }
  if (event.type === 'restore' && event.amount === 0) {
    const note =
      typeof data.error === 'string' && data.error
        ? restoreNotReachedNote(data.error)
        : RESTORE_NOTHING_NOTE;
    return { amount: NOTHING_FOUND, note };
  }
  return {};
}
