// Cart arithmetic, pure: lines at the price used, tax per line added on top of tax-exclusive prices,
// a tip, and whole sats by one rule (docs/decisions/0033-items-cart-tax.md).
import { fiatMinorToSats, MAX_SATS } from '../prices/convert';
import { currencyDecimals } from '../prices/currencies';
import type { SaleLine } from '../sale/sale-detail';
import type { SaleLines } from '../sale/sale';
import { isItemPrice, isTaxRate, type CatalogItem, type ItemPrice } from './item';

/** One line of a cart: a snapshot of the item when it was added (a parked basket outlives edits). */
export interface CartLine {
  /** the line's own id within its cart */
  id: string;
  /** the catalog item's id; absent for a custom keypad amount */
  itemId?: string;
  name: string;
  price: ItemPrice;
  taxRatePercent?: number;
  quantity: number;
}

/** A cart: the current one (id 'current') or a parked basket. */
export interface Cart {
  id: string;
  /** a parked basket's label ("Table 4"); empty for the current cart */
  label?: string;
  lines: CartLine[];
  updatedAt: number;
}

export const CURRENT_CART_ID = 'current';
/** The ids of a remote cashier's carts on its device start with this (the merchant's never do). */
export const CASHIER_CART_PREFIX = 'cashier:';

/** The id prefix of a remote cashier's carts for one merchant: its baskets are that shop's only. */
export function cashierCartScope(merchantPubkeyHex: string): string {
  return `${CASHIER_CART_PREFIX}${merchantPubkeyHex}:`;
}
export const MAX_QUANTITY = 9999;
export const MAX_LINES = 500;
export const CUSTOM_LINE_NAME = 'Custom amount';

/** The BTC price a fiat price is converted at: the display currency's price when the cart is totalled. */
export interface PriceUsed {
  currency: string;
  price: number;
  /** the price source's time for `price` (ms): kept on a charged cart's fiat record */
  time?: number;
}

/** No tip, a percent of subtotal + tax, or a custom amount in sats. */
export type TipChoice =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'sats'; sats: number };

export interface PricedLine extends SaleLine {
  lineId: string;
  /** unitSats × quantity */
  lineSats: number;
  /** this line's tax in sats */
  taxSats: number;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotalSats: number;
  taxSats: number;
  tipSats: number;
  totalSats: number;
}

export type CartPriceProblem = 'empty' | 'no-price' | 'too-large';

export type CartPricing =
  | { ok: true; totals: CartTotals }
  /** `currency`: with 'no-price', the currency of the first line that has no price */
  | { ok: false; problem: CartPriceProblem; currency?: string };

/**
 * A unit price in whole sats: sats as they are; fiat at the price used, rounded UP (the rule of
 * core/prices: the merchant never receives less than the price asked). Undefined when a fiat price
 * has no price in its currency.
 */
export function unitSats(price: ItemPrice, used: PriceUsed | undefined): number | undefined {
  if (price.unit === 'sat') return price.sats;
  if (!used || used.currency !== price.currency) return undefined;
  try {
    const sats = fiatMinorToSats(price.minor, used.price, currencyDecimals(price.currency));
    return Number.isSafeInteger(sats) && sats >= 1 ? sats : undefined;
  } catch {
    return undefined;
  }
}

/** rate in hundredths of a percent: 7.5 % is 750 */
function basisPoints(rate: number): bigint {
  return BigInt(Math.round(rate * 100));
}

/** a × bp / 10000, rounded half up, in exact integers */
function percentOf(sats: number, bp: bigint): number {
  const num = BigInt(sats) * bp * 2n + 10000n;
  return Number(num / 20000n);
}

/** A line's tax: its sats × rate, rounded half up per line (tax is on top of the price). */
export function lineTax(lineSats: number, rate: number | undefined): number {
  return rate ? percentOf(lineSats, basisPoints(rate)) : 0;
}

/** The tip in sats: a percent of subtotal + tax rounded half up, or the custom sats as given. */
export function tipSats(choice: TipChoice, baseSats: number): number {
  if (choice.kind === 'none') return 0;
  if (choice.kind === 'sats')
    return Number.isSafeInteger(choice.sats) && choice.sats > 0 ? choice.sats : 0;
  return percentOf(baseSats, basisPoints(choice.percent));
}

