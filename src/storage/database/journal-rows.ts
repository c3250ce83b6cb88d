// The reads and writes every journal store repeats on its Dexie table: one row by key, all rows
// oldest first, a partial update and a delete.
import type { InsertType, Table, UpdateSpec } from 'dexie';

export class JournalRows<Row extends { createdAt: number }, Key extends keyof Row & string> {
  constructor(private readonly table: Table<Row, string, InsertType<Row, Key>>) {}

  async get(key: string): Promise<Row | undefined> {
    return this.table.get(key);
  }

  /** Oldest first, so recovery handles rows in the order they were created. */
  async list(): Promise<Row[]> {
    return this.table.orderBy('createdAt').toArray();
  }

  /** A key set to undefined in `changes` is removed from the row (e.g. clearing a reservation). */
  async update(key: string, changes: Partial<Omit<Row, Key>>): Promise<void> {
    await this.table.update(key, changes as unknown as UpdateSpec<InsertType<Row, Key>>);
  }

  async remove(key: string): Promise<void> {
    await this.table.delete(key);
  }
}
