// Cart arithmetic, pure: lines at the price used, discounts, tax by rate (on top or inside the
// price, rounded per line or per receipt), a tip, and whole sats by one rule
// (docs/decisions/0033-items-cart-tax.md, 0064-tax-by-rate-and-receipts.md).
import { fiatMinorToSats, MAX_SATS } from '../prices/convert';
import { currencyDecimals } from '../prices/currencies';
import { discountSats, isDiscount, type Discount } from '../sale/discount';
import type { SaleLine } from '../sale/sale-detail';
import type { SaleLines } from '../sale/sale';
import { CUSTOM_LINE_NAME } from '../sale/line-names';
import type { StaffRef } from '../staff/staff';
import { staffRefFrom } from '../staff/staff-ref';
import {
  allocate,
  basisPoints,
  mulDivHalfUp,
  ratesOf,
  taxIn,
  taxOf,
  type RateTotal,
  type TaxRounding,
} from '../sale/tax';
import { isItemPrice, isTaxRate, type CatalogItem, type ItemPrice } from './item';
import { priceInUnit } from './cart-unit';
import { isUnit, type FiatUnit, type Unit } from '../units/unit';
import {
  isLineOptions,
  optionsLabel,
  pickedOptions,
  pricedWith,
  type LineOption,
} from './item-options';

/** One line of a cart: a snapshot of the item when it was added (a parked basket outlives edits). */
export interface CartLine {
  /** the line's own id within its cart */
  id: string;
  /** the catalog item's id; absent for a custom keypad amount */
  itemId?: string;
  name: string;
  price: ItemPrice;
  taxRatePercent?: number;
  /** the price holds the tax; absent: the shop's default (decision 0064) */
  taxIncluded?: boolean;
  /** a discount on this line */
  discount?: Discount;
  quantity: number;
  /** the variant and modifiers picked: `name` says them and `price` includes their changes */
  options?: LineOption[];
}

/** The shop's rules a cart is priced by, beyond its lines (decision 0064). */
export interface PricingRules {
  /** tax rounded per line (the default) or once per rate on the receipt */
  rounding?: TaxRounding;
  /** whether a line's price holds its tax when the line does not say */
  pricesIncludeTax?: boolean;
  /** a discount on the whole cart, shared out over the lines before tax */
  cartDiscount?: Discount;
  /**
   * The fiat unit the till charges in: every figure of the totals is then its minor units (cents),
   * and an amount discount or tip is too; absent: sats (decision 0089).
   */
  unit?: FiatUnit;
}

/** A cart: the current one (id 'current') or a parked basket. */
export interface Cart {
  id: string;
  /** a parked basket's label ("Table 4"); empty for the current cart */
  label?: string;
  /** who parked it, where the till has a staff list (decision 0066); absent otherwise */
  parkedBy?: StaffRef;
  /**
   * What the lines' amount discounts are in (sats, or the till's fiat unit's cents), for a parked
   * basket and the current cart alike. Absent: written before carts kept it, read in the till's
   * unit.
   */
  unit?: Unit;
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
  /** this line's tax in sats (added, or inside the price when taxIncluded) */
  taxSats: number;
  /** sats off this line: its own discount and its share of the cart's */
  discountSats: number;
}

/**
 * A cart's totals. Every `…Sats` figure is in the cart's unit: sats, or the minor units of `unit`
 * when the till charges in a fiat unit (the arithmetic is the same on either, decision 0089).
 */
export interface CartTotals {
  lines: PricedLine[];
  subtotalSats: number;
  /** tax added on top */
  taxSats: number;
  tipSats: number;
  totalSats: number;
  /** every discount, in sats */
  discountSats: number;
  /** tax inside inclusive prices */
  includedTaxSats: number;
  /** net, tax and gross per rate */
  rates: RateTotal[];
  rounding: TaxRounding;
  cartDiscount?: Discount;
  /** the fiat unit the figures are in; absent: sats */
  unit?: FiatUnit;
  /** in a fiat unit: some line was priced in sats and converted at the price used */
  converted?: boolean;
}

