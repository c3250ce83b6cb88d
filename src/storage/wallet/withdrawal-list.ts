// The withdrawal rows (tokens and consolidation journals), oldest first, read without the token
// writes' sealing code: the wallet's first page lists them before the services have loaded.
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import type { CashewDb } from '../database/db';

export async function listWithdrawals(db: CashewDb): Promise<PendingWithdrawal[]> {
  const rows = await db.withdrawals.toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}
