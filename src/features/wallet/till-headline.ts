// What the Wallet screen's headline leads with: the till unit's balance over every mint, and
// whether the sats get a line of their own (docs/behaviour.md "Wallet").
import { amountOf, type Amount } from '../../core/units/amount';
import { SAT, type Unit } from '../../core/units/unit';
import type { UnitBalance } from '../../core/wallet/proof-ports';

export interface TillHeadline {
  /** the headline: the till unit's total, every mint (sats in a sat till) */
  lead: Amount;
  /**
   * A fiat till shows its sats only when it holds some (in the balance, in pending tokens, or
   * pending at the mint); a sat till always does, its sats being the headline.
   */
  showSats: boolean;
}

export function tillHeadline(
  tillUnit: Unit,
  figures: { balance: number; pendingSats: number; atMint: number; unitBalances: UnitBalance[] },
): TillHeadline {
  if (tillUnit === SAT) return { lead: amountOf(figures.balance, SAT), showSats: true };
  // Each mint's total of the unit, summed as whole minor units of that one unit.
  const minor = figures.unitBalances
    .filter((line) => line.amount.unit === tillUnit)
    .reduce((sum, line) => sum + line.amount.minor, 0);
  const heldSats = figures.balance > 0 || figures.pendingSats > 0 || figures.atMint > 0;
  return { lead: amountOf(minor, tillUnit), showSats: heldSats };
}
