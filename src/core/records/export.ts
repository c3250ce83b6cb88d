// Streams the history of a date range into CSV chunks: read in pages, yield to the page between
// them, so 100,000 events never hold the main thread for long (bench: export); one person's events
// only, or grouped by person (docs/behaviour.md "Records").
import { CSV_HEADER, csvLine, csvRow, eventRates, rateColumns, type UnitRate } from './csv';
import { isFiatUnit } from '../units/unit';
import { keeps, staffIdOf, type StaffFilter } from './staff-filter';
import { readRange, type HistoryRangeReader } from './types';

/**
 * Events per read. Each page is one IndexedDB getAll and then its CSV, in separate tasks; 250
 * keeps each well under 50 ms of main thread even on a slow, busy device.
 */
export const EXPORT_PAGE_SIZE = 250;

/** Gives the browser a turn: scheduler.yield where there is one, else a macrotask. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface ExportOptions {
  reader: HistoryRangeReader;
  from: number;
  to: number;
  /** receives the header, then one chunk of lines per page */
  write: (chunk: string) => void | Promise<void>;
  pageSize?: number;
  between?: () => Promise<void>;
  /** only this person's events (staff-filter.ts); undefined: everyone's */
  staff?: StaffFilter;
  /** each person's events together, people in the order they first appear, by time within */
  groupByStaff?: boolean;
}

const byRate = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);

/**
 * The tax rates of the range's sat sales, ascending (null first: tax kept without a rate), and
 * those of its sales in each fiat unit (units alphabetically, rates ascending within). The header
 * names columns per rate and unit, so the range is read once for them before the rows: a file of
 * fixed columns an accountant sums per rate, at the cost of a second read.
 */
async function ratesIn(
  options: ExportOptions,
): Promise<{ rates: (number | null)[]; unitRates: UnitRate[]; people: string[] }> {
  const { reader, from, to } = options;
  const found = new Set<number | null>();
  const inUnits = new Map<string, UnitRate>();
  // The same read finds who the file groups by, in the order they first appear.
  const people = new Set<string>();
  const between = options.between ?? yieldToPage;
  for await (const page of readRange(reader, from, to, pageSizeOf(options), between)) {
    for (const event of page) {
      if (!keeps(options.staff, event)) continue;
      if (options.groupByStaff) people.add(staffIdOf(event));
      const { unit } = event;
      for (const { rate } of eventRates(event)) {
        if (isFiatUnit(unit)) inUnits.set(`${unit} ${rate}`, { unit, rate });
        else found.add(rate);
      }
    }
  }
  // Events naming no one come last, as in the day summary's people.
  const named = [...people].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : 0));
  const unitRates = [...inUnits.values()].sort(
    (a, b) => a.unit.localeCompare(b.unit) || byRate(a.rate, b.rate),
  );
  return { rates: [...found].sort(byRate), unitRates, people: named };
}

const pageSizeOf = (options: ExportOptions) => options.pageSize ?? EXPORT_PAGE_SIZE;

/** Writes the CSV; returns how many events it holds. */
export async function exportHistoryCsv(options: ExportOptions): Promise<number> {
  const { reader, from, to, write } = options;
  const { rates, unitRates, people } = await ratesIn(options);
  await write(csvLine([...CSV_HEADER, ...rateColumns(rates, unitRates)]));
  let count = 0;
  // Grouped: the range is read once more per person, so the file still streams page by page.
  const groups: StaffFilter[] = options.groupByStaff ? people : [options.staff];
  for (const group of groups) {
    const pages = readRange(reader, from, to, pageSizeOf(options), options.between ?? yieldToPage);
    for await (const page of pages) {
      // The read's deserialising and the formatting below are separate tasks.
      await (options.between ?? yieldToPage)();
      let chunk = '';
      for (const event of page) {
        if (!keeps(group, event)) continue;
        chunk += csvRow(event, rates, unitRates);
        count += 1;
      }
      await write(chunk);
    }
  }
  return count;
}
