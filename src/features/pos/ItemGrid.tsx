// The item buttons of the Items side of Home, kept apart from the cart so adding an item re-renders
// the cart only, not every button (docs/performance.md "Cart of 500 items").
import { memo } from 'react';
import { unitSats, type PriceUsed } from '../../core/items/cart';
import type { CatalogItem } from '../../core/items/item';
import { formatFiatMinor } from '../../core/prices/convert';
import { formatSats } from '../../ui/format-sats';
import * as T from './cart-texts';

export interface ItemGridProps {
  items: readonly CatalogItem[];
  priceUsed: PriceUsed | undefined;
  busy: boolean;
  /** stable across renders, so the grid renders again only when the list or price changes */
  onAdd: (item: CatalogItem) => void;
}

/**
 * Buttons per block. A block off screen skips style, layout and paint; one per block rather than
 * per button, because the browser re-checks every such element's visibility in each frame that
 * lays anything out (adding a cart line included).
 */
export const GRID_BLOCK = 48;

const ItemButton = memo(function ItemButton({
  item,
  priceUsed,
  busy,
  onAdd,
}: Omit<ItemGridProps, 'items'> & { item: CatalogItem }) {
  const sats = unitSats(item.price, priceUsed);
  const price =
    item.price.unit === 'sat'
      ? `${formatSats(item.price.sats)} sats`
      : `${formatFiatMinor(item.price.minor, item.price.currency)}${
          sats !== undefined ? ` · ${formatSats(sats)} sats` : ''
        }`;
  return (
    <li>
      <button
        type="button"
        aria-label={T.addLabel(item.name)}
        onClick={() => onAdd(item)}
        disabled={busy}
        className="flex min-h-16 w-full flex-col items-start rounded-lg bg-white p-2 text-left ring-1 ring-slate-300 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-50"
      >
        <span className="text-sm font-medium text-slate-900">{item.name}</span>
        <span className="text-xs text-slate-700">{price}</span>
      </button>
    </li>
  );
});

const Block = memo(function Block({ items, priceUsed, busy, onAdd }: ItemGridProps) {
  // Its height before it is laid out: rows of 4 rem plus gaps, two columns (three from sm, where
  // the estimate is high, which only shortens the scroll bar until it is laid out).
  const rows = Math.ceil(items.length / 2);
  return (
    <ul
      className="grid grid-cols-2 gap-2 [content-visibility:auto] sm:grid-cols-3"
      style={{ containIntrinsicSize: `auto ${rows * 4.5 - 0.5}rem` }}
    >
      {items.map((item) => (
        <ItemButton key={item.id} item={item} priceUsed={priceUsed} busy={busy} onAdd={onAdd} />
      ))}
    </ul>
  );
});

export const ItemGrid = memo(function ItemGrid({ items, priceUsed, busy, onAdd }: ItemGridProps) {
  const blocks: CatalogItem[][] = [];
  for (let i = 0; i < items.length; i += GRID_BLOCK) blocks.push(items.slice(i, i + GRID_BLOCK));
  return (
    <div className="flex flex-col gap-2" data-testid="item-grid">
      {blocks.map((block) => (
        <Block key={block[0]!.id} items={block} priceUsed={priceUsed} busy={busy} onAdd={onAdd} />
      ))}
    </div>
  );
});
