// Data migrations run by schema upgrades (v7 key values, v8 proof flags and totals, v9 row counts).
import type { Table } from 'dexie';
import { BYTE_KEYS } from './key-names';
import { toBytes, toText } from './bytes';
import type { KeyRow, ProofRow, ProofTotalsRow } from './rows';
import { emptyTotals } from './proof-totals';
import type { RowCountRow } from './row-counts';

/** v7: byte keys become Uint8Array, text keys become strings; unrecognisable values are kept. */
export async function normaliseKeyRows(keys: Table<KeyRow, string>): Promise<void> {
  await keys.toCollection().modify((row: KeyRow) => {
    const value: unknown = row.value;
    const normalised = BYTE_KEYS.has(row.key) ? toBytes(value) : toText(value);
    if (normalised !== undefined) row.value = normalised;
    if (typeof row.updatedAt !== 'number') row.updatedAt = 0;
  });
}

/** v8: gives every proof its numeric spentFlag and computes the per-mint totals from scratch. */
export async function buildProofTotalsV8(
  proofs: Table<ProofRow, string>,
  totals: Table<ProofTotalsRow, string>,
): Promise<void> {
  const byMint = new Map<string, ProofTotalsRow>();
  await proofs.toCollection().modify((row: ProofRow) => {
    const spent = row.isSpent === true;
    row.spentFlag = spent ? 1 : 0;
    const mintUrl = typeof row.mintUrl === 'string' ? row.mintUrl : '';
    const t = byMint.get(mintUrl) ?? emptyTotals(mintUrl);
    const amount = Number(row.amount) || 0;
    if (spent) {
      t.spentAmount += amount;
      t.spentCount += 1;
    } else {
      t.unspentAmount += amount;
      t.unspentCount += 1;
    }
    byMint.set(mintUrl, t);
  });
  await totals.clear();
  await totals.bulkPut([...byMint.values()]);
}

/** v9: counting starts from the rows a table already holds (one O(n) count, once). */
export async function writeRowCountV9(
  table: Table<unknown, unknown>,
  counts: Table<RowCountRow, string>,
): Promise<void> {
  await counts.put({ table: table.name, count: await table.count() });
}
