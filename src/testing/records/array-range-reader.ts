// A HistoryRangeReader over an array, honouring the cursor as the Dexie one does (unit tests).
import type { HistoryEvent } from '../../core/history-ports';
import type { HistoryRangeReader } from '../../core/records/types';

export function arrayRangeReader(all: HistoryEvent[]): HistoryRangeReader {
  return {
    async range(from, to, cursor, limit) {
      const list = all
        .filter((e) => e.createdAt >= from && e.createdAt < to)
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
      const start = cursor
        ? list.findIndex((e) => e.createdAt >= cursor.createdAt) + cursor.skip
        : 0;
      return list.slice(start, start + limit);
    },
  };
}
