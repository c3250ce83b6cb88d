// A recorded sale's tax by rate, for the receipt, the day summary, the CSV and the books: net, tax
// and gross per rate, the tip outside them; records older than decision 0064 read by the rule of
// 0033 (docs/protocol.md "Tax by rate").
import type { SaleDetail, SaleLine } from './sale-detail';
import { ratesOf, taxIn, type RateTotal } from './tax';

const lineSats = (line: SaleLine) => line.unitSats * line.quantity;

/**
 * Net, tax and gross per rate of `sale` (rates ascending, untaxed lines at rate 0). The grosses sum
 * to what the customer paid less the tip. An older record's lines are taxed on top and rounded per
 * line; when that does not give its recorded tax (a record written by other software), the whole
 * sale is one row of rate null that keeps the recorded figures.
 */
export function saleRates(sale: SaleDetail): RateTotal[] {
  const lines = taxedLines(sale);
  const rates = ratesOf(lines);
  const added = lines.reduce((s, line) => s + (line.included ? 0 : line.taxSats), 0);
  if (recordedTax(sale) || added === sale.taxSats) return rates;
  const net = sale.subtotalSats - (sale.discountSats ?? 0);
  return [{ rate: null, netSats: net, taxSats: sale.taxSats, grossSats: net + sale.taxSats }];
}

const recordedTax = (sale: SaleDetail) => sale.lines.some((line) => line.taxSats !== undefined);

/** Each line's base after discounts, rate and tax: recorded, or by the rule of 0033 when older. */
function taxedLines(sale: SaleDetail) {
  const recorded = recordedTax(sale);
  return sale.lines.map((line) => {
    const baseSats = lineSats(line) - (line.discountSats ?? 0);
    const taxSats = recorded
      ? (line.taxSats ?? 0)
      : taxIn(baseSats, line.taxRatePercent, line.taxIncluded);
    return {
      baseSats,
      ...(line.taxRatePercent ? { rate: line.taxRatePercent } : {}),
      ...(line.taxIncluded ? { included: true } : {}),
      taxSats,
    };
  });
}

/**
 * What refunding line `index` whole gives back: the line's gross as paid (discounts off, its tax
 * on top or inside), with its net, tax and rate for the books; undefined for no such line.
 */
export function lineRefund(sale: SaleDetail, index: number): RateTotal | undefined {
  const line = taxedLines(sale)[index];
  return line ? ratesOf([line])[0] : undefined;
}

/** All the tax of a sale: added on top and inside inclusive prices. */
export function saleTaxSats(sale: SaleDetail): number {
  return sale.taxSats + (sale.includedTaxSats ?? 0);
}
