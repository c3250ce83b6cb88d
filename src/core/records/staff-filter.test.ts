// Reports by person: the day summary, the chart and the CSV for one person add up to that
// person's share of the whole, and grouped by person they hold every event once.
import { describe, expect, it } from 'vitest';
import { arrayRangeReader } from '../../testing/records/array-range-reader';
import { historyEvents } from '../../testing/records/history-event';
import { saleOf, TWO_ESPRESSOS } from '../../testing/sale/cart-sale';
import { daySummary } from './day-summary';
import { exportHistoryCsv } from './export';
import { salesByDay, salesByHour, salesByPerson } from './sales-chart';
import { keeps } from './staff-filter';

const ana = { id: 'a', name: 'Ana', role: 'manager' as const };
const bo = { id: 'b', name: 'Bo', role: 'cashier' as const };
const owner = { id: 'owner', name: 'Owner', role: 'owner' as const };
const at = (h: number, m = 0) => new Date(2026, 10, 22, h, m).getTime();

const event = historyEvents();
const tipped = (tipSats: number) => saleOf(TWO_ESPRESSOS, { tipSats });

// Bo: two sales (tips 100 + 200) and a refund he made; Ana: one ecash sale (tip 50) and a cash
// sale; the owner one sale; a remote link's sale and a withdrawal name no one.
const events = [
  event('direct-payment', 700, at(9), { staff: bo, sale: tipped(100) }),
  event('remote-payment', 600, at(9, 30)),
  event('ecash-payment', 650, at(10), { staff: ana, sale: tipped(50) }),
  event('direct-payment', 800, at(11), { staff: bo, sale: tipped(200) }),
  event('cash-payment', 400, at(11, 30), {
    staff: ana,
    sale: saleOf(TWO_ESPRESSOS, { method: 'cash' }),
  }),
  event('refund', 300, at(12), { metadata: JSON.stringify({ staff: bo }) }),
  event('withdrawal', 1_000, at(13)),
  event('direct-payment', 90, at(14), { staff: owner }),
];
const reader = () => arrayRangeReader(events);

async function csvOf(options: { staff?: string; groupByStaff?: boolean }) {
  let text = '';
  const count = await exportHistoryCsv({
    reader: reader(),
    from: at(0),
    to: at(23, 59),
    write: (chunk) => void (text += chunk),
    between: async () => {},
    ...options,
  });
  const [header, ...rows] = text.trim().split('\r\n');
  const staff = header!.split(',').indexOf('Staff');
  return { count, rows: rows.map((row) => [row.split(',')[3], row.split(',')[staff]]) };
}

describe('keeps', () => {
  it('keeps every event without a filter, else only the events naming that person', () => {
    expect(events.filter((e) => keeps(undefined, e))).toHaveLength(events.length);
    expect(events.filter((e) => keeps('b', e)).map((e) => e.amount)).toEqual([700, 800, 300]);
    // '' keeps what names no one: the remote link's sale and the withdrawal.
    expect(events.filter((e) => keeps('', e)).map((e) => e.amount)).toEqual([600, 1_000]);
  });
});

describe('the day summary for one person', () => {
  it('counts only their sales, tips and refunds; the people add up to the whole day', async () => {
    const whole = (await daySummary(reader(), '2026-11-22'))!;
    const boDay = (await daySummary(reader(), '2026-11-22', 1000, 'b'))!;
    expect(boDay.sales).toEqual({ count: 2, sats: 1_500 });
    expect(boDay.tips).toBe(300);
    expect(boDay.refunds).toEqual({ count: 1, sats: 300, fees: 0 });
    expect(boDay.net).toBe(1_200);
    expect(boDay.withdrawals.count).toBe(0);
    expect(boDay.byStaff.map((p) => p.id)).toEqual(['b']);
    const anaDay = (await daySummary(reader(), '2026-11-22', 1000, 'a'))!;
    expect(anaDay.byMethod.cash).toEqual({ count: 1, sats: 400 });
    expect(anaDay.tips).toBe(50);
    // Each person's day, and the no one's, sum to the whole day's sales and tips.
    const parts = await Promise.all(
      ['a', 'b', 'owner', ''].map((id) => daySummary(reader(), '2026-11-22', 1000, id)),
    );
    expect(parts.reduce((sum, p) => sum + p!.sales.sats, 0)).toBe(whole.sales.sats);
    expect(parts.reduce((sum, p) => sum + p!.tips, 0)).toBe(whole.tips);
    expect(parts.reduce((sum, p) => sum + p!.withdrawals.sats, 0)).toBe(whole.withdrawals.sats);
  });
});

describe('the chart for one person and by person', () => {
  it('draws one person’s sales by hour and by day', async () => {
    const hours = (await salesByHour(reader(), '2026-11-22', 'b'))!.bars;
    expect(hours.filter((bar) => bar.sats > 0).map((bar) => [bar.label, bar.sats])).toEqual([
      ['09', 700],
      ['11', 800],
    ]);
    const days = (await salesByDay(reader(), '2026-11', 'a'))!.bars;
    expect(days[21]).toMatchObject({ label: '22', sats: 1_050, count: 2 });
  });

  it('gives each person a bar in the order they first sold, no one last, summing to the day', async () => {
    const people = (await salesByPerson(reader(), '2026-11-22'))!;
    expect(people.period).toBe('person');
    expect(people.bars).toEqual([
      { label: 'Bo', staff: 'b', sats: 1_500, count: 2 },
      { label: 'Ana', staff: 'a', sats: 1_050, count: 2 },
      { label: 'Owner', staff: 'owner', sats: 90, count: 1 },
      { label: '', staff: '', sats: 600, count: 1 },
    ]);
    const hours = (await salesByHour(reader(), '2026-11-22'))!.bars;
    const total = (bars: { sats: number }[]) => bars.reduce((sum, bar) => sum + bar.sats, 0);
    expect(total(people.bars)).toBe(total(hours));
    expect(await salesByPerson(reader(), 'nope')).toBeUndefined();
  });
});

describe('the CSV for one person and grouped by person', () => {
  it('writes only that person’s events', async () => {
    const bo = await csvOf({ staff: 'b' });
    expect(bo.count).toBe(3);
    expect(bo.rows).toEqual([
      ['direct-payment', 'Bo'],
      ['direct-payment', 'Bo'],
      ['refund', 'Bo'],
    ]);
  });

  it('grouped, writes every event once, each person’s together, no one’s last', async () => {
    const grouped = await csvOf({ groupByStaff: true });
    expect(grouped.count).toBe(events.length);
    expect(grouped.rows).toEqual([
      ['direct-payment', 'Bo'],
      ['direct-payment', 'Bo'],
      ['refund', 'Bo'],
      ['ecash-payment', 'Ana'],
      ['cash-payment', 'Ana'],
      ['direct-payment', 'Owner'],
      ['remote-payment', ''],
      ['withdrawal', ''],
    ]);
  });
});
