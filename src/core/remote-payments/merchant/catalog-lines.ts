// The merchant's check of a remote cashier's lines against the catalog it publishes (item ids,
// names, prices, tax) and its tip setting; a sale that fails is kept at the merchant's own figures
// with a note (docs/protocol.md "Lines checked against the catalog", decision 0065).
import { CUSTOM_LINE_NAME, lineTax, unitSats, type PriceUsed } from '../../items/cart';
import type { CatalogItem } from '../../items/item';
import { optionsLabel, pickedOptions, pricedWith } from '../../items/item-options';
import type { SaleDetail, SaleLine } from '../../sale/sale-detail';

/** What the lines are checked against: the catalog the cashiers read, and whether tips are on. */
export interface CatalogForLines {
  items: readonly CatalogItem[];
  tips: boolean;
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
  const unit = price && unitSats(price, used);
  if (unit === undefined) return `item ${line.itemId} has no price in sats`;
  const options = picked.map((o) => ({ groupId: o.groupId, id: o.id, name: o.name }));
  return {
    itemId: item.id,
    name: options.length > 0 ? optionsLabel(item.name, options) : item.name,
    quantity: line.quantity,
    unitSats: unit,
    ...(item.taxRatePercent ? { taxRatePercent: item.taxRatePercent } : {}),
    ...(options.length > 0 ? { options } : {}),
  };
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
 * tax rate, or a keypad amount; the tax must be the lines' own; a tip only while tips are on.
 * Otherwise the record is the merchant's: the known items at the catalog's figures, what is left
 * of `amount` as the tip (tips on) or one keypad amount (tips off), or, when the catalog's figures
 * come to more than was paid, the amount as one keypad line.
 */
export function judgeCashierLines(
  sale: SaleDetail,
  amount: number,
  catalog: CatalogForLines,
  used: PriceUsed | undefined,
): LinesVerdict {
  const items = new Map(catalog.items.map((item) => [item.id, item]));
  const problems: string[] = [];
  const own: SaleLine[] = [];
  for (const line of sale.lines) {
    const mine = ownLine(line, items, used);
    if (typeof mine === 'string') {
      problems.push(mine);
      continue;
    }
    if (!sameLine(line, mine)) problems.push(`line "${line.name}" differs from the catalog`);
    own.push(mine);
  }
  const { tax } = sumsOf(own);
  if (problems.length === 0 && tax !== sale.taxSats) problems.push("the tax is not the lines' own");
  if (!catalog.tips && sale.tipSats > 0) problems.push('a tip while tips are off');
  if (problems.length === 0) return { ok: true, sale };
  return {
    ok: false,
    reason: problems.join('; '),
    sale: merchantFigures(sale, amount, own, catalog.tips),
  };
}

/** The lines' subtotal and their tax, per line as the cart works it out (items/cart.ts). */
function sumsOf(lines: readonly SaleLine[]): { subtotal: number; tax: number } {
  let subtotal = 0;
  let tax = 0;
  for (const line of lines) {
    const lineSats = line.unitSats * line.quantity;
    subtotal += lineSats;
    tax += lineTax(lineSats, line.taxRatePercent);
  }
  return { subtotal, tax };
}

function merchantFigures(
  sale: SaleDetail,
  amount: number,
  own: SaleLine[],
  tips: boolean,
): SaleDetail {
  const { subtotal, tax } = sumsOf(own);
  const rest = amount - subtotal - tax;
  const kept = {
    method: sale.method,
    ...(sale.reference !== undefined ? { reference: sale.reference } : {}),
    note: 'cashier-lines' as const,
  };
  if (rest < 0) {
    // Paid less than the catalog asks: the money is what it is, so the record says only that.
    return {
      lines: [{ name: CUSTOM_LINE_NAME, quantity: 1, unitSats: amount }],
      subtotalSats: amount,
      taxSats: 0,
      tipSats: 0,
      ...kept,
    };
  }
  if (tips || rest === 0) {
    return { lines: own, subtotalSats: subtotal, taxSats: tax, tipSats: rest, ...kept };
  }
  return {
    lines: [...own, { name: CUSTOM_LINE_NAME, quantity: 1, unitSats: rest }],
    subtotalSats: subtotal + rest,
    taxSats: tax,
    tipSats: 0,
    ...kept,
  };
}
