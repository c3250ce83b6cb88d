// The merchant's check of a remote cashier's lines against the catalog it publishes (item ids,
// names, prices, tax), its tip setting and who may give discounts; a sale that fails is kept at the
// merchant's own figures with a note (docs/protocol.md "Lines checked against the catalog",
// decision 0065).
import {
  priceCart,
  saleLinesOf,
  unitSats,
  type CartLine,
  type CartTotals,
  type PriceUsed,
} from '../../items/cart';
import { CUSTOM_LINE_NAME } from '../../sale/line-names';
import type { CatalogItem, ItemPrice } from '../../items/item';
import { priceInUnit } from '../../items/cart-unit';
import { unitCurrency, type FiatUnit } from '../../units/unit';
import { optionsLabel, pickedOptions, pricedWith } from '../../items/item-options';
import { discountSats } from '../../sale/discount';
import type { SaleDetail, SaleLine } from '../../sale/sale-detail';

/**
 * What the lines are checked against: the catalog the cashiers read, whether tips are on and
 * whether a cashier may give discounts (the shop lets anyone give them; absent: no).
 */
export interface CatalogForLines {
  items: readonly CatalogItem[];
  tips: boolean;
  discounts?: boolean;
  /**
   * The till's fiat unit: every figure of the sale is then its minor units (cents) and each item
   * is priced as the till's cart prices it (cart-unit.ts, decision 0089); absent: sats.
   */
  unit?: FiatUnit;
}

export type LinesVerdict =
  | { ok: true; sale: SaleDetail }
  /** `sale`: the merchant's figures for the quote's amount, noted; `reason` for the log */
  | { ok: false; reason: string; sale: SaleDetail };

/** The merchant's line for a cashier's line, or why there is none. */
function ownLine(
  line: SaleLine,
  items: ReadonlyMap<string, CatalogItem>,
  used: PriceUsed | undefined,
  unit: FiatUnit | undefined,
): SaleLine | string {
  if (line.itemId === undefined) {
    // A keypad amount is the cashier's to type, as on the merchant's own keypad: no name, no tax.
    return { name: CUSTOM_LINE_NAME, quantity: line.quantity, unitSats: line.unitSats };
  }
  const item = items.get(line.itemId);
  if (!item) return `item ${line.itemId} is not in the catalog`;
  // The picks are the cashier's to make, their names and prices the catalog's (decision 0065).
  const picked = pickedOptions(
    item,
    (line.options ?? []).map((o) => o.id),
  );
  if (!picked) return `item ${line.itemId} has no such choice of options`;
  const price = pricedWith(item.price, picked);
  const each = price && priceOf(price, used, unit);
  if (each === undefined) return `item ${line.itemId} has no price in ${unit ?? 'sats'}`;
  const options = picked.map((o) => ({ groupId: o.groupId, id: o.id, name: o.name }));
  return {
    itemId: item.id,
    name: options.length > 0 ? optionsLabel(item.name, options) : item.name,
    quantity: line.quantity,
    unitSats: each,
    ...(item.taxRatePercent ? { taxRatePercent: item.taxRatePercent } : {}),
    ...(options.length > 0 ? { options } : {}),
    ...(item.taxIncluded ? { taxIncluded: true } : {}),
  };
}

/** A unit price as the cart charges it: sats, or the minor units of the till's fiat unit. */
function priceOf(
  price: ItemPrice,
  used: PriceUsed | undefined,
  unit: FiatUnit | undefined,
): number | undefined {
  if (!unit) return unitSats(price, used);
  const inUnit = priceInUnit(price, unit, used);
  return inUnit.ok ? inUnit.minor : undefined;
}

function sameLine(a: SaleLine, b: SaleLine): boolean {
  return (
    a.itemId === b.itemId &&
    a.name === b.name &&
    a.quantity === b.quantity &&
    a.unitSats === b.unitSats &&
    (a.taxRatePercent ?? 0) === (b.taxRatePercent ?? 0)
  );
}

/**
 * Judges a remote sale whose parts already add up to `amount` (remote-sale.ts). Each line must be
 * a catalog item at its name, price (fiat converted at `used`, the cashier's stated price) and
 * tax rate, or a keypad amount; a discount only while the shop lets any cashier give one, and
 * then the sats off and the tax as the cart works them out from the discounts given; a tip only
 * while tips are on. Otherwise the record is the merchant's: the known items at the catalog's
 * figures (with the discounts it allows), what is left of `amount` as the tip (tips on) or one
 * keypad amount (tips off), or, when the catalog's figures come to more than was paid, the amount
 * as one keypad line.
 */