/**
 * 'other-currency': a line priced in a currency the fiat till does not charge in; 'no-rate': a line
 * in sats with no usable price of the till's currency (decision 0089).
 */
export type CartPriceProblem = 'empty' | 'no-price' | 'too-large' | 'other-currency' | 'no-rate';

export type CartPricing =
  | { ok: true; totals: CartTotals }
  /** `currency`: with 'no-price', the currency of the first line that has no price */
  | { ok: false; problem: CartPriceProblem; currency?: string };

/** A line's unit price in the cart's unit, or why it has none. */
type LinePrice =
  { ok: true; unit: number; converted: boolean } | Extract<CartPricing, { ok: false }>;

function linePrice(price: ItemPrice, used: PriceUsed | undefined, unit?: FiatUnit): LinePrice {
  if (unit) {
    const inUnit = priceInUnit(price, unit, used);
    return inUnit.ok
      ? { ok: true, unit: inUnit.minor, converted: inUnit.converted }
      : { ok: false, problem: inUnit.problem, currency: inUnit.currency };
  }
  const sats = unitSats(price, used);
  if (sats !== undefined) return { ok: true, unit: sats, converted: false };
  return {
    ok: false,
    problem: 'no-price',
    ...(price.unit === 'sat' ? {} : { currency: price.currency }),
  };
}

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

/** A line's tax on top of its price, rounded half up per line (the rule of decision 0033). */
export function lineTax(lineSats: number, rate: number | undefined): number {
  return taxIn(lineSats, rate);
}

/** The tip in sats: a percent of subtotal + tax rounded half up, or the custom sats as given. */
export function tipSats(choice: TipChoice, baseSats: number): number {
  if (choice.kind === 'none') return 0;
  if (choice.kind === 'sats')
    return Number.isSafeInteger(choice.sats) && choice.sats > 0 ? choice.sats : 0;
  return mulDivHalfUp(baseSats, basisPoints(choice.percent), 10_000n);
}

/**
 * The cart's totals at the price used: total = subtotal - discounts + tax added on top + tip, all
 * whole sats. Discounts come off before tax (a cart's shared out over the lines by their sats);
 * the tip is of what the customer sees before it and outside tax (decision 0064).
 */
