// The catalog, the current cart with its parked baskets (schema v28; a basket's unit is an optional
// field, no new version) and the tip setting (a config row) on Dexie
// (docs/decisions/0033-items-cart-tax.md, 0093-parked-baskets-keep-their-unit.md).
import {
  CASHIER_CART_PREFIX,
  CURRENT_CART_ID,
  MAX_PARKED,
  readCart,
  type Cart,
} from '../../core/items/cart';
import { normaliseItem, sortItems, type CatalogItem } from '../../core/items/item';
import type { CartStore, ItemStore, TipSettings, TipSettingsStore } from '../../core/items/ports';
import type { Clock } from '../../core/clock';
import type { StaffRef } from '../../core/staff/staff';
import type { Unit } from '../../core/units/unit';
import { basketUnitClash } from '../../core/items/basket-unit';
import { BasketRefusal } from '../../core/items/basket-refusal';
import { writeConfigJson } from '../database/config-json';
import type { CashewDb } from '../database/db';

export const TIPS_KEY = 'TIPS';
export const PARKED_FULL_MESSAGE = `At most ${MAX_PARKED} baskets can be parked.`;

export class DexieItemStore implements ItemStore {
  constructor(private readonly db: CashewDb) {}

  async list(): Promise<CatalogItem[]> {
    return sortItems(await this.db.items.toArray());
  }

  async putMany(items: readonly CatalogItem[]): Promise<void> {
    const rows = items.map(normaliseItem);
    await this.db.items.bulkPut(rows);
  }

  async remove(id: string): Promise<void> {
    await this.db.items.delete(id);
  }
}

/**
 * The carts of one till on this device: the merchant's (scope '') or a remote cashier's for one
 * merchant (cashierCartScope), all in the carts table, each scope's ids behind its prefix.
 */
export class DexieCartStore implements CartStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly scope = '',
  ) {}

  private key(id: string): string {
    return `${this.scope}${id}`;
  }

  private unscoped(row: unknown): Cart | undefined {
    const cart = readCart(row);
    return cart ? { ...cart, id: cart.id.slice(this.scope.length) } : undefined;
  }

  /** every parked basket's row of this scope: the merchant's never include a cashier's */
  private parkedRows() {
    const current = this.key(CURRENT_CART_ID);
    return this.db.carts.filter((row) =>
      this.scope
        ? row.id.startsWith(this.scope) && row.id !== current
        : !row.id.startsWith(CASHIER_CART_PREFIX) && row.id !== current,
    );
  }

  async get(id: string): Promise<Cart | undefined> {
    return this.unscoped(await this.db.carts.get(this.key(id)));
  }

  async put(cart: Cart): Promise<void> {
    await this.db.carts.put({ ...cart, id: this.key(cart.id), updatedAt: this.clock() });
  }

  async remove(id: string): Promise<void> {
    await this.db.carts.delete(this.key(id));
  }

  async parked(): Promise<Cart[]> {
    const rows = await this.parkedRows().toArray();
    return rows
      .map((row) => this.unscoped(row))
      .filter((cart): cart is Cart => cart !== undefined)
      .sort((a, b) => a.updatedAt - b.updatedAt);
  }

  async park(label: string, parkedId: string, by?: StaffRef, unit?: Unit): Promise<void> {
    await this.db.transaction('rw', this.db.carts, async () => {
      const current = readCart(await this.db.carts.get(this.key(CURRENT_CART_ID)));
      if (!current || current.lines.length === 0)
        throw new BasketRefusal('empty', 'The cart is empty.');
      const count = await this.parkedRows().count();
      if (count >= MAX_PARKED) throw new BasketRefusal('full', PARKED_FULL_MESSAGE);
      const now = this.clock();
      await this.db.carts.put({
        id: this.key(parkedId),
        label,
        ...(by ? { parkedBy: by } : {}),
        ...(unit ? { unit } : {}),
        lines: current.lines,
        updatedAt: now,
      });
      await this.db.carts.put({ id: this.key(CURRENT_CART_ID), lines: [], updatedAt: now });
    });
  }

  async recall(parkedId: string, swapId: string, by?: StaffRef, unit?: Unit): Promise<void> {
    await this.db.transaction('rw', this.db.carts, async () => {
      const parked = readCart(await this.db.carts.get(this.key(parkedId)));
      if (!parked || parkedId === CURRENT_CART_ID)
        throw new BasketRefusal('gone', 'That basket is gone.');
      // Checked in the transaction, before anything moves: a refused basket stays parked as it was.
      const clash = unit && basketUnitClash(parked, unit);
      if (clash) throw clash;
      const current = readCart(await this.db.carts.get(this.key(CURRENT_CART_ID)));
      const now = this.clock();
      await this.db.carts.delete(this.key(parkedId));
      if (current && current.lines.length > 0) {
        await this.db.carts.put({
          id: this.key(swapId),
          label: 'Swapped basket',
          ...(by ? { parkedBy: by } : {}),
          ...(unit ? { unit } : {}),
          lines: current.lines,
          updatedAt: now,
        });
      }
      await this.db.carts.put({
        id: this.key(CURRENT_CART_ID),
        // Its amount discounts are in the till's unit now (checked above) or it has none.
        ...(unit ? { unit } : {}),
        lines: parked.lines,
        updatedAt: now,
      });
    });
  }
}

export class DexieTipSettingsStore implements TipSettingsStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  /** Off when never saved or unreadable. */
  async get(): Promise<TipSettings> {
    const row = await this.db.config.get(TIPS_KEY);
    try {
      return {
        enabled: row ? (JSON.parse(row.value) as Partial<TipSettings>).enabled === true : false,
      };
    } catch {
      return { enabled: false };
    }
  }

  async set(settings: TipSettings): Promise<void> {
    await writeConfigJson(this.db, TIPS_KEY, { enabled: settings.enabled }, this.clock());
  }
}
