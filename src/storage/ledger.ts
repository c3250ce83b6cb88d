// Ledger on Dexie: settling a mint quote or a withdrawal as one transaction over every table it touches.
import type { Clock, Ledger, NewProof, PaymentEventInput } from '../core/ports';
import type { CashewDb } from './db';
import { paymentRow, withdrawalRow } from './history-store';
import { deleteProofs, insertProofs, totalUnspent } from './proof-writes';

export class DexieLedger implements Ledger {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  /** The pending quote row is the "not yet settled" token: whoever deletes it records the payment. */
  async settleMintQuote(args: {
    quote: string;
    mintUrl: string;
    proofs: NewProof[];
    event: PaymentEventInput;
  }): Promise<{ settled: boolean; balance: number }> {
    const { db } = this;
    return db.transaction(
      'rw',
      [db.mintQuotes, db.proofs, db.proofTotals, db.historyEvents],
      async () => {
        if ((await db.mintQuotes.get(args.quote)) === undefined) {
          return { settled: false, balance: await totalUnspent(db) };
        }
        const now = this.clock();
        await insertProofs(db, args.proofs, args.mintUrl, now);
        await db.historyEvents.add(paymentRow(args.event, now));
        await db.mintQuotes.delete(args.quote);
        return { settled: true, balance: await totalUnspent(db) };
      },
    );
  }

  async settleWithdrawal(args: {
    withdrawalId: string;
    spentSecrets: string[];
  }): Promise<{ amount: number; numProofs: number; remaining: number }> {
    const { db } = this;
    return db.transaction(
      'rw',
      [db.withdrawals, db.proofs, db.proofTotals, db.historyEvents],
      async () => {
        const withdrawal = await db.withdrawals.get(args.withdrawalId);
        if (!withdrawal) return { amount: 0, numProofs: 0, remaining: 0 };
        // Only this withdrawal's proofs: a secret reported spent elsewhere is not ours to delete.
        const ours = new Set(withdrawal.secrets);
        const deleted = await deleteProofs(
          db,
          args.spentSecrets.filter((s) => ours.has(s)),
        );
        const amount = deleted.reduce((sum, row) => sum + row.amount, 0);
        if (deleted.length > 0) {
          await db.historyEvents.add(
            withdrawalRow(
              { amount, mintUrl: withdrawal.mintUrl, numProofs: deleted.length },
              this.clock(),
            ),
          );
        }
        const left = await db.proofs.bulkGet(withdrawal.secrets);
        const remaining = left.filter((row) => row !== undefined).length;
        if (remaining === 0) await db.withdrawals.delete(withdrawal.id);
        return { amount, numProofs: deleted.length, remaining };
      },
    );
  }
}
