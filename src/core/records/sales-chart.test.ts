// Sales by hour and by day: only sales count, each in its local hour or day.
import { describe, expect, it } from 'vitest';
import { localMonthRange, salesByDay, salesByHour } from './sales-chart';
import { arrayRangeReader } from '../../testing/records/array-range-reader';
import { historyEvents } from '../../testing/records/history-event';

const event = historyEvents();

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
    // 3.50 USD in cents: never added to a bar of sats
    event('direct-payment', 350, at(22, 9, 30), { unit: 'usd' }),
  ];

  // what, chart, period, bars; one bar in full (index, label, sats, count); other bars' sats
  it.each([
    [
      'a day’s sales in their local hour',
      salesByHour,
      '2026-11-22',
      24,
      9,
      '09',
      150,
      2,
      { 10: 0, 23: 7 },
    ],
    [
      'a month’s sales in their local day, one bar per day of that month',
      salesByDay,
      '2026-11',
      30,
      0,
      '1',
      30,
      1,
      { 21: 157, 29: 1 },
    ],
  ] as const)(
    'puts %s',
    async (_what, chart, period, length, index, label, sats, count, others) => {
      const series = (await chart(reader(events), period))!;
      expect(series.bars).toHaveLength(length);
      expect(series.bars[index]).toEqual({ label, sats, count });
      for (const [bar, barSats] of Object.entries(others)) {
        expect(series.bars[Number(bar)]!.sats).toBe(barSats);
      }
    },
  );

  it('refuses invalid periods', async () => {
    expect(localMonthRange('2026-13')).toBeUndefined();
    expect(localMonthRange('2026-02')?.days).toBe(28);
    expect(await salesByDay(reader([]), 'x')).toBeUndefined();
    expect(await salesByHour(reader([]), '2026-02-30')).toBeUndefined();
  });
});
