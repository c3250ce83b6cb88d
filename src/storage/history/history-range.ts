// HistoryRangeReader on Dexie: history events by time on the createdAt index, oldest first, for
// the CSV export and the day summary (core/records).
import type { HistoryEvent } from '../../core/history-ports';
import type { HistoryCursor, HistoryRangeReader } from '../../core/records/types';
import type { CashewDb } from '../database/db';

export class DexieHistoryRange implements HistoryRangeReader {
  constructor(private readonly db: CashewDb) {}

  /**
   * Index entries with equal createdAt are ordered by id, so a page resumes at the cursor's
   * time after dropping the ties already read: a few rows, never the whole range. They are read
   * and dropped here rather than with Dexie's offset(), which walks a cursor row by row instead
   * of one getAll.
   */
  async range(
    from: number,
    to: number,
    cursor: HistoryCursor | undefined,
    limit: number,
  ): Promise<HistoryEvent[]> {
    if (!(to > from)) return [];
    const start = cursor ? Math.max(cursor.createdAt, from) : from;
    const skip = cursor && cursor.createdAt >= from ? cursor.skip : 0;
    const rows = await this.db.historyEvents
      .where('createdAt')
      .between(start, to, true, false)
      .limit(limit + skip)
      .toArray();
    return (skip > 0 ? rows.slice(skip) : rows) as HistoryEvent[];
  }
}
