// Stock moved by the records themselves (schema v48): every sale row added to `historyEvents`
// lowers the counted items and choices of its lines, every refund row naming lines raises them,
// in the same IndexedDB transaction as the row, so a sale lands on the stock exactly when and as
// often as its record does (docs/protocol.md "Stock").
import type { DBCore, DBCoreAddRequest, DBCoreTable, Middleware } from 'dexie';
import { isSale } from '../../core/receipts/refunds';
import { metadataOf } from '../../core/history-metadata';
import { movedRows, stockMoves, type StockLine, type StockRow } from '../../core/items/stock';
import { historyAddMiddleware } from '../database/history-add-hook';

export const STOCK_TABLE = 'stock';

interface RecordRow {
  type: string;
  createdAt: number;
  metadata?: string;
  sale?: { lines?: readonly StockLine[] };
}

/** The lines a record moves stock by and which way; none for any other record. */
export function stockLinesOf(row: RecordRow): { lines: readonly StockLine[]; sign: 1 | -1 } | null {
  if (isSale(row) && Array.isArray(row.sale?.lines)) return { lines: row.sale.lines, sign: -1 };
  if (row.type !== 'refund') return null;
  const lines = metadataOf(row).lines;
  return Array.isArray(lines) ? { lines: lines as StockLine[], sign: 1 } : null;
}

/**
 * Sits under every writer of `historyEvents` as the receipt numbers do (receipt-numbers.ts): the
 * Lightning, ecash, cash, remote and offline paths and the records of the phrase's other devices
 * all add rows, and a row refused (a copy already stored) moves nothing.
 */
export function stockMiddleware(historyTable: string): Middleware<DBCore> {
  return historyAddMiddleware(historyTable, {
    name: 'stockMoves',
    sideTable: STOCK_TABLE,
    onAdd(req, table, down) {
      const moves = req.values.map((value) => stockLinesOf(value as RecordRow));
      if (moves.every((move) => move === null)) return null;
      return () => addMoving(down, table, req, moves);
    },
  });
}

async function addMoving(
  down: DBCore,
  table: DBCoreTable,
  req: DBCoreAddRequest,
  moves: (ReturnType<typeof stockLinesOf> | null)[],
) {
  const res = await table.mutate(req);
  // One read and one write for the whole add: a restore adds thousands of sales at once.
  const added = moves.flatMap((move, i) =>
    move && !res.failures[i] ? [{ ...move, at: (req.values[i] as RecordRow).createdAt }] : [],
  );
  const keys = [...new Set(added.flatMap((move) => [...stockMoves(move.lines).keys()]))];
  if (keys.length === 0) return res;
  const stock = down.table(STOCK_TABLE);
  const found = await stock.getMany({ trans: req.trans, keys });
  const rows = new Map<string, StockRow>();
  for (const row of found as (StockRow | undefined)[]) if (row) rows.set(row.key, row);
  if (rows.size === 0) return res;
  const changed = new Set<string>();
  for (const move of added) {
    for (const row of movedRows([...rows.values()], move.lines, move.sign, move.at)) {
      rows.set(row.key, row);
      changed.add(row.key);
    }
  }
  if (changed.size > 0) {
    const values = [...changed].map((key) => rows.get(key)!);
    await stock.mutate({ type: 'put', trans: req.trans, values });
  }
  return res;
}
