// Test helper: the proof stats a store must report when it holds proofs of these amounts, the
// unspent ones and the spent ones (sats), so a test lists the proofs rather than their sums.
import type { ProofStats } from '../../core/wallet/proof-ports';

export function statsOf(unspent: number[], spent: number[]): ProofStats {
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  return {
    totalProofs: unspent.length + spent.length,
    unspentProofs: unspent.length,
    spentProofs: spent.length,
    totalBalance: sum(unspent),
    totalSpent: sum(spent),
  };
}
