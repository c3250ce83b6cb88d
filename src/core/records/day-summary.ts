// The day summary (Z-report): sales, remote and local, by payment method, items sold, tips, taxes,
// tax by rate, discounts, refunds and net, withdrawals and cash-outs of one local day (docs/behaviour.md "Day close").
import { historyKind } from '../history-kinds';
import type { HistoryEvent } from '../history-ports';
import { currencyDecimals } from '../prices/currencies';
import { saleDetailOf } from '../receipts/receipt';
import { parseReceiptNumber, receiptNumber } from '../receipts/receipt-number';
import { isKeypadAmount, placeholderOf, type PlaceholderLine } from '../sale/line-names';
import type { PaymentMethod } from '../sale/sale-detail';
import { saleRates, saleTaxSats } from '../sale/sale-rates';
import { addRates, type RateTotal } from '../sale/tax';
import { minorToText } from '../prices/convert';
import { eventFee } from './csv';
import { yieldToPage } from './export';
import { localDayRange } from './local-day';
import { keeps, type StaffFilter } from './staff-filter';
import { readRange, type HistoryRangeReader } from './types';
import { StaffTipsTally, type StaffTips } from './staff-tips';
import { UnitDayTally, type UnitDay } from './unit-day-tally';

export interface Tally {
  count: number;
  sats: number;
}

/** One item (or custom line) sold: units and sats before tax. */
export interface ItemSold {
  /** as stored: a custom line's is a placeholder, shown in the shop's language (`placeholder`) */
  name: string;
  placeholder?: PlaceholderLine;
  quantity: number;
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
  /** sales by how the customer paid */
  byMethod: Record<PaymentMethod, Tally>;
  /** lines of sales that recorded them (cart sales), most sats first */
  items: ItemSold[];
  tips: number;
  /** all tax: added on top and inside inclusive prices */
  taxes: number;
  /** net, tax and gross per rate (decision 0064); the grosses and the tips sum to the sales */
  rates: RateTotal[];
  /** sales with a discount, and the sats taken off */
  discounts: Tally;
  /** sats returned to customers this day, and what sending them cost */
  refunds: Tally & { fees: number };
  /** gross sales less refunds */
  net: number;
  /**
   * Each person's sales and tips, for the tip-out (decision 0066), in the order they first sold;
   * id '' (sales that name no one: remote links, older sales) last.
   */
  byStaff: StaffTips[];
  /**
   * Sales charged in a fiat unit (cents, decision 0067), per unit, with their tips, tax by rate,
   * discounts and refunds: counted here and nowhere else, so no sat figure above ever holds a
   * cent. Empty when every sale was in sats.
   */
  salesInUnits: UnitDay[];
  /**
   * The first and last receipt number of the day's sales, one range per device (each numbers its
   * own sales without gaps, docs/decisions/0074-receipt-numbers.md); absent: no numbered sale.
   */
  receipts?: ReceiptRange[];
}

/** A device's first and last receipt number of the day ("K7Q2XM-000040" to "K7Q2XM-000057"). */
export interface ReceiptRange {
  first: string;
  last: string;
}

export type { StaffTips } from './staff-tips';

const empty = (): Tally => ({ count: 0, sats: 0 });

function add(tally: Tally, sats: number): void {
  tally.count += 1;
  tally.sats += sats;
}

/** Money sent out (a cash-out, a refund): what sending it cost is counted beside it. */
function addSent(tally: Tally & { fees: number }, event: HistoryEvent): void {
  add(tally, event.amount);
  tally.fees += eventFee(event) ?? 0;
}

/** Adds events one page at a time, so a busy day is never held in memory whole. */
export class DayTally {
  private readonly summary: DaySummary;
  /** fiat per currency in minor units, so cents never drift */
  private readonly minor = new Map<string, number>();
  /** items by catalog id, custom lines by name */
  private readonly items = new Map<string, ItemSold>();
  /** sales and tips by staff id */
  private readonly people = new StaffTipsTally();
  /** sales in a fiat unit, per unit */
  private readonly units = new UnitDayTally();
  /** each device prefix's lowest and highest sequence of the day */
  private readonly numbers = new Map<string, { first: number; last: number }>();

