// A sale record a caller passes with an invoice must add up to the invoice's amount: a record that
// does not changes nothing (docs/decisions/0033-items-cart-tax.md).
import { ValidationError } from '../errors';
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
      (typeof line.taxRatePercent === 'number' && Number.isFinite(line.taxRatePercent)))
  );
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
    s.lines.reduce((sum, line) => sum + line.unitSats * line.quantity, 0) === s.subtotalSats
  );
}

/** A copy of `sale` when its parts are whole and add up to `amount`; throws ValidationError otherwise. */
export function checkSale(sale: SaleDetail, amount: number): SaleDetail {
  const ok = saleShapeOk(sale) && sale.subtotalSats + sale.taxSats + sale.tipSats === amount;
  if (!ok) throw new ValidationError(INVALID_SALE_MESSAGE);
  return structuredClone(sale);
}
