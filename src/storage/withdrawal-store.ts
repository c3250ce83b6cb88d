// WithdrawalStore on Dexie: withdrawal tokens watched until the mint reports them spent.
import type { PendingWithdrawal, WithdrawalStore } from '../core/ports';
import type { CashewDb } from './db';

export class DexieWithdrawalStore implements WithdrawalStore {
  constructor(private readonly db: CashewDb) {}

  async put(withdrawal: PendingWithdrawal): Promise<void> {
    await this.db.withdrawals.put(withdrawal);
  }

  async list(): Promise<PendingWithdrawal[]> {
    const rows = await this.db.withdrawals.toArray();
    return rows.sort((a, b) => a.createdAt - b.createdAt);
  }

  async remove(id: string): Promise<void> {
    await this.db.withdrawals.delete(id);
  }
}
