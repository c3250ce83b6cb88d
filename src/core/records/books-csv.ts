// The books export of one day (issue 49, decision 0064): the day summary's figures an accountant
// books, one figure per line so a spreadsheet sums and filters them: sales by payment method and
// unit, net, tax and gross per rate, tips, discounts, refunds and their fees
// (docs/behaviour.md "Day close").
import { csvLine } from './csv';
import type { DaySummary } from './day-summary';
import type { UnitDay } from './unit-day-tally';

const rateText = (rate: number | null) => (rate === null ? 'rate not recorded' : String(rate));

/** A fiat unit's figures other than its sales line, as the sat ones, in its minor units. */
function unitRows(day: UnitDay): Array<Array<string | number>> {
  const { unit } = day;
  return [
    ...day.rates.flatMap((row) => [
      ['net', rateText(row.rate), '', unit, '', row.netSats],
      ['tax', rateText(row.rate), '', unit, '', row.taxSats],
      ['gross', rateText(row.rate), '', unit, '', row.grossSats],
    ]),
    ['tips', '', '', unit, '', day.tips],
    ['discounts', '', '', unit, day.discounts.count, day.discounts.minor],
    ['refunds', '', '', unit, day.refunds.count, day.refunds.minor],
    ['refund fees', '', '', unit, '', day.refunds.fees],
    ['net sales', '', '', unit, '', day.net],
  ];
}

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
 * The day's books as CSV (RFC 4180, CRLF). Amounts are whole sats in unit `sat`; sales charged
 * in a fiat unit are `sales` lines of their own per payment method in that unit's minor units
 * (cents), never in a sat
 * figure, and its tax by rate, tips, discounts, refunds and net sales follow the sat lines in
 * that unit. A rate an older record kept without its rate has `Rate %` `rate not recorded`.
 */
export function booksCsv(summary: DaySummary): string {
  const { date } = summary;
  // figure, rate, payment method, unit, count, amount
  const rows: Array<Array<string | number>> = [];
  for (const [method, tally] of Object.entries(summary.byMethod)) {
    rows.push(['sales', '', method, 'sat', tally.count, tally.sats]);
  }
  // A fiat unit's sales by payment method too, each line in its unit's cents.
  for (const sold of summary.salesInUnits) {
    for (const [method, tally] of Object.entries(sold.byMethod)) {
      rows.push(['sales', '', method, sold.unit, tally.count, tally.minor]);
    }
  }
  for (const row of summary.rates) {
    const rate = rateText(row.rate);
    rows.push(['net', rate, '', 'sat', '', row.netSats]);
    rows.push(['tax', rate, '', 'sat', '', row.taxSats]);
    rows.push(['gross', rate, '', 'sat', '', row.grossSats]);
  }
  rows.push(['tips', '', '', 'sat', '', summary.tips]);
  rows.push(['discounts', '', '', 'sat', summary.discounts.count, summary.discounts.sats]);
  rows.push(['refunds', '', '', 'sat', summary.refunds.count, summary.refunds.sats]);
  rows.push(['refund fees', '', '', 'sat', '', summary.refunds.fees]);
  rows.push(['net sales', '', '', 'sat', '', summary.net]);
  // Each fiat unit's own figures, in its minor units, after every sat line.
  for (const day of summary.salesInUnits) rows.push(...unitRows(day));
  return csvLine(BOOKS_CSV_HEADER) + rows.map((cells) => csvLine([date, ...cells])).join('');
}