export function priceCart(
  lines: readonly CartLine[],
  used: PriceUsed | undefined,
  tip: TipChoice = { kind: 'none' },
  rules: PricingRules = {},
): CartPricing {
  if (lines.length === 0) return { ok: false, problem: 'empty' };
  const units: number[] = [];
  let converted = false;
  for (const line of lines) {
    const priced = linePrice(line.price, used, rules.unit);
    if (!priced.ok) return priced;
    const { unit } = priced;
    converted ||= priced.converted;
    const lineSats = unit * line.quantity;
    if (!Number.isSafeInteger(lineSats) || lineSats > MAX_SATS) {
      return { ok: false, problem: 'too-large' };
    }
    units.push(unit);
  }
  const gross = lines.map((line, i) => units[i]! * line.quantity);
  const subtotal = gross.reduce((s, n) => s + n, 0);
  if (!Number.isSafeInteger(subtotal) || subtotal > MAX_SATS) {
    return { ok: false, problem: 'too-large' };
  }
  const own = lines.map((line, i) => discountSats(line.discount, gross[i]!));
  const afterOwn = gross.map((n, i) => n - own[i]!);
  const cartOff = discountSats(
    rules.cartDiscount,
    afterOwn.reduce((s, n) => s + n, 0),
  );
  const shares = allocate(cartOff, afterOwn);
  const included = lines.map((line) => line.taxIncluded ?? rules.pricesIncludeTax ?? false);
  const taxable = lines.map((line, i) => ({
    baseSats: afterOwn[i]! - shares[i]!,
    ...(line.taxRatePercent ? { rate: line.taxRatePercent } : {}),
    ...(included[i] ? { included: true } : {}),
  }));
  const rounding = rules.rounding ?? 'line';
  const tax = taxOf(taxable, rounding);
  const discount = own.reduce((s, n) => s + n, 0) + cartOff;
  const priced: PricedLine[] = lines.map((line, i) => ({
    lineId: line.id,
    ...(line.itemId ? { itemId: line.itemId } : {}),
    name: line.name,
    quantity: line.quantity,
    unitSats: units[i]!,
    ...(line.taxRatePercent ? { taxRatePercent: line.taxRatePercent } : {}),
    ...(included[i] ? { taxIncluded: true } : {}),
    ...(line.discount ? { discount: line.discount } : {}),
    ...(line.options ? { options: line.options } : {}),
    lineSats: gross[i]!,
    taxSats: tax.lineTax[i]!,
    discountSats: own[i]! + shares[i]!,
  }));
  const beforeTip = subtotal - discount + tax.addedSats;
  const tipped = tipSats(tip, beforeTip);
  const total = beforeTip + tipped;
  if (!Number.isSafeInteger(total) || total > MAX_SATS) return { ok: false, problem: 'too-large' };
  return {
    ok: true,
    totals: {
      lines: priced,
      subtotalSats: subtotal,
      taxSats: tax.addedSats,
      tipSats: tipped,
      totalSats: total,
      discountSats: discount,
      includedTaxSats: tax.includedSats,
      rates: ratesOf(taxable.map((line, i) => ({ ...line, taxSats: tax.lineTax[i]! }))),
      rounding,
      ...(rules.cartDiscount && cartOff > 0 ? { cartDiscount: rules.cartDiscount } : {}),
      ...(rules.unit ? { unit: rules.unit } : {}),
      ...(converted ? { converted } : {}),
    },
  };
}

/**
 * Whether the totals need the parts of decision 0064 to be read back: a discount, a price holding
 * its tax or tax rounded per receipt. A sale without them is recorded as decision 0033 recorded
 * it, so older readers and the cashier's message keep their shape.
 */
function usesRates(totals: CartTotals): boolean {
  return (
    totals.discountSats > 0 ||
    totals.rounding === 'receipt' ||
    totals.lines.some((line) => line.taxIncluded)
  );
}

