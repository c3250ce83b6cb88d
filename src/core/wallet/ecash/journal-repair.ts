// The start-up repair both ecash journals run (this mint's receipts, other mints' melts): each row
// finished in turn, the sales that land returned to be announced, a row that cannot finish yet
// left journaled for the next start or unlock. Never rejects (docs/protocol.md "Ecash payments").
import type { Logger } from '../../logger';

export interface JournalRepair<Row, Landed> {
  rows: () => Promise<Row[]>;
  /** Finishes one row: the sale when it landed now, else undefined. */
  finish: (row: Row) => Promise<Landed | undefined>;
  logger: Logger;
  /** logged as an error when the journal cannot be read */
  unreadable: string;
  /** logged as a warning when a row is left for later */
  notFinished: (row: Row) => string;
}

export async function repairJournal<Row extends { closesQuote?: string }, Landed extends object>(
  repair: JournalRepair<Row, Landed>,
): Promise<Array<Landed & { closesQuote?: string }>> {
  const landed: Array<Landed & { closesQuote?: string }> = [];
  const rows = await repair.rows().catch((error: unknown) => {
    repair.logger.error(repair.unreadable, error);
    return [];
  });
  for (const row of rows) {
    try {
      const sale = await repair.finish(row);
      // The row names the invoice (mint quote) the sale closes: it is announced as that one's.
      if (sale)
        landed.push({ ...sale, ...(row.closesQuote ? { closesQuote: row.closesQuote } : {}) });
    } catch (error) {
      repair.logger.warn(repair.notFinished(row), error);
    }
  }
  return landed;
}
