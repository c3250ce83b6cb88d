// Per-mint proof totals: the empty row, and summing rows into a balance or ProofStats.
import type { ProofStats } from '../../core/wallet/proof-ports';
import type { ProofTotalsRow } from '../database/rows';

export function emptyTotals(mintUrl: string): ProofTotalsRow {
  return { mintUrl, unspentAmount: 0, unspentCount: 0, spentAmount: 0, spentCount: 0 };
}

export const ZERO_STATS: ProofStats = Object.freeze({
  totalProofs: 0,
  unspentProofs: 0,
  spentProofs: 0,
  totalBalance: 0,
  totalSpent: 0,
});

export function sumStats(rows: ProofTotalsRow[]): ProofStats {
  const stats = { ...ZERO_STATS };
  for (const row of rows) {
    stats.unspentProofs += row.unspentCount;
    stats.spentProofs += row.spentCount;
    stats.totalBalance += row.unspentAmount;
    stats.totalSpent += row.spentAmount;
  }
  stats.totalProofs = stats.unspentProofs + stats.spentProofs;
  return stats;
}

export function sumUnspent(rows: Array<ProofTotalsRow | undefined>): number {
  return rows.reduce((sum, row) => sum + (row?.unspentAmount ?? 0), 0);
}