  /** `staff`: only that person's events count (staff-filter.ts); undefined: everyone's */
  constructor(
    date: string,
    start: number,
    end: number,
    private readonly staff?: StaffFilter,
  ) {
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
      byMethod: { lightning: empty(), ecash: empty(), cash: empty() },
      items: [],
      tips: 0,
      taxes: 0,
      rates: [],
      discounts: empty(),
      refunds: { ...empty(), fees: 0 },
      net: 0,
      byStaff: [],
      salesInUnits: [],
    };
  }

  private addDetail(event: HistoryEvent): void {
    const { summary, items } = this;
    const detail = saleDetailOf(event);
    add(summary.byMethod[detail.method], event.amount);
    summary.tips += detail.tipSats;
    summary.taxes += saleTaxSats(detail);
    addRates(summary.rates, saleRates(detail));
    if (detail.discountSats) add(summary.discounts, detail.discountSats);
    // A keypad sale is no item sold: by Lightning it stores no lines, by ecash or cash its amount.
    if (!event.sale || isKeypadAmount(detail)) return;
    for (const line of detail.lines) {
      const key = line.itemId ? `id:${line.itemId}` : `name:${line.name}`;
      const placeholder = placeholderOf(line);
      const item = items.get(key) ?? {
        name: line.name,
        ...(placeholder ? { placeholder } : {}),
        quantity: 0,
        sats: 0,
      };
      item.quantity += line.quantity;
      item.sats += line.quantity * line.unitSats;
      items.set(key, item);
    }
  }

  private addNumber(event: HistoryEvent): void {
    const parsed = parseReceiptNumber(event.receiptNumber);
    if (!parsed) return;
    const { prefix, sequence } = parsed;
    const seen = this.numbers.get(prefix);
    this.numbers.set(prefix, {
      first: Math.min(seen?.first ?? sequence, sequence),
      last: Math.max(seen?.last ?? sequence, sequence),
    });
  }

  add(events: Iterable<HistoryEvent>): void {
    const { summary, minor } = this;
    for (const event of events) {
      if (event.createdAt < summary.start || event.createdAt >= summary.end) continue;
      if (!keeps(this.staff, event)) continue;
      const kind = historyKind(event.type);
      if (!kind) continue;
      if (event.unit && event.unit !== 'sat') {
        // A sale (or refund) in cents is tallied in its unit only (docs/behaviour.md "Day close"),
        // its receipt number in the day's ranges like any other.
        this.units.add({ ...event, unit: event.unit }, kind);
        if (kind.daySummary === 'sale') this.addNumber(event);
        continue;
      }
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
          this.addDetail(event);
          this.people.add(event);
          this.addNumber(event);
          break;
        }
        case 'refund':
          addSent(summary.refunds, event);
          break;
        case 'withdrawal':
          add(summary.withdrawals, event.amount);
          break;
        case 'cash-out':
          addSent(summary.cashOuts, event);
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
    const items = [...this.items.values()].sort(
      (a, b) => b.sats - a.sats || a.name.localeCompare(b.name),
    );
    const net = this.summary.sales.sats - this.summary.refunds.sats;
    const byStaff = this.people.result();
    const receipts = [...this.numbers.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([prefix, { first, last }]) => ({
        first: receiptNumber(prefix, first),
        last: receiptNumber(prefix, last),
      }));
    return {
      ...this.summary,
      fiat,
      items,
      net,
      byStaff,
      salesInUnits: this.units.result(),
      ...(receipts.length > 0 ? { receipts } : {}),
    };
  }
}

/** Sums events already read (any order); events outside [start, end) are ignored. */
export function summarise(
  date: string,
  start: number,
  end: number,
  events: Iterable<HistoryEvent>,
  staff?: StaffFilter,
): DaySummary {
  const tally = new DayTally(date, start, end, staff);
  tally.add(events);
  return tally.result();
}

export const INVALID_DAY = 'Choose a valid day';

/**
 * Reads the local day 'YYYY-MM-DD' page by page and sums it, only `staff`'s events when given.
 * Undefined for an invalid date.
 */
export async function daySummary(
  reader: HistoryRangeReader,
  date: string,
  pageSize = 1000,
  staff?: StaffFilter,
): Promise<DaySummary | undefined> {
  const range = localDayRange(date);
  if (!range) return undefined;
  const tally = new DayTally(date, range.start, range.end, staff);
  for await (const page of readRange(reader, range.start, range.end, pageSize, yieldToPage)) {
    tally.add(page);
  }
  return tally.result();
}
