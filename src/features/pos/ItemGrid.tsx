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
      : formatFiatMinor(item.price.minor, item.price.currency);
  return (
    // Rows off screen skip layout and paint until scrolled to: a long catalog opens at once.
    <li className="[contain-intrinsic-size:auto_4rem] [content-visibility:auto]">
      <button
        type="button"
        aria-label={T.addLabel(item.name)}
        onClick={() => onAdd(item)}
        disabled={busy}
        className="flex min-h-16 w-full flex-col items-start rounded-lg bg-white p-2 text-left ring-1 ring-slate-300 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-50"
      >
        <span className="text-sm font-medium text-slate-900">{item.name}</span>
        <span className="text-xs text-slate-700">
          {price}
          {item.price.unit === 'fiat' && sats !== undefined ? ` · ${formatSats(sats)} sats` : ''}
        </span>
      </button>
    </li>
  );
});

export const ItemGrid = memo(function ItemGrid({ items, priceUsed, busy, onAdd }: ItemGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="item-grid">
      {items.map((item) => (
        <ItemButton key={item.id} item={item} priceUsed={priceUsed} busy={busy} onAdd={onAdd} />
      ))}
    </ul>
  );
});
