// The shapes the shared cart components show (core/items/cart-view.ts builds them): ui stays free
// of the domain, so the merchant's Items side and the remote cashier hand it the same figures.

export interface TileView {
  id: string;
  name: string;
  price: string;
}

export interface AmountView {
  sats: number;
  fiat?: string;
}

export interface LineView {
  id: string;
  name: string;
  quantity: number;
  amount?: AmountView;
}

export interface SummaryView {
  lines: readonly LineView[];
  problem?: 'no-price' | 'too-large';
  totals?: {
    subtotal: AmountView;
    taxes: ReadonlyArray<{ rate: number; amount: AmountView }>;
    tip: AmountView;
    total: AmountView;
  };
}

/** No tip, a percent of subtotal + tax, or a custom amount in sats. */
export type TipPick =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'sats'; sats: number };

export interface BasketView {
  id: string;
  label?: string;
}
