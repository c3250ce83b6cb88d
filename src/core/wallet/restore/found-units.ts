// What a restore brought back per unit: a mint's sats, and its other units apart (docs/protocol.md "Restore").
import { storedUnit, type Unit } from '../../units/unit';
import type { FoundInUnits, MintScan } from './types';

/** What a batch added, counted where its unit is: the mint's sats or its other units, never mixed. */
export function addFound(mint: MintScan, unit: Unit, amount: number): void {
  if (unit === 'sat') {
    mint.foundSats += amount;
    return;
  }
  if (amount === 0) return;
  const found = { ...mint.foundInUnits };
  found[unit] = (found[unit] ?? 0) + amount;
  mint.foundInUnits = found;
}

/** What the sales taken while locked brought back at a mint: sats, and other units apart. */
export interface LockedFound {
  sats: number;
  inUnits: FoundInUnits;
}

/** The stored proofs' amounts, each counted in its unit (none: sat). */
export function lockedFound(added: ReadonlyArray<{ amount: number; unit?: string }>): LockedFound {
  const found: LockedFound = { sats: 0, inUnits: {} };
  for (const { amount, unit: stored } of added) {
    const unit = storedUnit(stored);
    if (unit === 'sat') found.sats += amount;
    else found.inUnits[unit] = (found.inUnits[unit] ?? 0) + amount;
  }
  return found;
}

/**
 * Adds the locked sales' finds to the mint's: the sats to its found and locked sats, other units
 * to its `foundInUnits`, and marks its locked sales done.
 */
export function addLockedFound(mint: MintScan, found: LockedFound): void {
  mint.foundSats += found.sats;
  mint.lockedSats = (mint.lockedSats ?? 0) + found.sats;
  for (const [unit, amount] of Object.entries(found.inUnits)) addFound(mint, unit as Unit, amount);
  mint.lockedDone = true;
}
