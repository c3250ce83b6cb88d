// The Items side of Home, loaded only when the merchant opens it: the item grid with category
// filter, search and barcode scan, beside the cart (docs/behaviour.md "Items, cart and tips").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { categoriesOf, findItems, itemByCode } from '../../core/items/item';
import type { PriceUsed } from '../../core/items/cart';
import type { Logger } from '../../core/logger';
import type { SaleDetail } from '../../core/sale/sale-detail';
import { toast } from '../../ui/toast';
import { BarcodeScan } from './BarcodeScan';
import { CartPanel } from './CartPanel';
import { ItemGrid } from './ItemGrid';
import * as T from './cart-texts';
import type { PosItems } from './deps';
import { useCart } from './use-cart';

export interface CartViewProps {
  items: PosItems;
  logger: Logger;
  priceUsed: PriceUsed | undefined;
  onCharge: (amount: number, sale: SaleDetail) => void;
  busy: boolean;
  /** changes when this screen's invoice is paid: a charged cart is emptied then */
  paidKey: number;
}

export default function CartView({
  items,
  logger,
  priceUsed,
  onCharge,
  busy,
  paidKey,
}: CartViewProps) {
  const cart = useCart(items, logger);
  // The cart stays until its invoice is paid: an unpaid or closed invoice leaves it to charge again.
  const charged = useRef(false);
  const firstPaidKey = useRef(paidKey);
  const { clear } = cart;
  useEffect(() => {
    if (paidKey === firstPaidKey.current || !charged.current) return;
    charged.current = false;
    clear();
  }, [paidKey, clear]);
  const charge = useCallback(
    (amount: number, sale: SaleDetail) => {
      charged.current = true;
      onCharge(amount, sale);
    },
    [onCharge],
  );
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  const { catalog, add } = cart;
  // Kept between renders: the grid renders again only when the catalog or the filter changes.
  const categories = useMemo(() => categoriesOf(catalog), [catalog]);
  const shown = useMemo(() => findItems(catalog, query, category), [catalog, query, category]);
  const onCode = useCallback(
    (code: string) => {
      const item = itemByCode(catalog, code);
      if (item) add(item);
      else toast.info(T.noItemWithCode(code));
    },
    [catalog, add],
  );
  const onScanError = useCallback(
    (error: unknown) => logger.warn('Barcode scan failed', error),
    [logger],
  );

  return (
    <div
      className="flex flex-col gap-3"
      data-testid="items-view"
      data-loaded={cart.loaded || undefined}
    >
      <div className="flex gap-2">
        <label className="sr-only" htmlFor="item-search">
          {T.SEARCH_LABEL}
        </label>
        <input
          id="item-search"
          type="search"
          placeholder={T.SEARCH_LABEL}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // A USB scanner types the code and Enter: an exact code adds its item.
            if (e.key === 'Enter') {
              const item = itemByCode(catalog, query);
              if (item) {
                add(item);
                setQuery('');
              }
            }
          }}
        />
        <BarcodeScan onCode={onCode} onError={onScanError} />
      </div>
      {categories.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Categories">
          {[undefined, ...categories].map((c) => (
            <button
              key={c ?? ''}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className={`min-h-9 rounded-full px-3 text-sm font-medium ring-1 ${
                category === c
                  ? 'bg-violet-700 text-white ring-violet-700'
                  : 'bg-white text-slate-800 ring-slate-300'
              }`}
            >
              {c ?? T.ALL_CATEGORIES}
            </button>
          ))}
        </div>
      ) : null}
      {cart.loaded && cart.catalog.length === 0 ? (
        <p className="text-sm text-slate-600">{T.NO_ITEMS_TEXT}</p>
      ) : null}
      {cart.loaded && cart.catalog.length > 0 && shown.length === 0 ? (
        <p className="text-sm text-slate-600">{T.NO_MATCH_TEXT}</p>
      ) : null}
      <ItemGrid items={shown} priceUsed={priceUsed} busy={busy} onAdd={cart.add} />
      <CartPanel cart={cart} priceUsed={priceUsed} onCharge={charge} busy={busy} />
    </div>
  );
}
