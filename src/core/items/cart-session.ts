// One till's cart while its screen is open, for the merchant's Items side and the remote cashier
// alike: the current lines and parked baskets read from a CartStore, every change shown at once and
// written after it (a burst of taps is one write), and the charged cart emptied once it is paid
// (docs/behaviour.md "Items, cart and tips").
import { silentLogger, type Logger } from '../logger';
import {
  addCustom,
  addItem,
  addWithOptions,
  CURRENT_CART_ID,
  setLineDiscount,
  setQuantity,
  type Cart,
  type CartLine,
  type PriceUsed,
  type PricingRules,
  type TipChoice,
} from './cart';
import type { Discount } from '../sale/discount';
import { cartSummary, type CartSummary } from './cart-view';
import type { CatalogItem } from './item';
import type { CartStore } from './ports';
import type { StockLevel } from './stock';
import { overStock, type StockLimit } from './stock-limit';
import type { StaffRef } from '../staff/staff';
import { SAT, unitCurrency, type FiatUnit, type Unit } from '../units/unit';

export interface CartSnapshot {
  loaded: boolean;
  lines: readonly CartLine[];
  parked: readonly Cart[];
  /** a discount on the whole cart (kept while this screen is open, dropped when paid or cleared) */
  cartDiscount?: Discount;
  /**
   * The unit of amount discounts taken off the cart because the till now charges in another
   * (decision 0093): an amount is never re-read as the new unit's. Set once per removal.
   */
  discountsRemovedIn?: Unit;
}

export interface CartSessionDeps {
  store: CartStore;
  newId: () => string;
  /** runs a write later, off the tap that made it (the screens: after the next paint) */
  schedule: (task: () => void) => void;
  logger?: Logger;
}

export const CART_SAVE_FAILED_LOG = 'Could not save the cart';
export const CART_LOAD_FAILED_LOG = 'Could not load the cart';

export class CartSession {
  private state: CartSnapshot = { loaded: false, lines: [], parked: [] };
  private readonly listeners = new Set<() => void>();
  private unsaved: readonly CartLine[] | null = null;
  private scheduled = false;
  private chargedLines = false;
  /** who is at the till, named on a basket they park; undefined: no one is named */
  private atTill: StaffRef | undefined;
  /** the shop's tax rules (Settings) and the till's fiat unit, merged under each summary's own */
  private rules: PricingRules = {};
  /** the fiat unit the till charges in (decision 0089); undefined: sats */
  private unit: FiatUnit | undefined;
  /** whether the screen said the till's unit yet (`setUnit`): until then no discount is judged */
  private unitKnown = false;
  /** the unit the current cart's amount discounts are in, as stored; undefined: not recorded */
  private discountsIn: Unit | undefined;
  /** counted stock: a change that puts more in the cart than is left is refused */
  private stock: ReadonlyMap<string, StockLevel> | undefined;
  /** the last merged pricing rules (see `pricing`) */
  private priced: { rules: PricingRules; discount: Discount; merged: PricingRules } | null = null;
  private readonly logger: Logger;

  constructor(private readonly deps: CartSessionDeps) {
    this.logger = deps.logger ?? silentLogger;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): CartSnapshot => this.state;

