// HistoryRangeReader on Dexie: history events by time on the createdAt index, oldest first, for
// the CSV export and the day summary (core/records).
import type { HistoryEvent } from '../core/ports';
import type { HistoryCursor, HistoryRangeReader } from '../core/records/types';
import type { CashewDb } from './db';

export class DexieHistoryRange implements HistoryRangeReader {
  constructor(private readonly db: CashewDb) {}

  /**
   * Index entries with equal createdAt are ordered by id, so a page resumes at the cursor's
   * time after skipping the ties already read: an offset of a few rows, never of the whole range.
   */
  async range(
    from: number,
    to: number,
    cursor: HistoryCursor | undefined,
    limit: number,
  ): Promise<HistoryEvent[]> {
    if (!(to > from)) return [];
    const start = cursor ? Math.max(cursor.createdAt, from) : from;
    const rows = await this.db.historyEvents
      .where('createdAt')
      .between(start, to, true, false)
      .offset(cursor && cursor.createdAt >= from ? cursor.skip : 0)
      .limit(limit)
      .toArray();
    return rows as HistoryEvent[];
  }
}
