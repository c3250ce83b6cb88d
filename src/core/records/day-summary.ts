// The day summary (Z-report): sales, remote and local, withdrawals and cash-outs of one local day.
import type { HistoryEvent } from '../ports';
import { currencyDecimals } from '../prices/currencies';
import { minorToText } from '../prices/convert';
import { eventFee } from './csv';
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

/** Sums events already read (any order); fiat in minor units so cents never drift. */
export function summarise(
  date: string,
  start: number,
  end: number,
  events: Iterable<HistoryEvent>,
): DaySummary {
  const summary: DaySummary = {
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
  const minor = new Map<string, number>();
  for (const event of events) {
    if (event.createdAt < start || event.createdAt >= end) continue;
    switch (event.type) {
      case 'direct-payment':
      case 'remote-payment': {
        add(summary.sales, event.amount);
        add(event.type === 'remote-payment' ? summary.remote : summary.local, event.amount);
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
      default:
        break;
    }
  }
  summary.fiat = [...minor.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, total]) => ({
      currency,
      value: minorToText(total, currencyDecimals(currency)),
    }));
  return summary;
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
  const events: HistoryEvent[] = [];
  for await (const page of readRange(reader, range.start, range.end, pageSize))
    events.push(...page);
  return summarise(date, range.start, range.end, events);
}
