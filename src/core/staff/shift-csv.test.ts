// The shift CSV: a line per person under the Staff column, the whole shift last, and the people's
// lines adding up to it; money as numbers a spreadsheet sums.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../history-ports';
import { closeShift, openShift, shiftReport, type ShiftReport } from './shift';
import { SHIFT_CSV_ALL, SHIFT_CSV_HEADER, shiftCsv } from './shift-csv';
import type { StaffRef } from './staff';

const ana: StaffRef = { id: 'a', name: 'Ana', role: 'manager' };
const bo: StaffRef = { id: 'b', name: 'Bo', role: 'cashier' };
const T0 = new Date(2026, 10, 28, 20, 0).getTime();
const MINUTE = 60_000;

function saleBy(staff: StaffRef | undefined, amount: number, tip: number, cash?: number) {
  return {
    id: amount,
    createdAt: T0 + amount,
    type: cash === undefined ? 'direct-payment' : 'cash-payment',
    amount,
    mintUrl: '',
    ...(staff ? { staff } : {}),
    ...(cash === undefined ? {} : { fiat: { currency: 'EUR', price: 100_000, value: cash } }),
    sale: {
      lines: [{ name: 'Coffee', quantity: 1, unitSats: amount - tip }],
      subtotalSats: amount - tip,
      taxSats: 0,
      tipSats: tip,
      method: cash === undefined ? 'lightning' : 'cash',
    },
  } as HistoryEvent;
}

const rows = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

/** The report's CSV: its header, its lines and a column's index by name. */
function table(report: ShiftReport) {
  const [header, ...lines] = rows(shiftCsv(report));
  return { header, lines, col: (name: (typeof SHIFT_CSV_HEADER)[number]) => header!.indexOf(name) };
}

describe('shiftCsv', () => {
  const events = [
    saleBy(bo, 1_000, 100),
    saleBy(ana, 2_000, 50, 2.5),
    saleBy(bo, 3_000, 200),
    saleBy(undefined, 500, 0),
  ];
  const opened = openShift(undefined, 's1', T0, ana, 10_000, 'EUR');
  const { header, lines, col } = table(
    shiftReport(closeShift(opened, T0 + 60 * MINUTE, ana, 10_150), events, 0),
  );

  it('has a Staff column and one line per person, no one’s last, the whole shift after them', () => {
    expect(header).toEqual([...SHIFT_CSV_HEADER]);
    expect(lines.map((line) => line[col('Staff')])).toEqual(['Bo', 'Ana', '', SHIFT_CSV_ALL]);
    expect(lines.map((line) => [line[col('Sales')], line[col('Sales (sats)')]])).toEqual([
      ['2', '4000'],
      ['1', '2000'],
      ['1', '500'],
      ['4', '6500'],
    ]);
    expect(lines.map((line) => line[col('Tip (sats)')])).toEqual(['300', '50', '0', '350']);
  });

  it('the people’s sales, tips and cash add up to the whole shift’s line', () => {
    const people = lines.slice(0, -1);
    const whole = lines.at(-1)!;
    for (const name of ['Sales', 'Sales (sats)', 'Tip (sats)', 'Cash sales'] as const) {
      const sum = people.reduce((total, line) => total + Number(line[col(name)]), 0);
      expect(sum).toBe(Number(whole[col(name)]));
    }
  });

  it('gives the drawer on the whole shift’s line in the shift’s currency, short as a negative number', () => {
    const whole = lines.at(-1)!;
    expect(whole[col('Float')]).toBe('100');
    expect(whole[col('Cash sales')]).toBe('2.5');
    expect(whole[col('Expected')]).toBe('102.5');
    expect(whole[col('Counted')]).toBe('101.5');
    expect(whole[col('Over or short')]).toBe('-1');
    expect(whole[col('Cash currency')]).toBe('EUR');
    // A shift still open has no closing time, count or over and short.
    const [, ...open] = rows(shiftCsv(shiftReport(opened, events, T0 + 10 * MINUTE)));
    expect(open.at(-1)![col('Shift closed')]).toBe('');
    expect(open.at(-1)![col('Counted')]).toBe('');
  });

  it('writes a sat shift’s figures in the sat columns and says `sat` under Unit', () => {
    const whole = lines.at(-1)!;
    expect(whole[col('Unit')]).toBe('sat');
    expect(whole[col('Sales in unit')]).toBe('');
  });
});

describe('shiftCsv of a shift in a till charging in USD', () => {
  const inDollars = (event: HistoryEvent): HistoryEvent => ({ ...event, unit: 'usd' });
  // Cents: a 10.00 USD sale with a 1.00 tip, a 3.50 USD cash sale; a sat sale of another till.
  const events = [
    inDollars(saleBy(bo, 1_000, 100)),
    inDollars({ ...saleBy(ana, 350, 0, 0), fiat: undefined } as unknown as HistoryEvent),
    saleBy(bo, 21, 0),
  ];
  const opened = openShift(undefined, 's2', T0, ana, 2_000, 'EUR', 'usd');
  const report = shiftReport(closeShift(opened, T0 + 60 * MINUTE, ana, 2_350), events, 0);
  const { lines, col } = table(report);

  it('counts the float and the drawer in dollars, never adding the sat sale', () => {
    expect(opened.currency).toBe('USD');
    expect(report.sales).toEqual({ count: 2, sats: 1_350 });
    expect(report.otherUnits).toEqual([{ unit: 'sat', count: 1, minor: 21 }]);
    expect(report.cash).toMatchObject({ float: 2_000, sales: 350, expected: 2_350, overShort: 0 });
  });

  it('writes its figures as dollars under the unit columns, the sat columns empty', () => {
    const whole = lines.at(-1)!;
    expect(whole[col('Unit')]).toBe('USD');
    expect(whole[col('Sales in unit')]).toBe('13.5');
    expect(whole[col('Tip in unit')]).toBe('1');
    expect(whole[col('Sales (sats)')]).toBe('');
    expect(whole[col('Tip (sats)')]).toBe('');
    expect([whole[col('Float')], whole[col('Cash sales')], whole[col('Cash currency')]]).toEqual([
      '20',
      '3.5',
      'USD',
    ]);
  });
});
