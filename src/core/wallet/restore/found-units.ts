// What a restore brought back per unit: a mint's sats, and its other units apart (docs/protocol.md "Restore").
import type { Unit } from '../../units/unit';
import type { MintScan } from './types';

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