  private set(next: Partial<CartSnapshot>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Reads the current cart and the parked baskets; a failed read leaves an empty cart. */
  async load(): Promise<void> {
    try {
      const [current, parked] = await Promise.all([
        this.deps.store.get(CURRENT_CART_ID),
        this.deps.store.parked(),
      ]);
      // A change made while reading wins over what was stored.
      if (!this.unsaved) this.discountsIn = current?.unit;
      this.set({ loaded: true, lines: this.unsaved ?? current?.lines ?? [], parked });
      this.keepDiscountsInUnit();
    } catch (error) {
      this.logger.error(CART_LOAD_FAILED_LOG, error);
      this.set({ loaded: true });
    }
  }

  /** Applies a change to the lines; refused (nothing changes) when it goes past counted stock. */
  private change(next: (lines: CartLine[]) => CartLine[]): StockLimit | undefined {
    const lines = next([...this.state.lines]);
    const over = overStock(this.state.lines, lines, this.stock);
    if (over) return over;
    this.unsaved = lines;
    this.set({ lines });
    if (this.scheduled) return undefined;
    this.scheduled = true;
    this.deps.schedule(() => {
      this.scheduled = false;
      void this.save();
    });
    return undefined;
  }

  /** One more of `item`; refused past its counted stock (the limit says how many are left). */
  add = (item: CatalogItem): StockLimit | undefined =>
    this.change((l) => addItem(l, item, this.deps.newId()));
  /** One more of `item` with the choices `picks` (its options' ids), as the chooser made them. */
  addWithOptions = (item: CatalogItem, picks: readonly string[]): StockLimit | undefined =>
    this.change((l) => addWithOptions(l, item, picks, this.deps.newId()));
  /** A custom amount: sats, or the minor units of the till's fiat unit when it charges in one. */
  addCustom = (amount: number): void =>
    void this.change((l) =>
      addCustom(l, amount, this.deps.newId(), this.unit && unitCurrency(this.unit)),
    );
  /** A line's quantity; a raise past counted stock is refused. */
  setQuantity = (lineId: string, quantity: number): StockLimit | undefined =>
    this.change((l) => setQuantity(l, lineId, quantity));
  setLineDiscount = (lineId: string, discount: Discount | undefined): void =>
    void this.change((l) => setLineDiscount(l, lineId, discount));

  /** The counted stock changes go by from now (none: anything may be added). */
  setStock = (stock: ReadonlyMap<string, StockLevel> | undefined): void => {
    this.stock = stock;
  };
  setCartDiscount = (discount: Discount | undefined): void => {
    const { cartDiscount: _old, ...rest } = this.state;
    this.state = discount ? { ...rest, cartDiscount: discount } : rest;
    this.set({ lines: [...this.state.lines] });
  };
  clear = (): void => {
    if (this.state.cartDiscount) this.setCartDiscount(undefined);
    void this.change(() => []);
  };

  /** Writes the latest change now; never rejects (a failed write is logged). */
  save = async (): Promise<void> => {
    const lines = this.unsaved;
    if (!lines) return;
    this.unsaved = null;
    try {
      const unit = this.unit ?? SAT;
      await this.deps.store.put({ id: CURRENT_CART_ID, lines: [...lines], updatedAt: 0, unit });
    } catch (error) {
      this.logger.error(CART_SAVE_FAILED_LOG, error);
    }
  };

  /** Parks the cart under `label`; rejects with the store's reason (a full shelf, an empty cart). */
  park = async (label: string): Promise<void> => {
    await this.save();
    await this.deps.store.park(label, this.deps.newId(), this.atTill, this.unit ?? SAT);
    await this.reload();
  };

  /**
   * The parked basket becomes the cart (the current one, if any, is parked in its place); a basket
   * with an amount discount in another unit than the till's is refused (BasketUnitError).
   */
  recall = async (id: string): Promise<void> => {
    await this.save();
    await this.deps.store.recall(id, this.deps.newId(), this.atTill, this.unit ?? SAT);
    await this.reload();
  };

  private async reload(): Promise<void> {
    const [current, parked] = await Promise.all([
      this.deps.store.get(CURRENT_CART_ID),
      this.deps.store.parked(),
    ]);
    this.discountsIn = current?.unit;
    this.set({ lines: current?.lines ?? [], parked });
    this.keepDiscountsInUnit();
  }

  /** Who is at the till from now on: a basket parked (or swapped out) names them. */
  setAtTill = (staff: StaffRef | undefined): void => {
    this.atTill = staff;
  };

  /** The shop's tax rules from now on; the screen shows the cart again by them. */
  setRules = (rules: PricingRules): void => {
    this.rules = this.unit ? { ...rules, unit: this.unit } : rules;
    // A new lines array: screens that memoise the summary on the lines total it again.
    this.set({ lines: [...this.state.lines] });
  };

  /** The fiat unit the till charges in from now on (undefined: sats); the cart is priced in it. */
  setUnit = (unit: FiatUnit | undefined): void => {
    const first = !this.unitKnown;
    this.unitKnown = true;
    if (unit === this.unit && !first) return;
    this.unit = unit;
    const { unit: _was, ...shop } = this.rules;
    this.setRules(shop);
    this.keepDiscountsInUnit();
  };

  /**
   * Amount discounts given in another unit than the till's now are taken off (and said, in
   * `discountsRemovedIn`): 500 sats off must not become 5.00 USD off (decision 0093). A cart
   * whose unit was not recorded is read in the till's unit, as it always was.
   */
  private keepDiscountsInUnit(): void {
    if (!this.unitKnown || !this.state.loaded) return;
    const now: Unit = this.unit ?? SAT;
    const was = this.discountsIn;
    this.discountsIn = now;
    if (was === undefined || was === now) return;
    const amountOff = (discount: Discount | undefined) => discount?.kind === 'sats';
    const { cartDiscount } = this.state;
    const lineOff = this.state.lines.some((line) => amountOff(line.discount));
    if (!lineOff && !amountOff(cartDiscount)) return;
    if (amountOff(cartDiscount)) this.setCartDiscount(undefined);
    if (lineOff) {
      void this.change((lines) =>
        lines.reduce(
          (kept, line) =>
            amountOff(line.discount) ? setLineDiscount(kept, line.id, undefined) : kept,
          lines,
        ),
      );
    }
    this.logger.info(`Amount discounts in ${was} taken off the cart: the till charges in ${now}`);
    this.set({ discountsRemovedIn: was });
  }

  /**
   * The rules a summary of this cart is priced by: the shop's, with the cart's discount. The same
   * object until either changes, so a screen may hand it to an effect.
   */
  pricing = (): PricingRules => {
    const { cartDiscount } = this.state;
    if (!cartDiscount) return this.rules;
    const last = this.priced;
    if (last?.rules === this.rules && last.discount === cartDiscount) return last.merged;
    const merged = { ...this.rules, cartDiscount };
    this.priced = { rules: this.rules, discount: cartDiscount, merged };
    return merged;
  };

  /**
   * The cart's lines and totals at the price used with `tip` and the shop's tax rules, as the
   * screens show them; the session's cart discount is added to the rules.
   */
  summary(used: PriceUsed | undefined, tip: TipChoice, rules: PricingRules = {}): CartSummary {
    const { cartDiscount } = this.state;
    const all = { ...this.rules, ...rules };
    return cartSummary(this.state.lines, used, tip, cartDiscount ? { ...all, cartDiscount } : all);
  }

  /**
   * The charge of the cart with `tip`: its total and sale record, undefined when it cannot be
   * charged. The cart is then emptied once that invoice is paid (`paid`).
   */
  charge(
    used: PriceUsed | undefined,
    tip: TipChoice,
    rules: PricingRules = {},
  ): CartSummary['charge'] {
    const charge = this.summary(used, tip, rules).charge;
    if (charge) this.chargedLines = true;
    return charge;
  }

  /** An invoice of this screen was paid: a charged cart is emptied, any other is kept. */
  paid = (): void => {
    if (!this.chargedLines) return;
    this.chargedLines = false;
    this.clear();
  };
}
