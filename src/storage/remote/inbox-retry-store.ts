// The merchant inbox's retry list on Dexie (InboxRetryStore, core/remote-payments/merchant/merchant-ports.ts).
import type {
  InboxRetryStore,
  ParkedWrap,
} from '../../core/remote-payments/merchant/merchant-ports';
import type { CashewDb } from '../database/db';

export class DexieInboxRetryStore implements InboxRetryStore {
  constructor(private readonly db: CashewDb) {}

  list(): Promise<ParkedWrap[]> {
    return this.db.inboxRetries.orderBy('addedAt').toArray();
  }

  put(wrap: ParkedWrap, max: number): Promise<ParkedWrap[]> {
    const table = this.db.inboxRetries;
    return this.db.transaction('rw', table, async () => {
      if (!(await table.get(wrap.id))) await table.add(wrap);
      const over = (await table.count()) - max;
      if (over <= 0) return [];
      const oldest = await table.orderBy('addedAt').limit(over).toArray();
      await table.bulkDelete(oldest.map((row) => row.id));
      return oldest;
    });
  }

  async remove(id: string): Promise<void> {
    await this.db.inboxRetries.delete(id);
  }
}
