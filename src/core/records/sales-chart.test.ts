// Sales by hour and by day: only sales count, each in its local hour or day.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent, HistoryEventType } from '../ports';
import { localMonthRange, salesByDay, salesByHour } from './sales-chart';
import { arrayRangeReader } from '../../testing/records/array-range-reader';

let id = 1;
const event = (type: HistoryEventType, amount: number, createdAt: number): HistoryEvent => ({
  id: id++,
  type,
  amount,
  createdAt,
  mintUrl: 'm',
});

const reader = arrayRangeReader;

const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m).getTime();

describe('sales chart', () => {
  const events = [
    event('direct-payment', 100, at(22, 9, 5)),
    event('remote-payment', 50, at(22, 9, 59)),
    event('direct-payment', 7, at(22, 23, 59)),
    event('withdrawal', 999, at(22, 10)),
    event('refund', 20, at(22, 10)),
    event('direct-payment', 30, at(1, 0)),
    event('direct-payment', 1, at(30, 12)),
  ];

  it('puts a day’s sales in their local hour', async () => {
    const series = (await salesByHour(reader(events), '2026-11-22'))!;
    expect(series.bars).toHaveLength(24);
    expect(series.bars[9]).toEqual({ label: '09', sats: 150, count: 2 });
    expect(series.bars[10]!.sats).toBe(0);
    expect(series.bars[23]!.sats).toBe(7);
  });

  it('puts a month’s sales in their local day, one bar per day of that month', async () => {
    const series = (await salesByDay(reader(events), '2026-11'))!;
    expect(series.bars).toHaveLength(30);
    expect(series.bars[0]).toEqual({ label: '1', sats: 30, count: 1 });
    expect(series.bars[21]!.sats).toBe(157);
    expect(series.bars[29]!.sats).toBe(1);
  });

  it('refuses invalid periods', async () => {
    expect(localMonthRange('2026-13')).toBeUndefined();
    expect(localMonthRange('2026-02')?.days).toBe(28);
    expect(await salesByDay(reader([]), 'x')).toBeUndefined();
    expect(await salesByHour(reader([]), '2026-02-30')).toBeUndefined();
  });
});
