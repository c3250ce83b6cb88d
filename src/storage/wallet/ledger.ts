// Ledger on Dexie: every write that spans tables (settling, claiming, closing) as one transaction.
import type { Clock } from '../../core/clock';
import type {
  ClaimOutcome,
  ProcessedQuote,
} from '../../core/remote-payments/merchant/processed-quote-ports';
import type { MeltLedger, PendingMelt, SettleMelt } from '../../core/wallet/cash-out/ports';
import type {
  FinishConsolidation,
  Ledger,
  RemoteQuoteLimit,
  SettleMintQuote,
  Settlement,
} from '../../core/wallet/ledger-ports';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import { PendingQuoteLimitError } from '../../core/errors';
import { checkRefundNow } from './refund-limit';
import { cashOutRow } from './cash-out-history';
import type { CashewDb } from '../database/db';
import { paymentRow, tokenCancelledRow, withdrawalRow } from '../history/history-store';
import { proofRowsBySecret } from './proof-seal';
import {
  deleteProofs,
  insertProofs,
  markProofsSpent,
  proofTables,
  proofTransaction,
  storedBalances,
  totalUnspent,
  unmarkProofsSpent,
} from './proof-writes';

export class DexieLedger implements Ledger, MeltLedger {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  /** The pending quote row is the "not yet settled" token: whoever deletes it records the payment. */
  async settleMintQuote(args: SettleMintQuote): Promise<Settlement> {
    const { db } = this;
    return proofTransaction(db, [db.mintQuotes, db.historyEvents], async () => {
      if ((await db.mintQuotes.get(args.quote)) === undefined) {
        return { settled: false, balance: await totalUnspent(db) };
      }
      const now = this.clock();
      await insertProofs(db, args.proofs, args.mintUrl, now);
      await db.historyEvents.add(paymentRow(args.event, now));
      await db.mintQuotes.delete(args.quote);
      const balances = await storedBalances(db);
      return { settled: true, balance: balances.sat ?? 0, balances };
    });
  }

