// Stock per item or choice of its options: the count the merchant last set, less the sales and
// plus the refunds recorded after it, each record moving it once (docs/protocol.md "Stock").

/** The merchant's count of an item, as set on the Items screen. */
export interface StockCount {
  /** how many were on the shelf when counted (whole, 0 or more) */
  count: number;
  /** when it was counted (ms): sales and refunds recorded after it move it */
  at: number;
  /** at or below this many left, the item is low on stock */
  lowAt?: number;
}

export interface StockLevel {
  /** the count less what was sold since, plus what was refunded; below 0 when oversold */
  left: number;
  low: boolean;
  soldOut: boolean;
}

/**
 * A counted item or choice as stored (schema v48): the merchant's count and, kept beside it, what
 * is left after the sales and refunds recorded since, moved in the transaction that records each
 * one (docs/protocol.md "Stock").
 */
export interface StockRow extends StockCount {
  /** the item's id, or `${itemId}/${choiceId}` for a choice of its options */
  key: string;
  left: number;
}

/** A line as stock reads it off a sale or a refund: the item, its picks and how many. */
export interface StockLine {
  itemId?: string;
  options?: readonly { id: string }[];
  quantity: number;
}

/** The level a stored row stands at. */
export function levelOf(row: StockRow): StockLevel {
  return { left: row.left, soldOut: row.left <= 0, low: row.left <= (row.lowAt ?? 0) };
}

/** Each counted key the lines name, with how many of it they hold (summed over lines). */
export function stockMoves(lines: readonly StockLine[]): Map<string, number> {
  const moves = new Map<string, number>();
  for (const line of lines) {
    if (line.itemId === undefined || !(line.quantity > 0)) continue;
    const keys = [line.itemId, ...(line.options ?? []).map((o) => `${line.itemId}/${o.id}`)];
    for (const key of keys) moves.set(key, (moves.get(key) ?? 0) + line.quantity);
  }
  return moves;
}

/**
 * The rows a sale (`sign` -1) or a refund (+1) recorded at `at` leaves: each counted key it names
 * moved by its quantity, unless the count was set at or after the record (it holds it already).
 */
export function movedRows(
  rows: readonly StockRow[],
  lines: readonly StockLine[],
  sign: 1 | -1,
  at: number,
): StockRow[] {
  const moves = stockMoves(lines);
  return rows
    .filter((row) => moves.has(row.key) && at > row.at)
    .map((row) => ({ ...row, left: row.left + sign * moves.get(row.key)! }));
}
