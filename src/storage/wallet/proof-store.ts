// ProofStore on Dexie: unspent and spent proofs (a numeric spent flag,
// docs/architecture.md "Storage"), with balances read from the per-mint totals.
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import type {
  NewProof,
  ProofStats,
  ProofStore,
  StoredProof,
  UnitBalance,
  UnitFilter,
} from '../../core/wallet/proof-ports';
import { SAT, storedUnit } from '../../core/units/unit';
import type { CashewDb } from '../database/db';
import { sumStats, ZERO_STATS } from './proof-totals';
import { DexieBalanceReads } from './balance-reads';
import { proofRowsBySecret } from './proof-seal';
import {
  deleteProofs,
  insertProofs,
  markProofsSpent,
  proofTables,
  proofTransaction,
  toStoredProofs,
} from './proof-writes';

export class DexieProofStore implements ProofStore {
  /** The balances from the totals (balance-reads.ts, which the wallet's first page uses alone). */
  private readonly totals: DexieBalanceReads;

  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.totals = new DexieBalanceReads(db, logger);
  }

  async add(proofs: NewProof[], mintUrl: string): Promise<void> {
    const { db } = this;
    await proofTransaction(db, [], () => insertProofs(db, proofs, mintUrl, this.clock()));
  }

  async markSpent(secrets: string[]): Promise<void> {
    const { db } = this;
    await db.transaction('rw', proofTables(db), () => markProofsSpent(db, secrets));
  }

  async remove(secrets: string[]): Promise<number> {
    const { db } = this;
    const deleted = await db.transaction('rw', proofTables(db), () => deleteProofs(db, secrets));
    return deleted.length;
  }

  async listUnspent(mintUrl?: string, unit: UnitFilter = SAT): Promise<StoredProof[]> {
    try {
      const rows =
        mintUrl === undefined
          ? await this.db.proofs.where('spentFlag').equals(0).toArray()
          : await this.db.proofs.where('[mintUrl+spentFlag]').equals([mintUrl, 0]).toArray();
      return toStoredProofs(
        this.db,
        unit === 'all' ? rows : rows.filter((row) => storedUnit(row.unit) === unit),
      );
    } catch (error) {
      this.logger.error('Failed to list unspent proofs:', error);
      return [];
    }
  }

  async unspentOf(secrets: string[]): Promise<Set<string>> {
    // Found by secret or by its hash, so sealed rows answer while the till is locked.
    const rows = await proofRowsBySecret(this.db, secrets);
    return new Set(secrets.filter((_, i) => rows[i]?.spentFlag === 0));
  }

  balance(mintUrl?: string): Promise<number> {
    return this.totals.balance(mintUrl);
  }

  balancesByMint(): Promise<Record<string, number>> {
    return this.totals.balancesByMint();
  }

  unitBalances(): Promise<UnitBalance[]> {
    return this.totals.unitBalances();
  }

  async stats(): Promise<ProofStats> {
    try {
      return sumStats(await this.db.proofTotals.toArray());
    } catch (error) {
      this.logger.error('Failed to read proof stats:', error);
      return { ...ZERO_STATS };
    }
  }
}
