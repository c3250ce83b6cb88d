// A shift's report as CSV: one line per person (their sales, tips, discounts, refunds and cash)
// and a line for the whole shift with the drawer's float, expected, counted and over or short
// (docs/behaviour.md "Shifts").
import { currencyDecimals, minorToText } from '../prices/convert';
import { csvLine } from '../records/csv';
import { localStamp } from '../records/local-day';
import type { PersonTally, ShiftReport } from './shift';
import { unitCurrency, unitDecimals } from '../units/unit';

export const SHIFT_CSV_HEADER = [
  'Shift opened',
  'Shift closed',
  'Staff',
  'Sales',
  'Sales (sats)',
  'Tip (sats)',
  'Discount (sats)',
  'Refunds',
  'Refunds (sats)',
  'Cash sales',
  'Float',
  'Expected',
  'Counted',
  'Over or short',
  'Cash currency',
  // A shift opened in a fiat unit (decision 0067) has its figures here, as major units of its
  // `Unit` (`3.50`), and its sat columns empty; a sat shift says `sat` and leaves these empty.
  'Unit',
  'Sales in unit',
  'Tip in unit',
  'Discount in unit',
  'Refunds in unit',
] as const;

/** The line of the whole shift names this in its Staff cell. */
export const SHIFT_CSV_ALL = 'All staff';

function stamp(at: number | undefined): string {
  if (at === undefined) return '';
  const { date, time, offset } = localStamp(at);
  return `${date} ${time} ${offset}`;
}

/** The report as CSV text (RFC 4180, CRLF), the people first, the whole shift last. */
export function shiftCsv(report: ShiftReport): string {
  const { shift, cash } = report;
  const decimals = shift.currency ? currencyDecimals(shift.currency) : 0;
  // A number, not text: a spreadsheet sums it, and a shortfall's minus is no formula to neutralise.
  const money = (minor: number | undefined) =>
    minor === undefined ? '' : Number(minorToText(minor, decimals));
  const when = [stamp(shift.openedAt), stamp(shift.closedAt)];
  const unit = shift.currency ?? 'sats';
  // The sales' figures: in the sat columns, or as major units of the shift's fiat unit.
  const saleUnit = shift.unit;
  const unitDigits = saleUnit ? unitDecimals(saleUnit) : 0;
  const inSats = (n: number) => (saleUnit ? '' : n);
  const inUnit = (n: number) => (saleUnit ? Number(minorToText(n, unitDigits)) : '');
  const figures = (sales: number, tips: number, discounts: number, refunds: number) => [
    saleUnit ? unitCurrency(saleUnit) : 'sat',
    inUnit(sales),
    inUnit(tips),
    inUnit(discounts),
    inUnit(refunds),
  ];
  const person = (p: PersonTally) =>
    csvLine([
      ...when,
      // The owner as records name them ("Owner"); sales naming no one under an empty name.
      p.name,
      p.sales.count,
      inSats(p.sales.sats),
      inSats(p.tips),
      inSats(p.discounts),
      p.refunds.count,
      inSats(p.refunds.sats),
      money(p.cashMinor),
      '',
      '',
      '',
      '',
      unit,
      ...figures(p.sales.sats, p.tips, p.discounts, p.refunds.sats),
    ]);
  const whole = csvLine([
    ...when,
    SHIFT_CSV_ALL,
    report.sales.count,
    inSats(report.sales.sats),
    inSats(report.tips),
    inSats(report.discounts),
    report.refunds.count,
    inSats(report.refunds.sats),
    money(cash.sales),
    money(cash.float),
    money(cash.expected),
    money(cash.counted),
    money(cash.overShort),
    unit,
    ...figures(report.sales.sats, report.tips, report.discounts, report.refunds.sats),
  ]);
  return csvLine(SHIFT_CSV_HEADER) + report.byStaff.map(person).join('') + whole;
}
