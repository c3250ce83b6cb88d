// MeltStore on Dexie: cash-outs in flight (schema v11), read by the cash-out service and the wallet
// screen. Writes go through DexieLedger, together with the proofs they move.
import type { MeltStore, PendingMelt } from '../../core/wallet/cash-out/ports';
import type { CashewDb } from '../database/db';

export class DexieMeltStore implements MeltStore {
  constructor(private readonly db: CashewDb) {}

  async get(quote: string): Promise<PendingMelt | undefined> {
    return this.db.melts.get(quote);
  }

  async list(): Promise<PendingMelt[]> {
    const rows = await this.db.melts.toArray();
    return rows.sort((a, b) => a.createdAt - b.createdAt);
  }
}
