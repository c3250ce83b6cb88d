// Cart sales for tests, each 1,100 sats of lines: two coffees and a custom amount as the till rings
// them up, or two espressos taxed at 10 % and a custom line; a test sets the figures it checks.
import type { SaleDetail, SaleLine } from '../../core/sale/sale-detail';

export const TWO_COFFEES: readonly SaleLine[] = [
  { itemId: 'coffee', name: 'Coffee', quantity: 2, unitSats: 500 },
  { name: 'Custom amount', quantity: 1, unitSats: 100 },
];

export const TWO_ESPRESSOS: readonly SaleLine[] = [
  { itemId: 'i1', name: 'Espresso', quantity: 2, unitSats: 300, taxRatePercent: 10 },
  { name: 'Custom', quantity: 1, unitSats: 500 },
];

/** `lines` with their subtotal, no tax or tip and paid over Lightning unless `figures` say. */
export function saleOf(lines: readonly SaleLine[], figures: Partial<SaleDetail> = {}): SaleDetail {
  const subtotalSats = lines.reduce((sum, line) => sum + line.quantity * line.unitSats, 0);
  return {
    lines: [...lines],
    subtotalSats,
    taxSats: 0,
    tipSats: 0,
    method: 'lightning',
    ...figures,
  };
}
