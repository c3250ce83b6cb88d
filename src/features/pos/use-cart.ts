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

/** Runs `task` in a task after the next frame is painted (at once where there are no frames). */
function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}

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

  // Every change is kept, but written after the frame that shows it: the tap's task only renders
  // the cart, and a burst of taps is one write. Park, recall, leaving the page and unmounting write
  // first, so storage always ends up with the cart on screen (docs/performance.md "Cart of 500 items").
  const unsaved = useRef<CartLine[] | null>(null);
  const scheduled = useRef(false);
  const save = useCallback(() => {
    const pending = unsaved.current;
    if (!pending) return Promise.resolve();
    unsaved.current = null;
    return services.carts
      .put({ id: CURRENT_CART_ID, lines: pending, updatedAt: 0 })
      .catch((error: unknown) => logger.error(CART_SAVE_FAILED_LOG, error));
  }, [services, logger]);
  useEffect(() => {
    const onHide = () => void save();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void save();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void save();
    };
  }, [save]);
  const change = useCallback(
    (next: (lines: CartLine[]) => CartLine[]) => {
      const updated = next(linesRef.current);
      linesRef.current = updated;
      setLines(updated);
      unsaved.current = updated;
      if (scheduled.current) return;
      scheduled.current = true;
      afterNextPaint(() => {
        scheduled.current = false;
        void save();
      });
    },
    [save],
  );

  const park = useCallback(
    async (label: string) => {
      try {
        await save();
        await services.carts.park(label, newId());
        await reload();
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [services, reload, save],
  );
  const recall = useCallback(
    async (id: string) => {
      try {
        await save();
        await services.carts.recall(id, newId());
        await reload();
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },
    [services, reload, save],
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
