// Sales over time for Records' chart: a day's sales by local hour, a month's by local day, either
// for one person, and a day's sales by person (docs/behaviour.md "Day close").
import { historyKind } from '../history-kinds';
import { SAT } from '../units/unit';
import type { HistoryEvent } from '../history-ports';
import { yieldToPage } from './export';
import { localDayRange } from './local-day';
import { keeps, staffIdOf, type StaffFilter } from './staff-filter';
import { staffOf } from '../staff/shift';
import { readRange, type HistoryRangeReader } from './types';

export interface SalesBar {
  /** '00'..'23' for hours, '1'..'31' for days, a person's name by person ('' for no one) */
  label: string;
  /** by person: the staff id ('owner' for the merchant, '' for sales naming no one) */
  staff?: string;
  sats: number;
  count: number;
}

export interface SalesSeries {
  period: 'day' | 'month' | 'person';
  bars: SalesBar[];
}

/** [start, end) of the local month 'YYYY-MM' and its number of days; undefined when invalid. */
export function localMonthRange(
  month: string,
): { start: number; end: number; days: number } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return undefined;
  const [y, m] = [Number(match[1]), Number(match[2]) - 1];
  if (m < 0 || m > 11) return undefined;
  const days = new Date(y, m + 1, 0).getDate();
  return { start: new Date(y, m, 1).getTime(), end: new Date(y, m + 1, 1).getTime(), days };
}

/** Adds the sales of `events` into bars by `slot` (an index into bars, or -1 to skip). */
function addSales(
  bars: SalesBar[],
  events: Iterable<HistoryEvent>,
  slot: (at: number) => number,
  staff: StaffFilter,
) {
  for (const event of events) {
    if (historyKind(event.type)?.daySummary !== 'sale' || !keeps(staff, event)) continue;
    // The bars are sats: a sale in cents is the day summary's, per unit (decision 0067).
    if (event.unit !== undefined && event.unit !== SAT) continue;
    const bar = bars[slot(event.createdAt)];
    if (!bar) continue;
    bar.sats += event.amount;
    bar.count += 1;
  }
}

/** Bars named by `labels`, filled with the sales in `range` by `slot`; undefined without a range. */
async function series(
  reader: HistoryRangeReader,
  period: SalesSeries['period'],
  range: { start: number; end: number } | undefined,
  labels: string[],
  slot: (at: number) => number,
  staff: StaffFilter,
): Promise<SalesSeries | undefined> {
  if (!range) return undefined;
  const bars = labels.map((label) => ({ label, sats: 0, count: 0 }));
  for await (const page of readRange(reader, range.start, range.end, 1000, yieldToPage)) {
    addSales(bars, page, slot, staff);
  }
  return { period, bars };
}

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** A local day's sales by hour (24 bars), only `staff`'s when given; undefined for an invalid date. */
export async function salesByHour(
  reader: HistoryRangeReader,
  date: string,
  staff?: StaffFilter,
): Promise<SalesSeries | undefined> {
  const hour = (at: number) => new Date(at).getHours();
  return series(reader, 'day', localDayRange(date), HOURS, hour, staff);
}

/** A local month's sales by day (one bar per day), only `staff`'s when given; undefined when invalid. */
export async function salesByDay(
  reader: HistoryRangeReader,
  month: string,
  staff?: StaffFilter,
): Promise<SalesSeries | undefined> {
  const range = localMonthRange(month);
  const days = Array.from({ length: range?.days ?? 0 }, (_, d) => String(d + 1));
  return series(reader, 'month', range, days, (at) => new Date(at).getDate() - 1, staff);
}

/**
 * A local day's sales by person: one bar each, in the order they first sold, sales naming no one
 * last (label ''); undefined for an invalid date.
 */
export async function salesByPerson(
  reader: HistoryRangeReader,
  date: string,
): Promise<SalesSeries | undefined> {
  const range = localDayRange(date);
  if (!range) return undefined;
  const people = new Map<string, SalesBar>();
  for await (const page of readRange(reader, range.start, range.end, 1000, yieldToPage)) {
    for (const event of page) {
      if (historyKind(event.type)?.daySummary !== 'sale') continue;
      const id = staffIdOf(event);
      const bar = people.get(id) ?? {
        label: staffOf(event)?.name ?? '',
        staff: id,
        sats: 0,
        count: 0,
      };
      people.set(id, bar);
      addSales([bar], [event], () => 0, undefined);
    }
  }
  const bars = [...people.values()];
  bars.sort((a, b) => (a.staff === '' ? 1 : b.staff === '' ? -1 : 0));
  return { period: 'person', bars };
}
