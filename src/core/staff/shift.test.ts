// Shift arithmetic: float plus cash sales is what the drawer should hold, counted against it is
// over or short, sales by method and person, and a shift over midnight in both of its days.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../history-ports';
import { localDate } from '../records/local-day';
import { cashAmount, closeShift, openShift, shiftReport } from './shift';
import type { StaffRef } from './staff';
import { shiftsFrom } from './shift-read';

const ana: StaffRef = { id: 'a', name: 'Ana', role: 'manager' };
const bo: StaffRef = { id: 'b', name: 'Bo', role: 'cashier' };
const T0 = new Date(2026, 10, 28, 20, 0).getTime();
const HOUR = 3_600_000;

let nextId = 1;
function sale(
  type: string,
  at: number,
  amount: number,
  extra: Partial<HistoryEvent> & {
    tip?: number;
    discount?: number;
    method?: 'lightning' | 'ecash' | 'cash';
  } = {},
): HistoryEvent {
  const { tip = 0, discount = 0, method = 'lightning', ...rest } = extra;
  return {
    id: nextId++,
    createdAt: at,
    type,
    amount,
    mintUrl: type === 'cash-payment' ? '' : 'https://mint.example',
    sale: {
      lines: [{ name: 'Coffee', quantity: 1, unitSats: amount - tip + discount }],
      subtotalSats: amount - tip + discount,
      taxSats: 0,
      tipSats: tip,
      method,
      ...(discount ? { discountSats: discount } : {}),
    },
    ...rest,
  } as HistoryEvent;
}

const usdCash = (at: number, sats: number, value: number, staff: StaffRef): HistoryEvent =>
  sale('cash-payment', at, sats, {
    method: 'cash',
    staff,
    fiat: { currency: 'USD', price: 100_000, value },
  });

describe('shifts', () => {
  const opened = openShift(undefined, 's1', T0, ana, 5_000, 'USD');

  it('the drawer should hold the float and the cash sales; counted against it is over or short', () => {
    const events = [usdCash(T0 + HOUR, 3_000, 3, bo), usdCash(T0 + 2 * HOUR, 4_550, 4.55, ana)];
    const open = shiftReport(opened, events, T0 + 3 * HOUR);
    expect(open.cash).toEqual({ float: 5_000, sales: 755, expected: 5_755 });

    const short = closeShift(opened, T0 + 3 * HOUR, ana, 5_700);
    expect(shiftReport(short, events, 0).cash).toEqual({
      float: 5_000,
      sales: 755,
      expected: 5_755,
      counted: 5_700,
      overShort: -55,
    });
    const over = closeShift(opened, T0 + 3 * HOUR, ana, 5_800);
    expect(shiftReport(over, events, 0).cash.overShort).toBe(45);
  });

  it('counts sales by method and by person with their tips; refunds where they were made', () => {
    const events = [
      sale('direct-payment', T0 + 1, 1_100, { staff: ana, tip: 100, discount: 50 }),
      sale('ecash-payment', T0 + 2, 2_200, { staff: bo, tip: 200, method: 'ecash' }),
      usdCash(T0 + 3, 1_000, 1, bo),
      sale('remote-payment', T0 + 4, 500),
      {
        id: nextId++,
        createdAt: T0 + 5,
        type: 'refund',
        amount: 300,
        mintUrl: 'https://mint.example',
        metadata: JSON.stringify({ refundOf: 1, method: 'lightning', staff: ana }),
      } as HistoryEvent,
      // Before the shift opened: not in it.
      sale('direct-payment', T0 - 1, 9_999, { staff: ana }),
    ];
    const report = shiftReport(opened, events, T0 + HOUR);
    expect(report.sales).toEqual({ count: 4, sats: 4_800 });
    expect(report.byMethod).toEqual({
      lightning: { count: 2, sats: 1_600 },
      ecash: { count: 1, sats: 2_200 },
      cash: { count: 1, sats: 1_000 },
    });
    expect(report.tips).toBe(300);
    expect(report.discounts).toBe(50);
    expect(report.refunds).toEqual({ count: 1, sats: 300 });
    expect(
      report.byStaff.map((p) => [p.name, p.sales.sats, p.tips, p.discounts, p.refunds.sats]),
    ).toEqual([
      ['Ana', 1_100, 100, 50, 300],
      ['Bo', 3_200, 200, 0, 0],
      ['', 500, 0, 0, 0],
    ]);
    expect(report.byStaff[1]!.cashMinor).toBe(100);
  });

  it('a shift over midnight puts each sale in its own local day', () => {
    const late = T0 + 3 * HOUR + 30 * 60_000;
    const early = T0 + 5 * HOUR;
    const shift = closeShift(opened, T0 + 6 * HOUR, ana, 5_000);
    const report = shiftReport(
      shift,
      [sale('direct-payment', late, 100, { staff: bo }), sale('direct-payment', early, 200)],
      0,
    );
    expect(localDate(late)).not.toBe(localDate(early));
    expect(report.days).toEqual([
      { date: localDate(late), sales: { count: 1, sats: 100 } },
      { date: localDate(early), sales: { count: 1, sats: 200 } },
    ]);
    // After it closed: not in it.
    expect(shiftReport(shift, [sale('direct-payment', T0 + 7 * HOUR, 5)], 0).sales.count).toBe(0);
  });

  it('opens once, closes once, never before it opened', () => {
    expect(() => openShift(opened, 's2', T0, ana, 0)).toThrow('A shift is already open');
    expect(() => openShift(undefined, 's2', T0, ana, -1)).toThrow('Enter an amount of 0 or more');
    const closed = closeShift(opened, T0 - HOUR, ana, 0);
    expect(closed.closedAt).toBe(T0);
    expect(() => closeShift(closed, T0, ana, 0)).toThrow('No shift is open');
    expect(openShift(closed, 's2', T0 + 1, bo, 0).id).toBe('s2');
  });

  it('in a till charging in USD opens in dollars, whatever the display currency, and reads back so', () => {
    const shift = openShift(undefined, 's3', T0, ana, 2_000, 'EUR', 'usd');
    expect(shift).toMatchObject({ currency: 'USD', unit: 'usd', floatMinor: 2_000 });
    expect(shiftsFrom(JSON.parse(JSON.stringify([shift])))).toEqual([shift]);
    // A row from before units, or with a unit this version does not know, is a sat shift.
    expect(shiftsFrom([{ ...shift, unit: 'xyz' }])[0]).not.toHaveProperty('unit');
  });

  it('reads a typed cash amount in minor units of the currency', () => {
    expect(cashAmount('50', 'USD')).toBe(5_000);
    expect(cashAmount('12.5', 'EUR')).toBe(1_250);
    expect(cashAmount('12,05', 'EUR')).toBe(1_205);
    expect(cashAmount('500', 'JPY')).toBe(500);
    expect(cashAmount('2100', undefined)).toBe(2_100);
    for (const bad of ['', '-1', '1.234', 'ten', '1.5e3']) {
      expect(() => cashAmount(bad, 'USD')).toThrow('Enter an amount of 0 or more');
    }
  });
});
