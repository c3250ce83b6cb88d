// The item buttons of a cart screen, kept apart from the cart so adding an item re-renders the cart
// only, not every button (docs/performance.md "Cart of 500 items").
import { memo } from 'react';
import { useFormats, useTexts } from '../i18n';
import { CART_ADD_ITEM, CART_LOW_STOCK, CART_SATS, CART_SOLD_OUT } from '../locales/cart/en.json';
import type { TileView } from './types';

export interface ItemGridProps {
  tiles: readonly TileView[];
  busy: boolean;
  /** stable across renders, so the grid renders again only when the list changes */
  onAdd: (id: string) => void;
}

/**
 * Buttons per block. A block off screen skips style, layout and paint; one per block rather than
 * per button, because the browser re-checks every such element's visibility in each frame that
 * lays anything out (adding a cart line included).
 */
export const GRID_BLOCK = 48;

const ItemButton = memo(function ItemButton({
  tile,
  busy,
  onAdd,
}: Omit<ItemGridProps, 'tiles'> & { tile: TileView }) {
  const t = useTexts();
  const formats = useFormats();
  const { sats, fiat } = tile.figures;
  const satsText =
    sats === undefined ? undefined : t(CART_SATS, { count: sats, sats: formats.sats(sats) });
  const fiatText = fiat ? formats.fiat(fiat.minor, fiat.currency, fiat.decimals) : undefined;
  const price = [fiatText, satsText].filter(Boolean).join(' · ');
  // Counted stock: a sold-out item is greyed and adds nothing, a low one says so.
  const stock = tile.soldOut ? t(CART_SOLD_OUT) : tile.low ? t(CART_LOW_STOCK) : undefined;
  return (
    <li>
      <button
        type="button"
        // The price is part of the name: a screen reader hears what the tap adds and for how much.
        aria-label={`${t(CART_ADD_ITEM, { name: tile.name })}, ${price}${stock ? `, ${stock}` : ''}`}
        onClick={() => onAdd(tile.id)}
        disabled={busy || tile.soldOut}
        data-sold-out={tile.soldOut || undefined}
        className="flex min-h-16 w-full flex-col items-start rounded-lg bg-white p-2 text-left ring-1 ring-slate-300 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-50"
      >
        <span className="text-sm font-medium break-words text-slate-900">{tile.name}</span>
        <span className="text-xs text-slate-700">{price}</span>
        {stock ? (
          <span
            className={`text-xs font-medium ${tile.soldOut ? 'text-slate-700' : 'text-amber-800'}`}
          >
            {stock}
          </span>
        ) : null}
      </button>
    </li>
  );
});

const Block = memo(function Block({ tiles, busy, onAdd }: ItemGridProps) {
  // Its height before it is laid out: rows of 4 rem plus gaps, two columns (three from sm, where
  // the estimate is high, which only shortens the scroll bar until it is laid out).
  const rows = Math.ceil(tiles.length / 2);
  // content-visibility clips painting to the block: its padding (taken back by the margin) leaves
  // room for the tiles' ring and focus outline, which are drawn outside them. It must not shrink:
  // in the grid's column of fixed height a skipped block shrank to nothing, so every block was on
  // screen and all 500 buttons were laid out when Items opened (docs/performance.md).
  return (
    <ul
      className="-m-1 grid shrink-0 grid-cols-2 gap-2 p-1 [content-visibility:auto] sm:grid-cols-3"
      style={{ containIntrinsicSize: `auto ${rows * 4.5 - 0.5}rem` }}
    >
      {tiles.map((tile) => (
        <ItemButton key={tile.id} tile={tile} busy={busy} onAdd={onAdd} />
      ))}
    </ul>
  );
});

export const ItemGrid = memo(function ItemGrid({ tiles, busy, onAdd }: ItemGridProps) {
  const blocks: TileView[][] = [];
  for (let i = 0; i < tiles.length; i += GRID_BLOCK) blocks.push(tiles.slice(i, i + GRID_BLOCK));
  return (
    // From md the grid scrolls in its own row of the cart view (CartView); the padding holds the
    // blocks' outer margin so no ring is clipped and nothing scrolls sideways.
    <div
      className="flex flex-col gap-2 md:col-start-1 md:row-start-4 md:min-h-0 md:overflow-y-auto md:p-1"
      data-testid="item-grid"
    >
      {blocks.map((block) => (
        <Block key={block[0]!.id} tiles={block} busy={busy} onAdd={onAdd} />
      ))}
    </div>
  );
});
