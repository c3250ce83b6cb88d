// A shift's report as CSV: one line per person (their sales, tips, discounts, refunds and cash)
// and a line for the whole shift with the drawer's float, expected, counted and over or short
// (docs/behaviour.md "Shifts").
import { currencyDecimals, minorToText } from '../prices/convert';
import { csvLine } from '../records/csv';
import { localStamp } from '../records/local-day';
import type { PersonTally, ShiftReport } from './shift';

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
  const person = (p: PersonTally) =>
    csvLine([
      ...when,
      // The owner as records name them ("Owner"); sales naming no one under an empty name.
      p.name,
      p.sales.count,
      p.sales.sats,
      p.tips,
      p.discounts,
      p.refunds.count,
      p.refunds.sats,
      money(p.cashMinor),
      '',
      '',
      '',
      '',
      unit,
    ]);
  const whole = csvLine([
    ...when,
    SHIFT_CSV_ALL,
    report.sales.count,
    report.sales.sats,
    report.tips,
    report.discounts,
    report.refunds.count,
    report.refunds.sats,
    money(cash.sales),
    money(cash.float),
    money(cash.expected),
    money(cash.counted),
    money(cash.overShort),
    unit,
  ]);
  return csvLine(SHIFT_CSV_HEADER) + report.byStaff.map(person).join('') + whole;
}