export function judgeCashierLines(
  sale: SaleDetail,
  amount: number,
  catalog: CatalogForLines,
  used: PriceUsed | undefined,
): LinesVerdict {
  const items = new Map(catalog.items.map((item) => [item.id, item]));
  const problems: string[] = [];
  const own: { line: SaleLine; theirs: SaleLine }[] = [];
  for (const line of sale.lines) {
    const mine = ownLine(line, items, used, catalog.unit);
    if (typeof mine === 'string') {
      problems.push(mine);
      continue;
    }
    if (!sameLine(line, mine)) problems.push(`line "${line.name}" differs from the catalog`);
    own.push({ line: mine, theirs: line });
  }
  const discounted = hasDiscount(sale);
  if (discounted && !catalog.discounts) problems.push('a discount the shop allows only with a PIN');
  const totals = merchantTotals(own, sale, discounted && catalog.discounts === true, catalog.unit);
  if (problems.length === 0 && totals) {
    if (totals.discountSats !== (sale.discountSats ?? 0)) {
      problems.push('the discounts do not give their sats');
    } else if (totals.taxSats !== sale.taxSats) {
      problems.push("the tax is not the lines' own");
    }
  }
  if (!totals) problems.push('the lines cannot be priced');
  if (!catalog.tips && sale.tipSats > 0) problems.push('a tip while tips are off');
  if (problems.length === 0) return { ok: true, sale };
  return {
    ok: false,
    reason: problems.join('; '),
    sale: merchantFigures(sale, amount, totals, catalog.tips),
  };
}

function hasDiscount(sale: SaleDetail): boolean {
  return (
    !!sale.discountSats ||
    sale.cartDiscount !== undefined ||
    sale.lines.some((line) => line.discount !== undefined || !!line.discountSats)
  );
}

/**
 * The merchant's lines priced as the cart prices them (items/cart.ts): the catalog's figures, the
 * cashier's discounts when `discounts` allows them; undefined when they cannot be priced.
 */
function merchantTotals(
  own: readonly { line: SaleLine; theirs: SaleLine }[],
  sale: SaleDetail,
  discounts: boolean,
  unit: FiatUnit | undefined,
): CartTotals | undefined {
  if (own.length === 0) return undefined;
  // The lines' figures are already the unit's: priced again as they are, never converted.
  const asPriced = (figure: number): ItemPrice =>
    unit
      ? { unit: 'fiat', currency: unitCurrency(unit), minor: figure }
      : { unit: 'sat', sats: figure };
  const lines = own.map(({ line, theirs }, i): CartLine => ({
    id: String(i),
    ...(line.itemId ? { itemId: line.itemId } : {}),
    name: line.name,
    price: asPriced(line.unitSats),
    ...(line.taxRatePercent ? { taxRatePercent: line.taxRatePercent } : {}),
    ...(line.taxIncluded ? { taxIncluded: true } : {}),
    ...(line.options ? { options: line.options } : {}),
    ...(discounts && theirs.discount ? { discount: theirs.discount } : {}),
    quantity: line.quantity,
  }));
  const rules = {
    ...(discounts && sale.cartDiscount ? { cartDiscount: sale.cartDiscount } : {}),
    ...(unit ? { unit } : {}),
  };
  const priced = priceCart(lines, undefined, { kind: 'none' }, rules);
  return priced.ok ? priced.totals : undefined;
}

function merchantFigures(
  sale: SaleDetail,
  amount: number,
  totals: CartTotals | undefined,
  tips: boolean,
): SaleDetail {
  const rest = totals ? amount - totals.totalSats : -1;
  const kept = {
    method: sale.method,
    ...(sale.reference !== undefined ? { reference: sale.reference } : {}),
    note: 'cashier-lines' as const,
  };
  if (!totals || rest < 0) {
    // Paid less than the catalog asks: the money is what it is, so the record says only that.
    return {
      lines: [{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: amount }],
      subtotalSats: amount,
      taxSats: 0,
      tipSats: 0,
      ...kept,
    };
  }
  const figures = saleLinesOf(totals);
  if (tips || rest === 0) return { ...figures, tipSats: rest, ...kept };
  return { ...withKeypadRest(figures, totals, rest), tipSats: 0, ...kept };
}

/**
 * `figures` with `rest` as one more keypad line. A cart discount in percent would take a share of
 * that line too, so it is kept as the sats it gave.
 */
function withKeypadRest(
  figures: ReturnType<typeof saleLinesOf>,
  totals: CartTotals,
  rest: number,
): ReturnType<typeof saleLinesOf> {
  const full = figures.lines.some((line) => line.taxSats !== undefined);
  const lines = [
    ...figures.lines,
    { name: CUSTOM_LINE_NAME, quantity: 1, unitSats: rest, ...(full ? { taxSats: 0 } : {}) },
  ];
  const cart = figures.cartDiscount;
  const ownOff = totals.lines.reduce(
    (s, line) => s + discountSats(line.discount, line.lineSats),
    0,
  );
  return {
    ...figures,
    lines,
    subtotalSats: figures.subtotalSats + rest,
    ...(cart
      ? { cartDiscount: { kind: 'sats', sats: totals.discountSats - ownOff, reason: cart.reason } }
      : {}),
  };
}
