// WithdrawalStore on Dexie: withdrawal tokens watched until the mint reports them spent.
import type { PendingWithdrawal, WithdrawalStore } from '../../core/wallet/withdraw/ports';
import type { CashewDb } from '../database/db';
import { proofRowsBySecret } from './proof-seal';
import { checkRefundNow } from './refund-limit';
import { listWithdrawals } from './withdrawal-list';

export class DexieWithdrawalStore implements WithdrawalStore {
  constructor(private readonly db: CashewDb) {}

  async put(withdrawal: PendingWithdrawal): Promise<void> {
    await this.db.withdrawals.put(withdrawal);
  }

  /**
   * The proofs' state and every other token row are read in the write's own transaction; so is a
   * refund token's limit (throws ValidationError when it does not fit, writing nothing).
   */
  async putToken(withdrawal: PendingWithdrawal): Promise<boolean> {
    const { db } = this;
    const tables = [db.withdrawals, db.proofs, db.historyEvents, db.melts];
    return db.transaction('rw', tables, async () => {
      const { refund } = withdrawal;
      if (refund) await checkRefundNow(db, refund.refundOf, withdrawal.amount);
      const proofs = await proofRowsBySecret(db, withdrawal.secrets);
      if (proofs.some((row) => row === undefined || row.spentFlag !== 0)) return false;
      const mine = new Set(withdrawal.secrets);
      const others = await db.withdrawals.toArray();
      const taken = others.some(
        (row) =>
          row.id !== withdrawal.id &&
          row.consolidation === undefined &&
          row.secrets.some((secret) => mine.has(secret)),
      );
      if (taken) return false;
      await db.withdrawals.put(withdrawal);
      return true;
    });
  }

  list(): Promise<PendingWithdrawal[]> {
    return listWithdrawals(this.db);
  }

  async remove(id: string): Promise<void> {
    await this.db.withdrawals.delete(id);
  }
}
