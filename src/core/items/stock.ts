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

/** A recorded sale or refund as stock reads it: keyed by its record id, so copies count once. */
export interface StockMove {
  /** the history record's id across devices (a sale's and its refund's differ) */
  id: string;
  at: number;
  /** the item lines it sold (a sale) or gave back (a refund) */
  lines: readonly { itemId?: string; quantity: number }[];
}

export interface StockLevel {
  /** the count less what was sold since, plus what was refunded; below 0 when oversold */
  left: number;
  low: boolean;
  soldOut: boolean;
}

/**
 * The stock of each counted item: its count, less the quantities of every distinct sale after it,
 * plus those of every distinct refund after it. An item without a count is not tracked.
 */
export function stockLevels(
  counts: ReadonlyMap<string, StockCount>,
  sales: Iterable<StockMove>,
  refunds: Iterable<StockMove> = [],
): Map<string, StockLevel> {
  const left = new Map([...counts].map(([id, count]) => [id, count.count]));
  const apply = (moves: Iterable<StockMove>, sign: 1 | -1) => {
    const seen = new Set<string>();
    for (const move of moves) {
      if (seen.has(move.id)) continue;
      seen.add(move.id);
      for (const line of move.lines) {
        const count = line.itemId === undefined ? undefined : counts.get(line.itemId);
        if (!count || move.at <= count.at || !(line.quantity > 0)) continue;
        const id = line.itemId as string;
        left.set(id, (left.get(id) ?? 0) + sign * line.quantity);
      }
    }
  };
  apply(sales, -1);
  apply(refunds, 1);
  const levels = new Map<string, StockLevel>();
  for (const [id, count] of counts) {
    const n = left.get(id) ?? count.count;
    levels.set(id, { left: n, soldOut: n <= 0, low: n <= (count.lowAt ?? 0) });
  }
  return levels;
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
