// The Items side of Home: the catalog, the current cart kept on every change (a reload keeps it),
// parked baskets and the tip setting, read through PosItems (docs/behaviour.md "Items, cart and tips").
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  addCustom,
  addItem,
  CURRENT_CART_ID,
  setQuantity,
  type Cart,
  type CartLine,
} from '../../core/items/cart';
import type { CatalogItem } from '../../core/items/item';
import type { Logger } from '../../core/logger';
import { errorMessage } from '../../core/errors';
import { toast } from '../../ui/toast';
import { CART_LOAD_FAILED_LOG, CART_SAVE_FAILED_LOG } from './cart-texts';
import type { PosItems } from './deps';

const newId = () => crypto.randomUUID();

export interface CartState {
  loaded: boolean;
  catalog: CatalogItem[];
  lines: CartLine[];
  parked: Cart[];
  tipsEnabled: boolean;
  add: (item: CatalogItem) => void;
  addCustom: (sats: number) => void;
  setQuantity: (lineId: string, quantity: number) => void;
  clear: () => void;
  park: (label: string) => Promise<void>;
  recall: (id: string) => Promise<void>;
}

export function useCart(services: PosItems, logger: Logger): CartState {
  const [loaded, setLoaded] = useState(false);
  const [catalog, setCatalog] = useState<CatalogItem[]>([]);
  const [lines, setLines] = useState<CartLine[]>([]);
  const [parked, setParked] = useState<Cart[]>([]);
  const [tipsEnabled, setTipsEnabled] = useState(false);
  const linesRef = useRef<CartLine[]>([]);

  const read = useCallback(
    () =>
      Promise.all([
        services.items.list(),
        services.carts.get(CURRENT_CART_ID),
        services.carts.parked(),
        services.tips.get(),
      ]),
    [services],
  );
  const apply = useCallback(([items, current, baskets, tips]: Awaited<ReturnType<typeof read>>) => {
    linesRef.current = current?.lines ?? [];
    setCatalog(items);
    setLines(linesRef.current);
    setParked(baskets);
    setTipsEnabled(tips.enabled);
    setLoaded(true);
  }, []);
  const reload = useCallback(async () => apply(await read()), [read, apply]);

  useEffect(() => {
    read().then(apply, (error: unknown) => logger.error(CART_LOAD_FAILED_LOG, error));
  }, [read, apply, logger]);

  // Every change is written at once: the cart on screen is the cart a reload brings back.
  const change = useCallback(
    (next: (lines: CartLine[]) => CartLine[]) => {
      const updated = next(linesRef.current);
      linesRef.current = updated;
      setLines(updated);
      services.carts
        .put({ id: CURRENT_CART_ID, lines: updated, updatedAt: 0 })
        .catch((error: unknown) => logger.error(CART_SAVE_FAILED_LOG, error));
    },
    [services, logger],
  );

  const park = useCallback(
    async (label: string) => {
      try {
        await services.carts.park(label, newId());
        await reload();
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [services, reload],
  );
  const recall = useCallback(
    async (id: string) => {
      try {
        await services.carts.recall(id, newId());
        await reload();
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [services, reload],
  );

  return {
    loaded,
    catalog,
    lines,
    parked,
    tipsEnabled,
    add: useCallback((item) => change((l) => addItem(l, item, newId())), [change]),
    addCustom: useCallback((sats) => change((l) => addCustom(l, sats, newId())), [change]),
    setQuantity: useCallback((id, q) => change((l) => setQuantity(l, id, q)), [change]),
    clear: useCallback(() => change(() => []), [change]),
    park,
    recall,
  };
}
