// NUT-18 payloads held until their sale is known, on Dexie (HeldEcashStore, core/wallet/ecash/ports.ts): the
// payloads naming a request of this merchant's cashiers and strangers' each under their own bound.
import type { HeldEcashPayload, HeldEcashStore } from '../../core/wallet/ecash/ports';
import type { CashewDb } from '../database/db';

export class DexieHeldEcash implements HeldEcashStore {
  constructor(private readonly db: CashewDb) {}

  hold(row: HeldEcashPayload, bounds: { max: number; since: number }): Promise<string[]> {
    const table = this.db.heldEcash;
    return this.db.transaction('rw', table, async () => {
      if (!(await table.get(row.key))) await table.add(row);
      const stale = await table.where('receivedAt').below(bounds.since).primaryKeys();
      await table.bulkDelete(stale);
      // A handful of rows: filtering them costs less than an index (and a schema version).
      const sameKind = (held: HeldEcashPayload) => (held.issued === true) === (row.issued === true);
      const kind = table.orderBy('receivedAt').filter(sameKind);
      const over = (await kind.clone().count()) - bounds.max;
      const oldest = over > 0 ? await kind.limit(over).primaryKeys() : [];
      await table.bulkDelete(oldest);
      return [...stale, ...oldest];
    });
  }

  list(requestId?: string): Promise<HeldEcashPayload[]> {
    const table = this.db.heldEcash;
    return requestId === undefined
      ? table.orderBy('receivedAt').toArray()
      : table.where('requestId').equals(requestId).sortBy('receivedAt');
  }

  async remove(key: string): Promise<void> {
    await this.db.heldEcash.delete(key);
  }
}
