// What a history row of 0 sats means, in words, instead of a bare "0 sats" (docs/behaviour.md
// "History"): a token cancelled without a fee, a restore scan that found nothing or could not
// reach a mint.
import type { HistoryEvent } from '../../core/history-ports';
import {
  NO_FEE,
  NOTHING_FOUND,
  RESTORE_NOT_REACHED_NOTE,
  RESTORE_NOTHING_NOTE,
  TOKEN_BACK,
} from './locales/wallet/en.json';
import type { WalletWords } from './wallet-words';

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
export function rowWords(
  event: Pick<HistoryEvent, 'type' | 'amount' | 'metadata'>,
  { t, formats }: Pick<WalletWords, 't' | 'formats'>,
): RowWords {
  const data = fields(event.metadata);
  if (event.type === 'token-cancelled') {
    const back =
      typeof data.tokenAmount === 'number'
        ? t(TOKEN_BACK, { count: data.tokenAmount, sats: formats.sats(data.tokenAmount) })
        : undefined;
    return {
      ...(event.amount === 0 ? { amount: t(NO_FEE) } : {}),
      ...(back ? { note: back } : {}),
    };
  }
  if (event.type === 'restore' && event.amount === 0) {
    const note =
      typeof data.error === 'string' && data.error
        ? t(RESTORE_NOT_REACHED_NOTE, { error: data.error })
        : t(RESTORE_NOTHING_NOTE);
    return { amount: t(NOTHING_FOUND), note };
  }
  return {};
}
