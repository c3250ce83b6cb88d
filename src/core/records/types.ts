// What the records (CSV export, day summary) read: history events by time, in pages.
import type { HistoryEvent } from '../history-ports';

/** Where the next page starts: after `skip` events stamped exactly `createdAt` (ties by id). */
export interface HistoryCursor {
  createdAt: number;
  skip: number;
}

/** History events with from <= createdAt < to, oldest first (ties by id), `limit` at a time. */
export interface HistoryRangeReader {
  range(
    from: number,
    to: number,
    cursor: HistoryCursor | undefined,
    limit: number,
  ): Promise<HistoryEvent[]>;
}

/** The cursor after a page, given the one before it. */
export function nextCursor(
  before: HistoryCursor | undefined,
  page: readonly HistoryEvent[],
): HistoryCursor | undefined {
  const last = page[page.length - 1];
  if (!last) return before;
  let ties = 0;
  for (let i = page.length - 1; i >= 0 && page[i]!.createdAt === last.createdAt; i--) ties++;
  // A page of nothing but ties continues the run the previous page had started.
  const carried =
    before && before.createdAt === last.createdAt && ties === page.length ? before.skip : 0;
  return { createdAt: last.createdAt, skip: carried + ties };
}

/** Every event of the range, page by page; `between` runs after each page (yield to the page). */
export async function* readRange(
  reader: HistoryRangeReader,
  from: number,
  to: number,
  pageSize: number,
  between?: () => Promise<void>,
): AsyncGenerator<HistoryEvent[]> {
  let cursor: HistoryCursor | undefined;
  for (;;) {
    const page = await reader.range(from, to, cursor, pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    cursor = nextCursor(cursor, page);
    if (between) await between();
  }
}
