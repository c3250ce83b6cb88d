// The day summary (Z-report): sales, remote and local, withdrawals and cash-outs of one local day.
import { historyKind } from '../history-kinds';
import type { HistoryEvent } from '../ports';
import { currencyDecimals } from '../prices/currencies';
import { minorToText } from '../prices/convert';
import { eventFee } from './csv';
import { yieldToPage } from './export';
import { localDayRange } from './local-day';
import { readRange, type HistoryRangeReader } from './types';

export interface Tally {
  count: number;
  sats: number;
}

export interface DaySummary {
  date: string;
  start: number;
  end: number;
  sales: Tally;
  local: Tally;
  remote: Tally;
  /** fiat value of the sales per currency, as text with the currency's decimals */
  fiat: { currency: string; value: string }[];
  /** sales recorded without a fiat value (sats only, or no price at the time) */
  salesWithoutFiat: number;
  withdrawals: Tally;
  cashOuts: Tally & { fees: number };
}

const empty = (): Tally => ({ count: 0, sats: 0 });

function add(tally: Tally, sats: number): void {
  tally.count += 1;
  tally.sats += sats;
}

/** Adds events one page at a time, so a busy day is never held in memory whole. */
export class DayTally {
  private readonly summary: DaySummary;
  /** fiat per currency in minor units, so cents never drift */
  private readonly minor = new Map<string, number>();

  constructor(date: string, start: number, end: number) {
    this.summary = {
      date,
      start,
      end,
      sales: empty(),
      local: empty(),
      remote: empty(),
      fiat: [],
      salesWithoutFiat: 0,
      withdrawals: empty(),
      cashOuts: { ...empty(), fees: 0 },
    };
  }

  add(events: Iterable<HistoryEvent>): void {
    const { summary, minor } = this;
    for (const event of events) {
      if (event.createdAt < summary.start || event.createdAt >= summary.end) continue;
      const kind = historyKind(event.type);
      if (!kind) continue;
      switch (kind.daySummary) {
        case 'sale': {
          add(summary.sales, event.amount);
          add(kind.origin === 'remote' ? summary.remote : summary.local, event.amount);
          const fiat = event.fiat;
          if (fiat) {
            const scale = 10 ** currencyDecimals(fiat.currency);
            minor.set(
              fiat.currency,
              (minor.get(fiat.currency) ?? 0) + Math.round(fiat.value * scale),
            );
          } else {
            summary.salesWithoutFiat += 1;
          }
          break;
        }
        case 'withdrawal':
          add(summary.withdrawals, event.amount);
          break;
        case 'cash-out':
          add(summary.cashOuts, event.amount);
          summary.cashOuts.fees += eventFee(event) ?? 0;
          break;
        case 'none':
          break;
        default:
          kind.daySummary satisfies never;
      }
    }
  }

  result(): DaySummary {
    const fiat = [...this.minor.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, total]) => ({
        currency,
        value: minorToText(total, currencyDecimals(currency)),
      }));
    return { ...this.summary, fiat };
  }
}

/** Sums events already read (any order); events outside [start, end) are ignored. */
export function summarise(
  date: string,
  start: number,
  end: number,
  events: Iterable<HistoryEvent>,
): DaySummary {
  const tally = new DayTally(date, start, end);
  tally.add(events);
  return tally.result();
}

export const INVALID_DAY = 'Choose a valid day';

/** Reads the local day 'YYYY-MM-DD' page by page and sums it. Undefined for an invalid date. */
export async function daySummary(
  reader: HistoryRangeReader,
  date: string,
  pageSize = 1000,
): Promise<DaySummary | undefined> {
  const range = localDayRange(date);
  if (!range) return undefined;
  const tally = new DayTally(date, range.start, range.end);
  for await (const page of readRange(reader, range.start, range.end, pageSize, yieldToPage)) {
    tally.add(page);
  }
  return tally.result();
}
