// Data migrations run by schema upgrades (v7 key values, v8 proof flags and totals, v9 row counts,
// v14 normalised URLs).
import type { Table, Transaction } from 'dexie';
import { mintUrlKey, relayUrlKey } from '../../core/urls/normalise-url';
import type { RestoreScanRow } from '../../core/wallet/restore/types';
import { BYTE_KEYS, CONFIG_KEYS } from './key-names';
import { toBytes, toText } from './bytes';
import type { ConfigRow, HistoryRow, KeyRow, ProofRow, ProofTotalsRow } from './rows';
import { cashOutRequest } from '../wallet/cash-out-history';
import { emptyTotals } from '../wallet/proof-totals';
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

/** v14 tables that carry a `mintUrl` field on every row (or on some). */
const MINT_URL_TABLES = [
  'proofs',
  'historyEvents',
  'mintQuotes',
  'withdrawals',
  'melts',
  'processedQuotes',
] as const;

/**
 * v14: every stored mint and relay URL in the one normalised form (core/urls/normalise-url.ts),
 * so the same mint written two ways is one mint. Only the URL fields change: no row is added or
 * removed, and per-mint totals written under two spellings are merged into one row.
 */
export async function normaliseStoredUrlsV14(tx: Transaction): Promise<void> {
  for (const name of MINT_URL_TABLES) {
    await tx
      .table<{ mintUrl?: unknown }>(name)
      .toCollection()
      .modify((row) => {
        if (typeof row.mintUrl === 'string') row.mintUrl = mintUrlKey(row.mintUrl);
      });
  }
  const totals = tx.table<ProofTotalsRow, string>('proofTotals');
  const merged = new Map<string, ProofTotalsRow>();
  for (const row of await totals.toArray()) {
    const mintUrl = mintUrlKey(row.mintUrl);
    const sum = merged.get(mintUrl) ?? emptyTotals(mintUrl);
    sum.unspentAmount += row.unspentAmount;
    sum.unspentCount += row.unspentCount;
    sum.spentAmount += row.spentAmount;
    sum.spentCount += row.spentCount;
    merged.set(mintUrl, sum);
  }
  await totals.clear();
  await totals.bulkPut([...merged.values()]);
  await tx
    .table<RestoreScanRow>('restoreScans')
    .toCollection()
    .modify((row) => {
      for (const mint of row.mints ?? []) mint.mintUrl = mintUrlKey(mint.mintUrl);
    });
  const config = tx.table<ConfigRow, string>('config');
  const mint = await config.get(CONFIG_KEYS.mintUrl);
  if (mint && typeof mint.value === 'string') {
    await config.put({ ...mint, value: mintUrlKey(mint.value) });
  }
  const relays = await config.get(CONFIG_KEYS.relays);
  if (relays && typeof relays.value === 'string') {
    try {
      const list: unknown = JSON.parse(relays.value);
      if (Array.isArray(list) && list.every((r) => typeof r === 'string')) {
        await config.put({ ...relays, value: JSON.stringify(list.map(relayUrlKey)) });
      }
    } catch {
      // Not JSON: the config store writes the default back on its next read.
    }
  }
}

/**
 * v17: each cash-out row gets its invoice as the indexed `request`, read from the metadata every
 * earlier release wrote. Only cash-out rows are visited (the `type` index); a row whose metadata
 * cannot be read is kept as it is, without the field.
 */
export async function indexCashOutRequestsV17(history: Table<HistoryRow, number>): Promise<void> {
  await history
    .where('type')
    .equals('cash-out')
    .modify((row) => {
      const request = cashOutRequest(row);
      if (request !== undefined) row.request = request;
    });
}
