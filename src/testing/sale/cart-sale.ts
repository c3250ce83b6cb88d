// Cart sales for tests: two coffees and a custom amount as the till rings them up, or two espressos
// taxed at 10 % and a custom line (1,100 sats of lines each; a test sets the figures it checks), or
// bread and wine taxed by rate with a discount and a tip, every figure set.
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

/** Bread at 7 % on top, 100 sats off it: 900 net and 63 of tax. */
export const BREAD_LINE: SaleLine = {
  name: 'Bread',
  quantity: 1,
  unitSats: 1000,
  taxRatePercent: 7,
  discount: { kind: 'sats', sats: 100, reason: '' },
  discountSats: 100,
  taxSats: 63,
};

/** Wine at 19 % included in its 1,190 sats. */
export const WINE_LINE: SaleLine = {
  name: 'Wine',
  quantity: 1,
  unitSats: 1190,
  taxRatePercent: 19,
  taxIncluded: true,
  taxSats: 190,
};

/** The bread and the wine with a 10-sat tip: 2,190 - 100 + 63 + 10 = 2,163 sats. */
export function breadAndWine(lines: readonly SaleLine[] = [BREAD_LINE, WINE_LINE]): SaleDetail {
  return saleOf(lines, { discountSats: 100, taxSats: 63, includedTaxSats: 190, tipSats: 10 });
}