  async settleWithdrawal(args: {
    withdrawalId: string;
    spentSecrets: string[];
  }): Promise<{ amount: number; numProofs: number; remaining: number }> {
    const { db } = this;
    return db.transaction(
      'rw',
      [db.withdrawals, ...proofTables(db), db.historyEvents],
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
              {
                amount,
                mintUrl: withdrawal.mintUrl,
                numProofs: deleted.length,
                ...(withdrawal.refund ? { refund: withdrawal.refund } : {}),
                ...(withdrawal.unit ? { unit: withdrawal.unit } : {}),
              },
              this.clock(),
            ),
          );
        }
        const left = await proofRowsBySecret(db, withdrawal.secrets);
        const remaining = left.filter((row) => row !== undefined).length;
        if (remaining === 0) await db.withdrawals.delete(withdrawal.id);
        return { amount, numProofs: deleted.length, remaining };
      },
    );
  }

  /** The processed row is the claim, the pending row what tracks the money: both or neither. */
  async claimRemoteQuote(quote: PendingMintQuote, limit?: RemoteQuoteLimit): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', [db.processedQuotes, db.mintQuotes], async () => {
      if ((await db.processedQuotes.get(quote.quote)) !== undefined) return false;
      // A paid quote is money already: only unpaid ones count against the cap.
      if (limit && quote.state === 'UNPAID') await this.makeRoom(limit);
      await db.processedQuotes.add({
        quoteId: quote.quote,
        amount: quote.amount,
        processedAt: this.clock(),
        mintUrl: quote.mintUrl,
        ...(quote.receipt ? { receipt: quote.receipt } : {}),
      });
      if ((await db.mintQuotes.get(quote.quote)) === undefined) await db.mintQuotes.add(quote);
      return true;
    });
  }

  /** Inside the claim's transaction: closes expired unpaid remote quotes, oldest expiry first. */
  private async makeRoom(limit: RemoteQuoteLimit): Promise<void> {
    const { db } = this;
    const unpaid = (await db.mintQuotes.where('state').equals('UNPAID').toArray()).filter(
      (row) => row.kind === 'remote' && !row.reservation,
    );
    let excess = unpaid.length - limit.maxUnpaid + 1;
    if (excess <= 0) return;
    const expired = unpaid
      .filter((row) => row.expiry !== null && row.expiry <= limit.nowSeconds)
      .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0));
    for (const row of expired) {
      if (excess <= 0) break;
      await db.mintQuotes.delete(row.quote);
      await db.processedQuotes.update(row.quote, { outcome: 'expired' });
      excess -= 1;
    }
    if (excess > 0) {
      throw new PendingQuoteLimitError(
        `${limit.maxUnpaid} unpaid remote quotes are tracked already`,
      );
    }
  }

  async closeMintQuote(quote: string, outcome: ClaimOutcome): Promise<void> {
    const { db } = this;
    await db.transaction('rw', [db.processedQuotes, db.mintQuotes], async () => {
      await db.mintQuotes.delete(quote);
      await db.processedQuotes.update(quote, { outcome });
    });
  }

  async unsettledClaims(): Promise<ProcessedQuote[]> {
    const { db } = this;
    return db.transaction('r', [db.processedQuotes, db.mintQuotes, db.historyEvents], async () => {
      const open = (await db.processedQuotes.toArray()).filter((row) => !row.outcome);
      if (open.length === 0) return [];
      const ids = open.map((row) => row.quoteId);
      const pending = await db.mintQuotes.bulkGet(ids);
      const recorded = new Set(
        (await db.historyEvents.where('quoteId').anyOf(ids).toArray()).map((e) => e.quoteId),
      );
      return open.filter((row, i) => pending[i] === undefined && !recorded.has(row.quoteId));
    });
  }

  async reopenClaim(quote: PendingMintQuote): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', [db.processedQuotes, db.mintQuotes, db.historyEvents], async () => {
      if ((await db.mintQuotes.get(quote.quote)) !== undefined) return false;
      if ((await db.historyEvents.where('quoteId').equals(quote.quote).count()) > 0) return false;
      await db.mintQuotes.add(quote);
      await db.processedQuotes.update(quote.quote, { mintUrl: quote.mintUrl });
      return true;
    });
  }

  async finishConsolidation(args: FinishConsolidation): Promise<void> {
    const { db } = this;
    await proofTransaction(db, [db.withdrawals, db.historyEvents], async () => {
      const deleted = await deleteProofs(db, args.inputSecrets);
      const now = this.clock();
      await insertProofs(db, args.outputs, args.mintUrl, now);
      await db.withdrawals.delete(args.journalId);
      if (args.cancels === undefined) return;
      const token = await db.withdrawals.get(args.cancels);
      // Gone: the spent watch settled it as redeemed (then nothing of ours was signed).
      if (!token) return;
      const fee =
        (token.cancelFee ?? 0) + Math.max(0, sumAmounts(deleted) - sumAmounts(args.outputs));
      const left = (await proofRowsBySecret(db, token.secrets)).filter((row) => row !== undefined);
      if (left.length > 0) {
        // More swaps of this cancel to come: the token keeps what is still stored.
        await db.withdrawals.update(token.id, { cancelFee: fee });
        return;
      }
      await db.withdrawals.delete(token.id);
      await db.historyEvents.add(
        tokenCancelledRow(
          {
            tokenAmount: token.amount,
            fee,
            mintUrl: token.mintUrl,
            numProofs: token.secrets.length,
            ...(token.unit ? { unit: token.unit } : {}),
          },
          now,
        ),
      );
    });
  }

  // ------------------------------------------------------------ cash-out (docs/architecture.md)

  /** The melt row and its inputs leaving the balance are one write: a crash leaves both or neither. */
  async beginMelt(melt: PendingMelt): Promise<boolean> {
    const { db } = this;
    const tables = [db.melts, ...proofTables(db), db.withdrawals, db.historyEvents];
    return db.transaction('rw', tables, async () => {
      if ((await db.melts.get(melt.quote)) !== undefined) return false;
      // In the same transaction as the journal row: two tabs refunding one sale cannot both pass.
      if (melt.refund) await checkRefundNow(db, melt.refund.refundOf, melt.amount);
      if ((await db.melts.where('request').equals(melt.request).count()) > 0) return false;
      const inputs = await proofRowsBySecret(db, melt.inputSecrets);
      if (inputs.some((row) => row === undefined || row.spentFlag === 1)) return false;
      // A token written since the inputs were chosen holds them (decision 0015): never melt those.
      const wanted = new Set(melt.inputSecrets);
      const tokens = (await db.withdrawals.toArray()).filter((row) => !row.consolidation);
      if (tokens.some((row) => row.secrets.some((secret) => wanted.has(secret)))) return false;
      await markProofsSpent(db, melt.inputSecrets);
      await db.melts.add(melt);
      return true;
    });
  }

  async releaseMelt(quote: string): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', [db.melts, ...proofTables(db)], async () => {
      const melt = await db.melts.get(quote);
      if (!melt) return false;
      await unmarkProofsSpent(db, melt.inputSecrets);
      await db.melts.delete(quote);
      return true;
    });
  }

  /** The melt row is the "not yet settled" token: whoever deletes it records the cash-out. */
  async settleMelt(args: SettleMelt): Promise<Settlement> {
    const { db } = this;
    return proofTransaction(db, [db.melts, db.historyEvents], async () => {
      const melt = await db.melts.get(args.quote);
      if (!melt) return { settled: false, balance: await totalUnspent(db) };
      const now = this.clock();
      await deleteProofs(db, melt.inputSecrets);
      await insertProofs(db, args.change, melt.mintUrl, now);
      await db.historyEvents.add(cashOutRow(args.event, now));
      await db.melts.delete(args.quote);
      return { settled: true, balance: await totalUnspent(db) };
    });
  }

  /** One index seek (schema v17), however long the history. */
  async invoicePaid(request: string): Promise<boolean> {
    const row = await this.db.historyEvents
      .where('request')
      .equals(request)
      .filter((event) => event.type === 'cash-out' || event.type === 'refund')
      .first();
    return row !== undefined;
  }
}

function sumAmounts(rows: Array<{ amount: number }>): number {
  return rows.reduce((sum, row) => sum + row.amount, 0);
}
