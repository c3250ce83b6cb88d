// A cart screen: the item grid with category filter, search and barcode scan, beside the cart; the
// merchant's Items side and the remote cashier's show the same (docs/behaviour.md "Items, cart and tips").
import { lazy, Suspense, useMemo, useState } from 'react';
import { BarcodeScan } from './BarcodeScan';
import { CartPanel, type CartPanelProps } from './CartPanel';
import { ItemGrid } from './ItemGrid';
import { useTexts } from '../i18n';
import {
  CART_ALL_CATEGORIES,
  CART_CATEGORIES_LABEL,
  CART_NO_MATCH,
  CART_SEARCH_LABEL,
} from '../locales/cart/en.json';
import type { ChoiceView, TileView } from './types';

// Only an item with options needs it: its code and texts load on the first such tap.
const OptionsChooser = lazy(() => import('./OptionsChooser'));

export interface CartViewProps extends CartPanelProps {
  /** the catalog and the cart have been read */
  loaded: boolean;
  /** the catalog has items (else a hint where to add them) */
  hasItems: boolean;
  categories: readonly string[];
  /** stable while the catalog and price are: the tiles matching a search text and category */
  tilesFor: (query: string, category: string | undefined) => readonly TileView[];
  /** stable: one more of the item with this id */
  onAdd: (id: string) => void;
  /** a scanned or typed code: true when it matched an item (which was added) */
  onCode: (code: string) => boolean;
  onScanError: (error: unknown) => void;
  /** the hint when the catalog is empty; none when omitted */
  noItemsText?: string;
  /** the item whose options are being chosen; null when none */
  choosing: ChoiceView | null;
  onChoose: (picks: string[]) => void;
  onChooseClose: () => void;
}

export default function CartView(props: CartViewProps) {
  const { loaded, hasItems, categories, tilesFor, onAdd, onCode, onScanError, busy } = props;
  const t = useTexts();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  // Kept between renders: the grid renders again only when the catalog or the filter changes.
  const shown = useMemo(() => tilesFor(query, category), [tilesFor, query, category]);

  // From md the grid and the cart are two columns filling the height the screen gives this view:
  // search and categories stay on top of the grid, which scrolls; the cart spans every row
  // (docs/behaviour.md "Layouts").
  return (
    <div
      className="flex flex-col gap-3 md:grid md:min-h-0 md:flex-1 md:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)] md:grid-rows-[auto_auto_auto_minmax(0,1fr)] md:gap-x-4"
      data-testid="items-view"
      data-loaded={loaded || undefined}
    >
      <div className="flex flex-wrap gap-2">
        <label className="sr-only" htmlFor="item-search">
          {t(CART_SEARCH_LABEL)}
        </label>
        <input
          id="item-search"
          type="search"
          placeholder={t(CART_SEARCH_LABEL)}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // A USB scanner types the code and Enter: an exact code adds its item.
            if (e.key === 'Enter' && onCode(query)) setQuery('');
          }}
        />
        <BarcodeScan onCode={onCode} onError={onScanError} />
      </div>
      {categories.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t(CART_CATEGORIES_LABEL)}>
          {[undefined, ...categories].map((c) => (
            <button
              key={c ?? ''}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className={`min-h-11 rounded-full px-3 text-sm font-medium ring-1 ${
                category === c
                  ? 'bg-violet-700 text-white ring-violet-700'
                  : 'bg-white text-slate-800 ring-slate-300'
              }`}
            >
              {c ?? t(CART_ALL_CATEGORIES)}
            </button>
          ))}
        </div>
      ) : null}
      {loaded && !hasItems && props.noItemsText ? (
        <p className="text-sm text-slate-600">{props.noItemsText}</p>
      ) : null}
      {loaded && hasItems && shown.length === 0 ? (
        <p className="text-sm text-slate-600">{t(CART_NO_MATCH)}</p>
      ) : null}
      <ItemGrid tiles={shown} busy={busy} onAdd={onAdd} />
      <CartPanel {...props} />
      {props.choosing ? (
        <Suspense fallback={null}>
          <OptionsChooser
            key={props.choosing.id}
            choice={props.choosing}
            onAdd={props.onChoose}
            onClose={props.onChooseClose}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
