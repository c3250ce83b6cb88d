// Schema v46's data step: proofs of a fiat keyset get their unit, and their totals move out of the sats' totals.
import type { Transaction } from 'dexie';
import type { CachedKeyset } from '../../core/wallet/ecash/offline/offline-ports';
import { parseUnit, SAT, type Unit } from '../../core/units/unit';
import { emptyTotals } from '../wallet/proof-totals';
import type { ProofRow, ProofTotalsRow, UnitTotalsRow } from './rows';

/**
 * Every proof stored before v46 was written as sats: the till charged only sats, a restore read
 * only sat keysets, and ecash of another unit was refused by its keyset. A proof whose keyset the
 * wallet has seen with another unit (the keysets cached since v41) is tagged with that unit and
 * its amount moved out of the sat totals, so no balance could ever count its cents as sats;
 * untagged rows stay sats (docs/decisions/0067-amounts-carry-their-unit.md).
 */
export async function tagProofUnitsV46(tx: Transaction): Promise<void> {
  const fiat = new Map<string, Unit>();
  for (const keyset of await tx.table<CachedKeyset, string>('mintKeysets').toArray()) {
    const unit = parseUnit(keyset.unit);
    if (unit !== undefined && unit !== SAT) fiat.set(keyset.id, unit);
  }
  if (fiat.size === 0) return;
  const proofs = tx.table<ProofRow, string>('proofs');
  // Keyset ids are not indexed: one scan, and only on a wallet that has seen a fiat keyset.
  const moved = await proofs.filter((row) => fiat.has(row.id)).toArray();
  if (moved.length === 0) return;
  const satTotals = tx.table<ProofTotalsRow, string>('proofTotals');
  const unitTotals = tx.table<UnitTotalsRow, [string, string]>('unitTotals');
  const sats = new Map<string, ProofTotalsRow>();
  const others = new Map<string, UnitTotalsRow>();
  for (const row of moved) {
    const unit = fiat.get(row.id)!;
    const mintUrl = typeof row.mintUrl === 'string' ? row.mintUrl : '';
    const sat = sats.get(mintUrl) ?? (await satTotals.get(mintUrl)) ?? emptyTotals(mintUrl);
    const key = `${unit} ${mintUrl}`;
    const other = others.get(key) ?? { ...emptyTotals(mintUrl), unit };
    const amount = Number(row.amount) || 0;
    const field = row.spentFlag === 1 ? 'spent' : 'unspent';
    sat[`${field}Amount`] -= amount;
    sat[`${field}Count`] -= 1;
    other[`${field}Amount`] += amount;
    other[`${field}Count`] += 1;
    sats.set(mintUrl, sat);
    others.set(key, other);
    row.unit = unit;
  }
  await proofs.bulkPut(moved);
  await satTotals.bulkPut([...sats.values()]);
  await unitTotals.bulkPut([...others.values()]);
}