/** The cart's totals at the price used: total = subtotal + tax + tip, all whole sats. */
export function priceCart(
  lines: readonly CartLine[],
  used: PriceUsed | undefined,
  tip: TipChoice = { kind: 'none' },
): CartPricing {
  if (lines.length === 0) return { ok: false, problem: 'empty' };
  const priced: PricedLine[] = [];
  let subtotal = 0;
  let tax = 0;
  for (const line of lines) {
    const unit = unitSats(line.price, used);
    if (unit === undefined) {
      const { price } = line;
      return {
        ok: false,
        problem: 'no-price',
        ...(price.unit === 'sat' ? {} : { currency: price.currency }),
      };
    }
    const lineSats = unit * line.quantity;
    const taxSats = lineTax(lineSats, line.taxRatePercent);
    subtotal += lineSats;
    tax += taxSats;
    if (!Number.isSafeInteger(subtotal + tax) || subtotal + tax > MAX_SATS) {
      return { ok: false, problem: 'too-large' };
    }
    priced.push({
      lineId: line.id,
      ...(line.itemId ? { itemId: line.itemId } : {}),
      name: line.name,
      quantity: line.quantity,
      unitSats: unit,
      ...(line.taxRatePercent ? { taxRatePercent: line.taxRatePercent } : {}),
      lineSats,
      taxSats,
    });
  }
  const tipped = tipSats(tip, subtotal + tax);
  const total = subtotal + tax + tipped;
  if (!Number.isSafeInteger(total) || total > MAX_SATS) return { ok: false, problem: 'too-large' };
  return {
    ok: true,
    totals: {
      lines: priced,
      subtotalSats: subtotal,
      taxSats: tax,
      tipSats: tipped,
      totalSats: total,
    },
  };
}

/** The lines, tax and tip of priced totals: a cart's sale without how it is paid. */
export function saleLinesOf(totals: CartTotals): SaleLines {
  return {
    lines: totals.lines.map((line) => ({
      ...(line.itemId ? { itemId: line.itemId } : {}),
      name: line.name,
      quantity: line.quantity,
      unitSats: line.unitSats,
      ...(line.taxRatePercent ? { taxRatePercent: line.taxRatePercent } : {}),
    })),
    subtotalSats: totals.subtotalSats,
    taxSats: totals.taxSats,
    tipSats: totals.tipSats,
  };
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

/** One more of `item`: its line's quantity up by one, or a new line at the end. */
export function addItem(lines: readonly CartLine[], item: CatalogItem, newId: string): CartLine[] {
  const index = lines.findIndex((line) => line.itemId === item.id);
  if (index >= 0) {
    return lines.map((line, i) =>
      i === index ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line,
    );
  }
  if (lines.length >= MAX_LINES) return [...lines];
  return [
    ...lines,
    {
      id: newId,
      itemId: item.id,
      name: item.name,
      price: { ...item.price },
      ...(item.taxRatePercent ? { taxRatePercent: item.taxRatePercent } : {}),
      quantity: 1,
    },
  ];
}

/** A custom keypad amount as its own line (no tax). */
export function addCustom(lines: readonly CartLine[], sats: number, newId: string): CartLine[] {
  if (!Number.isSafeInteger(sats) || sats <= 0 || lines.length >= MAX_LINES) return [...lines];
  return [
    ...lines,
    { id: newId, name: CUSTOM_LINE_NAME, price: { unit: 'sat', sats }, quantity: 1 },
  ];
}

/** A line's quantity set; zero or less removes it. */
export function setQuantity(
  lines: readonly CartLine[],
  lineId: string,
  quantity: number,
): CartLine[] {
  const q = clampQuantity(quantity);
  if (q === 0) return lines.filter((line) => line.id !== lineId);
  return lines.map((line) => (line.id === lineId ? { ...line, quantity: q } : line));
}

/** The number of things in the cart (quantities summed). */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((n, line) => n + line.quantity, 0);
}

/** At most this many parked baskets, as a café holds a few tabs. */
export const MAX_PARKED = 5;

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.id === 'string' &&
    (line.itemId === undefined || typeof line.itemId === 'string') &&
    typeof line.name === 'string' &&
    isItemPrice(line.price) &&
    (line.taxRatePercent === undefined || isTaxRate(line.taxRatePercent)) &&
    typeof line.quantity === 'number' &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity >= 1 &&
    line.quantity <= MAX_QUANTITY
  );
}

/** A stored cart read back: undefined when it is not a cart (a bad row is not charged). */
export function readCart(value: unknown): Cart | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const cart = value as Record<string, unknown>;
  if (typeof cart.id !== 'string' || !Array.isArray(cart.lines)) return undefined;
  if (!cart.lines.every(isCartLine) || cart.lines.length > MAX_LINES) return undefined;
  return {
    id: cart.id,
    ...(typeof cart.label === 'string' && cart.label ? { label: cart.label } : {}),
    lines: cart.lines,
    updatedAt: typeof cart.updatedAt === 'number' ? cart.updatedAt : 0,
  };
}
