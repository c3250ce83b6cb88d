// A sale record a caller passes with an invoice must add up to the invoice's amount: a record that
// does not changes nothing (docs/decisions/0033-items-cart-tax.md, 0064 for discounts and rates).
import { ValidationError } from '../errors';
import { isLineOptions } from '../items/item-options';
import { discountSats, isDiscount } from './discount';
import type { SaleDetail, SaleLine } from './sale-detail';

export const INVALID_SALE_MESSAGE = "The sale's lines, tax and tip must add up to the amount";

const whole = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

function lineOk(line: SaleLine): boolean {
  return (
    typeof line.name === 'string' &&
    whole(line.quantity) &&
    line.quantity >= 1 &&
    whole(line.unitSats) &&
    (line.itemId === undefined || typeof line.itemId === 'string') &&
    (line.taxRatePercent === undefined ||
      (typeof line.taxRatePercent === 'number' && Number.isFinite(line.taxRatePercent))) &&
    (line.taxIncluded === undefined || typeof line.taxIncluded === 'boolean') &&
    (line.discount === undefined || isDiscount(line.discount)) &&
    (line.discountSats === undefined ||
      (whole(line.discountSats) && line.discountSats <= line.unitSats * line.quantity)) &&
    (line.taxSats === undefined || whole(line.taxSats)) &&
    (line.options === undefined || isLineOptions(line.options))
  );
}

/**
 * The lines' discounted sats are what their discounts give, as the cart works them out
 * (items/cart.ts priceCart): each line's own discount off its sats, the cart's off what is left,
 * shared over the lines. A record whose sats a discount does not give is refused.
 */
function discountsAddUp(s: SaleDetail): boolean {
  const gross = s.lines.map((line) => line.unitSats * line.quantity);
  const own = s.lines.map((line, i) => discountSats(line.discount, gross[i]!));
  const left = gross.reduce((sum, n, i) => sum + n - own[i]!, 0);
  const cartOff = discountSats(s.cartDiscount, left);
  const given = s.lines.reduce((sum, line) => sum + (line.discountSats ?? 0), 0);
  return (
    s.lines.every((line, i) => (line.discountSats ?? 0) >= own[i]!) &&
    given === own.reduce((sum, n) => sum + n, 0) + cartOff
  );
}

/** The parts of tax by rate (decision 0064) agree with the lines; all absent on older records. */
function ratePartsOk(s: SaleDetail): boolean {
  const sum = (pick: (line: SaleLine) => number | undefined) =>
    s.lines.reduce((total, line) => total + (pick(line) ?? 0), 0);
  const withTax = s.lines.some((line) => line.taxSats !== undefined);
  return (
    (s.discountSats === undefined || whole(s.discountSats)) &&
    (s.includedTaxSats === undefined || whole(s.includedTaxSats)) &&
    (s.cartDiscount === undefined || isDiscount(s.cartDiscount)) &&
    (s.taxRounding === undefined || s.taxRounding === 'line' || s.taxRounding === 'receipt') &&
    sum((line) => line.discountSats) === (s.discountSats ?? 0) &&
    discountsAddUp(s) &&
    (!withTax ||
      (sum((line) => (line.taxIncluded ? 0 : line.taxSats)) === s.taxSats &&
        sum((line) => (line.taxIncluded ? line.taxSats : 0)) === (s.includedTaxSats ?? 0)))
  );
}

/** What the customer pays for `sale`: subtotal less discounts plus added tax and tip. */
export function saleTotal(sale: SaleDetail): number {
  return sale.subtotalSats - (sale.discountSats ?? 0) + sale.taxSats + sale.tipSats;
}

/** Whether `sale` has the shape of a SaleDetail: whole parts, lines that add up to its subtotal. */
export function saleShapeOk(sale: unknown): sale is SaleDetail {
  if (typeof sale !== 'object' || sale === null) return false;
  const s = sale as SaleDetail;
  return (
    Array.isArray(s.lines) &&
    s.lines.every((line) => typeof line === 'object' && line !== null && lineOk(line)) &&
    whole(s.subtotalSats) &&
    whole(s.taxSats) &&
    whole(s.tipSats) &&
    (s.method === 'lightning' || s.method === 'ecash' || s.method === 'cash') &&
    (s.reference === undefined || typeof s.reference === 'string') &&
    (s.note === undefined || s.note === 'cashier-lines') &&
    s.lines.reduce((sum, line) => sum + line.unitSats * line.quantity, 0) === s.subtotalSats &&
    ratePartsOk(s)
  );
}

/** A copy of `sale` when its parts are whole and add up to `amount`; throws ValidationError otherwise. */
export function checkSale(sale: SaleDetail, amount: number): SaleDetail {
  const ok = saleShapeOk(sale) && saleTotal(sale) === amount;
  if (!ok) throw new ValidationError(INVALID_SALE_MESSAGE);
  return structuredClone(sale);
}
