// Stock per item, worked out from the count the merchant last set and the sales and refunds
// recorded after it: derived, never decremented in place, so a sale lowers it exactly once
// whichever device recorded it and however often it is read (docs/decisions/0065-remote-lines-checked-against-the-catalog.md).

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
