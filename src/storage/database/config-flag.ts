// A yes/no setting kept as one config row, 'true' or 'false'; a missing row reads as no.
import type { CashewDb } from './db';

export async function readFlag(db: CashewDb, key: string): Promise<boolean> {
  return (await db.config.get(key))?.value === 'true';
}

export async function writeFlag(
  db: CashewDb,
  key: string,
  on: boolean,
  now: number,
): Promise<void> {
  await db.config.put({ key, value: on ? 'true' : 'false', updatedAt: now });
}
