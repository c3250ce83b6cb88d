// A record kept whole as one JSON config row, stamped with the time it was written.
import type { CashewDb } from './db';

/** The row's record as stored; undefined when there is no row or it is not JSON. */
export async function readConfigJson(db: CashewDb, key: string): Promise<unknown> {
  const value = (await db.config.get(key))?.value;
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** One put: the row is replaced in a single write, so a reader sees the old record or the new. */
export async function writeConfigJson(
  db: CashewDb,
  key: string,
  record: unknown,
  now: number,
): Promise<void> {
  await db.config.put({ key, value: JSON.stringify(record), updatedAt: now });
}
