// The shapes the shared cart components show (core/items/cart-view.ts builds them), so the
// merchant's Items side and the remote cashier hand it the same figures.
import type { AmountView, CartLineView, CartUnitView, Discount, ItemTile } from '../domain-views';

export type { AmountView, CartUnitView, Discount };
export type TileView = ItemTile;
export type LineView = CartLineView;

export interface SummaryView {
  lines: readonly LineView[];
  problem?: 'no-price' | 'too-large' | 'other-currency' | 'no-rate';
  /** with 'no-price' and 'other-currency': the unpriced line's currency; 'no-rate': the till's */
  problemCurrency?: string;
  /** the till's fiat unit when the cart charges in one: every amount, tip and discount is in it */
  unit?: CartUnitView;
  /**
   * The shop's display currency: null when it sells in sats only, undefined when not known (the
   * remote cashier's page). Says why a fiat-priced line has no price (issue 48).
   */
  shopCurrency?: string | null;
  totals?: {
    subtotal: AmountView;
    /** every discount, when there is one */
    discount?: AmountView;
    taxes: ReadonlyArray<{ rate: number; amount: AmountView }>;
    tip: AmountView;
    total: AmountView;
  };
}

/** No tip, a percent of subtotal + tax, or a custom amount in the cart's unit (sats or cents). */
export type TipPick =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'sats'; sats: number };

/** Discounts on the cart's lines and on the whole cart, where this till may give them. */
export interface CartDiscounts {
  /** the whole cart's discount as entered */
  cart?: Discount;
  /** runs `then` once the person at the till may give a discount (the merchant PIN if the shop says) */
  ask: (then: () => void) => void;
  onLine: (lineId: string, discount: Discount | undefined) => void;
  onCart: (discount: Discount | undefined) => void;
}

export interface BasketView {
  id: string;
  label?: string;
  /** who parked it, where the till names people; role 'owner': the merchant */
  parkedBy?: { name: string; role: string };
}

export type { ChoiceView } from '../domain-views';
