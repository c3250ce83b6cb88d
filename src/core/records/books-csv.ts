// The books export of one day (issue 49, decision 0064): the day summary's figures an accountant
// books, one figure per line so a spreadsheet sums and filters them: sales by payment method and
// unit, net, tax and gross per rate, tips, discounts, refunds and their fees
// (docs/behaviour.md "Day close").
import { csvLine } from './csv';
import type { DaySummary } from './day-summary';

export const BOOKS_CSV_HEADER = [
  'Date',
  'Figure',
  'Rate %',
  'Payment method',
  'Unit',
  'Count',
  'Amount',
] as const;

/** The file name of a day's books export. */
export function booksCsvName(day: string): string {
  return `cashew-books-${day}.csv`;
}

/**
 * The day's books as CSV (RFC 4180, CRLF). Amounts are whole sats in unit `sat`; a sale charged
 * in a fiat unit is a `sales` line of its own in that unit's minor units (cents), never in a sat
 * figure. A rate an older record kept without its rate has `Rate %` `rate not recorded`.
 */
export function booksCsv(summary: DaySummary): string {
  const { date } = summary;
  // figure, rate, payment method, unit, count, amount
  const rows: Array<Array<string | number>> = [];
  for (const [method, tally] of Object.entries(summary.byMethod)) {
    rows.push(['sales', '', method, 'sat', tally.count, tally.sats]);
  }
  for (const sold of summary.salesInUnits) {
    rows.push(['sales', '', '', sold.unit, sold.count, sold.minor]);
  }
  for (const row of summary.rates) {
    const rate = row.rate === null ? 'rate not recorded' : String(row.rate);
    rows.push(['net', rate, '', 'sat', '', row.netSats]);
    rows.push(['tax', rate, '', 'sat', '', row.taxSats]);
    rows.push(['gross', rate, '', 'sat', '', row.grossSats]);
  }
  rows.push(['tips', '', '', 'sat', '', summary.tips]);
  rows.push(['discounts', '', '', 'sat', summary.discounts.count, summary.discounts.sats]);
  rows.push(['refunds', '', '', 'sat', summary.refunds.count, summary.refunds.sats]);
  rows.push(['refund fees', '', '', 'sat', '', summary.refunds.fees]);
  rows.push(['net sales', '', '', 'sat', '', summary.net]);
  return csvLine(BOOKS_CSV_HEADER) + rows.map((cells) => csvLine([date, ...cells])).join('');
}
