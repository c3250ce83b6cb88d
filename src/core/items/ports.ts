// What the items and cart screens need stored: the catalog, the current cart and parked baskets,
// and the tip setting (implemented on Dexie in storage/shop/item-store.ts).
import type { StaffRef } from '../staff/staff';
import type { Unit } from '../units/unit';
import type { Cart } from './cart';
import type { CatalogItem } from './item';
import type { StockCount, StockRow } from './stock';

export interface ItemStore {
  /** every item, in grid order */
  list(): Promise<CatalogItem[]>;
  /** writes items (new or changed) in one transaction; each is checked first, none written if one is bad */
  putMany(items: readonly CatalogItem[]): Promise<void>;
  remove(id: string): Promise<void>;
}

export interface CartStore {
  /** the cart with that id, or undefined when there is none (or it is unreadable) */
  get(id: string): Promise<Cart | undefined>;
  put(cart: Cart): Promise<void>;
  remove(id: string): Promise<void>;
  /** parked baskets (every cart but the current one), oldest first */
  parked(): Promise<Cart[]>;
  /**
   * parks the current cart under `label` (and who parked it, and the `unit` its amount discounts
   * are in) and empties it, in one transaction
   */
  park(label: string, parkedId: string, by?: StaffRef, unit?: Unit): Promise<void>;
  /**
   * the parked basket becomes the current cart (the current one, when not empty, is parked in its
   * place, by `by`, in `unit`); refused (BasketUnitError, nothing moved) when the basket's amount
   * discounts are in another unit than `unit`
   */
  recall(parkedId: string, swapId: string, by?: StaffRef, unit?: Unit): Promise<void>;
}

/** Tips on the checkout (off by default). */
export interface TipSettings {
  enabled: boolean;
}

export interface TipSettingsStore {
  get(): Promise<TipSettings>;
  set(settings: TipSettings): Promise<void>;
}

/** Counted stock (schema v48), moved by the records themselves (docs/protocol.md "Stock"). */
export interface StockStore {
  /** every counted key's row: an item's id, or `${itemId}/${choiceId}` */
  rows(): Promise<StockRow[]>;
  /**
   * Calls `listener` with every row now and after each change to them, whoever made it (a sale or
   * refund on any path, in any tab, a new count); returns the unsubscribe function.
   */
  watch(listener: (rows: StockRow[]) => void, onError: (error: unknown) => void): () => void;
  /**
   * The counts of one item and its choices, as the merchant sets them: each key with a count is
   * counted from now, a key left out is no longer counted. One transaction.
   */
  setCounts(itemId: string, counts: ReadonlyMap<string, Omit<StockCount, 'at'>>): Promise<void>;
}
