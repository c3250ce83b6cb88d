// The balances as the wallet screen reads them, from the per-mint and per-unit totals: no proof
// row is opened, so this needs neither the sealing code nor cashu-ts, and the wallet's first page
// reads them before the services have loaded (docs/performance.md "Wallet at scale").
import type { Logger } from '../../core/logger';
import type { ProofStore, UnitBalance } from '../../core/wallet/proof-ports';
import { amountOf } from '../../core/units/amount';
import { SAT } from '../../core/units/unit';
import type { CashewDb } from '../database/db';
import { sumUnspent } from './proof-totals';

export class DexieBalanceReads implements Pick<
  ProofStore,
  'balance' | 'balancesByMint' | 'unitBalances'
> {
  constructor(
    private readonly db: CashewDb,
    private readonly logger: Logger,
  ) {}

  async balance(mintUrl?: string): Promise<number> {
    try {
      const rows =
        mintUrl === undefined
          ? await this.db.proofTotals.toArray()
          : [await this.db.proofTotals.get(mintUrl)];
      return sumUnspent(rows);
    } catch (error) {
      this.logger.error('Failed to read balance:', error);
      return 0;
    }
  }

  async balancesByMint(): Promise<Record<string, number>> {
    try {
      const rows = await this.db.proofTotals.toArray();
      return Object.fromEntries(
        rows.filter((row) => row.unspentAmount > 0).map((row) => [row.mintUrl, row.unspentAmount]),
      );
    } catch (error) {
      this.logger.error('Failed to read balances per mint:', error);
      return {};
    }
  }

  async unitBalances(): Promise<UnitBalance[]> {
    try {
      const { db } = this;
      const [sats, others] = await db.transaction('r', db.proofTotals, db.unitTotals, () =>
        Promise.all([db.proofTotals.toArray(), db.unitTotals.toArray()]),
      );
      return [...sats.map((row) => ({ ...row, unit: SAT })), ...others]
        .filter((row) => row.unspentAmount > 0)
        .map((row) => ({ mintUrl: row.mintUrl, amount: amountOf(row.unspentAmount, row.unit) }));
    } catch (error) {
      this.logger.error('Failed to read balances per unit:', error);
      return [];
    }
  }
}
