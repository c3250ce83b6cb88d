// A record kept whole as one JSON config row, stamped with the time it was written.
import type { CashewDb } from './db';

/** One put: the row is replaced in a single write, so a reader sees the old record or the new. */
export async function writeConfigJson(
  db: CashewDb,
  key: string,
  record: unknown,
  now: number,
): Promise<void> {
  await db.config.put({ key, value: JSON.stringify(record), updatedAt: now });
}
