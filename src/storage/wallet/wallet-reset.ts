// WalletReplaceStore on Dexie (core/wallet/replace): what the wallet leaves behind, and the one
// transaction that forgets it (docs/behaviour.md "Replace wallet", docs/security.md).
import type { Table } from 'dexie';
import type { LeftBehind, WalletReplaceStore } from '../../core/wallet/replace/replace-wallet';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS } from '../database/key-names';
import { writeOnboardedHint, type HintStorage } from '../first-screen/onboarded-hint';
import { amountOf } from '../../core/units/amount';

/**
 * The tables a remote cashier's page keeps (sales to other merchants still being sent, and their
 * links' pairing secrets): not this device's wallet, so a replace leaves them. The row counts
 * are kept by the middleware (storage/database/row-counts.ts) inside the same transaction.
 */
const KEPT: ReadonlySet<string> = new Set(['cashierSales', 'cashierLinks', 'rowCounts']);

export class DexieWalletReset implements WalletReplaceStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: () => number,
    private readonly hintStorage?: HintStorage,
  ) {}

  /** Every table a replace empties. */
  private walletTables(): Table[] {
    return this.db.tables.filter((table) => !KEPT.has(table.name));
  }

  leftBehind(nowMs: number): Promise<LeftBehind> {
    const { db } = this;
    const tables = [db.proofTotals, db.unitTotals, db.mintQuotes, db.melts, db.withdrawals];
    return db.transaction('r', tables, () => this.read(nowMs));
  }

  private async read(nowMs: number): Promise<LeftBehind> {
    const { db } = this;
    const [totals, units, quotes, melts, withdrawals] = await Promise.all([
      db.proofTotals.toArray(),
      db.unitTotals.toArray(),
      db.mintQuotes.toArray(),
      db.melts.count(),
      db.withdrawals.toArray(),
    ]);
    const nowSeconds = nowMs / 1000;
    // An unpaid quote past its expiry can no longer be paid: nothing can arrive through it.
    const open = quotes.filter(
      (q) => !(q.state === 'UNPAID' && q.expiry !== null && q.expiry <= nowSeconds),
    );
    const tokens = withdrawals.filter((w) => !w.consolidation);
    const otherUnits = units
      .filter((row) => row.unspentAmount > 0)
      .map((row) => ({ mintUrl: row.mintUrl, amount: amountOf(row.unspentAmount, row.unit) }));
    return {
      balances: totals
        .filter((row) => row.unspentAmount > 0)
        .map((row) => ({ mintUrl: row.mintUrl, sats: row.unspentAmount })),
      pendingInvoices: open.length,
      pendingMelts: melts,
      pendingTokens: { count: tokens.length, sats: tokens.reduce((sum, w) => sum + w.amount, 0) },
      swapsInProgress: withdrawals.length - tokens.length,
      ...(otherUnits.length > 0 ? { otherUnits } : {}),
    };
  }

  /**
   * One transaction over every wallet table: the check, then every row deleted and ONBOARDED
   * written false. A tab closed before it commits changes nothing; after it, the device has no
   * wallet and onboarding shows. The flag's copy in localStorage goes after the commit: a copy
   * left saying 'wallet' only shows the keypad until IndexedDB answers (decision 0020).
   */
  async forgetWallet(nowMs: number, check: (left: LeftBehind) => void): Promise<void> {
    const { db } = this;
    const tables = this.walletTables();
    await db.transaction('rw', tables, async () => {
      check(await this.read(nowMs));
      for (const table of tables) await table.clear();
      await db.config.put({ key: CONFIG_KEYS.onboarded, value: 'false', updatedAt: this.clock() });
    });
    writeOnboardedHint(db.name, false, this.hintStorage);
  }
}