/** The lines, tax and tip of priced totals: a cart's sale without how it is paid. */
export function saleLinesOf(totals: CartTotals): SaleLines {
  const full = usesRates(totals);
  return {
    lines: totals.lines.map((line) => ({
      ...(line.itemId ? { itemId: line.itemId } : {}),
      name: line.name,
      quantity: line.quantity,
      unitSats: line.unitSats,
      ...(line.taxRatePercent ? { taxRatePercent: line.taxRatePercent } : {}),
      ...(full && line.taxIncluded ? { taxIncluded: true } : {}),
      ...(full && line.discount ? { discount: line.discount } : {}),
      ...(full && line.discountSats ? { discountSats: line.discountSats } : {}),
      ...(full ? { taxSats: line.taxSats } : {}),
      ...(line.options ? { options: line.options.map((o) => ({ ...o })) } : {}),
    })),
    subtotalSats: totals.subtotalSats,
    taxSats: totals.taxSats,
    tipSats: totals.tipSats,
    ...(totals.discountSats ? { discountSats: totals.discountSats } : {}),
    ...(totals.cartDiscount ? { cartDiscount: totals.cartDiscount } : {}),
    ...(totals.includedTaxSats ? { includedTaxSats: totals.includedTaxSats } : {}),
    ...(totals.rounding === 'receipt' ? { taxRounding: 'receipt' as const } : {}),
  };
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

/** One more of `item`: its line's quantity up by one, or a new line at the end. */
export function addItem(lines: readonly CartLine[], item: CatalogItem, newId: string): CartLine[] {
  // A line with options is that pick's own (addWithOptions): a plain tap never joins it.
  const index = lines.findIndex((line) => line.itemId === item.id && !line.options);
  return oneMore(lines, index, () => ({
    id: newId,
    itemId: item.id,
    name: item.name,
    price: { ...item.price },
    ...itemTax(item),
    quantity: 1,
  }));
}

/** The line at `index` up by one, or (at -1) `added` at the end while the cart has room. */
function oneMore(lines: readonly CartLine[], index: number, added: () => CartLine): CartLine[] {
  if (index >= 0) {
    return lines.map((line, i) =>
      i === index ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line,
    );
  }
  if (lines.length >= MAX_LINES) return [...lines];
  return [...lines, added()];
}

/** The item's tax as its lines carry it. */
function itemTax(item: CatalogItem): Pick<CartLine, 'taxRatePercent' | 'taxIncluded'> {
  return {
    ...(item.taxRatePercent ? { taxRatePercent: item.taxRatePercent } : {}),
    ...(item.taxIncluded !== undefined ? { taxIncluded: item.taxIncluded } : {}),
  };
}

/**
 * One more of `item` with the choices `picks` (ids): the line of the same pick up by one, or a new
 * line named by its choices at the price they make. Unchanged when the pick is not valid.
 */
export function addWithOptions(
  lines: readonly CartLine[],
  item: CatalogItem,
  picks: readonly string[],
  newId: string,
): CartLine[] {
  const picked = pickedOptions(item, picks);
  const price = picked && pricedWith(item.price, picked);
  if (!picked || !price) return [...lines];
  const options = picked.map((o) => ({ groupId: o.groupId, id: o.id, name: o.name }));
  const key = options.map((o) => o.id).join('/');
  const index = lines.findIndex(
    (line) => line.itemId === item.id && line.options?.map((o) => o.id).join('/') === key,
  );
  return oneMore(lines, index, () => ({
    id: newId,
    itemId: item.id,
    name: optionsLabel(item.name, options),
    price,
    ...itemTax(item),
    quantity: 1,
    ...(options.length > 0 ? { options } : {}),
  }));
}

/** The line's discount set, or removed when `discount` is undefined. */
export function setLineDiscount(
  lines: readonly CartLine[],
  lineId: string,
  discount: Discount | undefined,
): CartLine[] {
  return lines.map((line) => {
    if (line.id !== lineId) return line;
    const { discount: _old, ...rest } = line;
    return discount ? { ...rest, discount } : rest;
  });
}

/**
 * A custom keypad amount as its own line (no tax): `amount` sats, or minor units of `currency`
 * where the till charges in that currency (decision 0089).
 */
export function addCustom(
  lines: readonly CartLine[],
  amount: number,
  newId: string,
  currency?: string,
): CartLine[] {
  if (!Number.isSafeInteger(amount) || amount <= 0 || lines.length >= MAX_LINES) return [...lines];
  const price: ItemPrice = currency
    ? { unit: 'fiat', currency, minor: amount }
    : { unit: 'sat', sats: amount };
  return [...lines, { id: newId, name: CUSTOM_LINE_NAME, price, quantity: 1 }];
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
    (line.taxIncluded === undefined || typeof line.taxIncluded === 'boolean') &&
    (line.discount === undefined || isDiscount(line.discount)) &&
    (line.options === undefined || isLineOptions(line.options)) &&
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
  const parkedBy = staffRefFrom(cart.parkedBy);
  return {
    id: cart.id,
    ...(typeof cart.label === 'string' && cart.label ? { label: cart.label } : {}),
    ...(parkedBy ? { parkedBy } : {}),
    ...(isUnit(cart.unit) ? { unit: cart.unit } : {}),
    lines: cart.lines,
    updatedAt: typeof cart.updatedAt === 'number' ? cart.updatedAt : 0,
  };
}
