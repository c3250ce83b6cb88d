// A cart held within counted stock: a change that would put more of a counted item or choice in
// the cart than is left is refused, with what was left (docs/behaviour.md "Stock").
import type { CartLine } from './cart';
import { stockMoves, type StockLevel } from './stock';

/** Why a change was refused: the line it would have raised and how many of it are left. */
export interface StockLimit {
  /** the counted key (an item's id, or `${itemId}/${choiceId}`) the cart would hold too many of */
  key: string;
  /** the name of the cart line that names it (the item with its picks) */
  name: string;
  /** how many are left (0 when sold out or oversold) */
  left: number;
}

/**
 * The first counted key `next` holds more of than `before` and more than is left; undefined when
 * the change stays within stock. Lowering a quantity is never refused, even below a count that
 * fell under the cart (another device sold some since): the cart only ever gets closer to it.
 */
export function overStock(
  before: readonly CartLine[],
  next: readonly CartLine[],
  stock: ReadonlyMap<string, StockLevel> | undefined,
): StockLimit | undefined {
  if (!stock || stock.size === 0) return undefined;
  const had = stockMoves(before);
  for (const [key, holds] of stockMoves(next)) {
    const level = stock.get(key);
    if (!level) continue;
    const left = Math.max(0, level.left);
    if (holds <= left || holds <= (had.get(key) ?? 0)) continue;
    const line = next.find(
      (l) => l.itemId === key || l.options?.some((o) => `${l.itemId}/${o.id}` === key),
    );
    return { key, name: line?.name ?? key, left };
  }
  return undefined;
}
