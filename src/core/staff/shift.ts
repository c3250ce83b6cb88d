// A shift: opened with a starting float, closed with the counted cash, and its report read from
// the history (sales by method, tips, refunds, by person, expected against counted cash, and the
// local days it spans) (docs/behaviour.md "Shifts", docs/decisions/0066-staff-roles-and-shifts.md).
import { ValidationError } from '../errors';
import { historyKind } from '../history-kinds';
import { metadataOf } from '../history-metadata';
import type { HistoryEvent } from '../history-ports';
import { currencyDecimals } from '../prices/currencies';
import { saleDetailOf } from '../receipts/receipt';
import { localDate } from '../records/local-day';
import { isRole } from './roles';
import type { StaffRef } from './staff';
import { storedUnit, unitCurrency, type FiatUnit, type Unit } from '../units/unit';

/** How a sale was paid, as the shift counts it. */
export type ShiftMethod = 'lightning' | 'ecash' | 'cash';

export interface Shift {
  id: string;
  openedAt: number;
  openedBy: StaffRef;
  /**
   * the currency cash is counted in: the till's unit's in a till charging in one (`USD`), else the
   * display currency; absent: the shop shows sats only, cash is in sats
   */
  currency?: string;
  /**
   * The unit the till charged in when the shift opened: its sales, tips, discounts and refunds
   * are counted in that unit's minor units (the report's `sats` fields then hold cents); sales
   * in any other unit are counted apart (`otherUnits`), never added to them. Absent: sats.
   */
  unit?: FiatUnit;
  /** the starting float, in the currency's minor units (sats without a currency) */
  floatMinor: number;
  closedAt?: number;
  closedBy?: StaffRef;
  /** the cash counted at close, in the same units as the float */
  countedMinor?: number;
}

export interface Tally {
  count: number;
  sats: number;
}

export interface PersonTally {
  /** the staff id; '' for sales that recorded no one (remote links, older sales) */
  id: string;
  name: string;
  sales: Tally;
  tips: number;
  /** sats taken off this person's sales by discounts */
  discounts: number;
  refunds: Tally;
  /** cash taken, in the shift's cash units */
  cashMinor: number;
}

export interface ShiftReport {
  shift: Shift;
  sales: Tally;
  byMethod: Record<ShiftMethod, Tally>;
  tips: number;
  /** sats taken off the sales by discounts (lines' and cart's) */
  discounts: number;
  refunds: Tally;
  /** one row per person, in the order they first sold; '' last */
  byStaff: PersonTally[];
  /** sales in a unit other than the shift's (in its minor units), per unit; empty for most shifts */
  otherUnits: { unit: Unit; count: number; minor: number }[];
  /** the sales of each local day the shift spans, so a shift over midnight closes into both */
  days: { date: string; sales: Tally }[];
  cash: {
    float: number;
    /** cash sales in the shift's units */
    sales: number;
    /** float plus cash sales: what the drawer should hold */
    expected: number;
    counted?: number;
    /** counted less expected: over when positive, short when negative; absent until closed */
    overShort?: number;
  };
}

export const FLOAT_MESSAGE = 'Enter an amount of 0 or more';
export const SHIFT_OPEN_MESSAGE = 'A shift is already open';
export const NO_SHIFT_MESSAGE = 'No shift is open';

/** A typed amount ("12.50") as minor units of `currency` (sats without one), or a ValidationError. */
export function cashAmount(text: string, currency: string | undefined): number {
  const decimals = currency ? currencyDecimals(currency) : 0;
  const clean = text.trim().replace(',', '.');
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,12}(\\.\\d{0,${decimals}})?$`) : /^\d{1,15}$/;
  if (!pattern.test(clean)) throw new ValidationError(FLOAT_MESSAGE);
  const [whole, part = ''] = clean.split('.');
  return Number(whole) * 10 ** decimals + Number(part.padEnd(decimals, '0') || '0');
}

export function openShift(
  open: Shift | undefined,
  id: string,
  at: number,
  by: StaffRef,
  floatMinor: number,
  currency?: string,
  unit?: FiatUnit,
): Shift {
  if (open && open.closedAt === undefined) throw new ValidationError(SHIFT_OPEN_MESSAGE);
  if (!Number.isSafeInteger(floatMinor) || floatMinor < 0) throw new ValidationError(FLOAT_MESSAGE);
  // A till charging in dollars counts its drawer in dollars, whatever the display currency.
  const counted = unit ? unitCurrency(unit) : currency;
  return {
    id,
    openedAt: at,
    openedBy: by,
    floatMinor,
    ...(counted ? { currency: counted } : {}),
    ...(unit ? { unit } : {}),
  };
}

export function closeShift(
  shift: Shift | undefined,
  at: number,
  by: StaffRef,
  countedMinor: number,
): Shift {
  if (!shift || shift.closedAt !== undefined) throw new ValidationError(NO_SHIFT_MESSAGE);
  if (!Number.isSafeInteger(countedMinor) || countedMinor < 0) {
    throw new ValidationError(FLOAT_MESSAGE);
  }
  // A clock set back never makes a shift end before it began.
  return { ...shift, closedAt: Math.max(at, shift.openedAt), closedBy: by, countedMinor };
}

/**
 * The person a history event records, if any: a sale's `staff`, a refund's in its metadata
 * (checked: rows may come from other devices or older versions).
 */
export function staffOf(event: Pick<HistoryEvent, 'staff' | 'metadata'>): StaffRef | undefined {
  const s = (event.staff ?? metadataOf(event).staff) as Partial<StaffRef> | undefined;
  if (!s || typeof s.id !== 'string' || typeof s.name !== 'string' || !isRole(s.role)) {
    return undefined;
  }
  return { id: s.id, name: s.name, role: s.role };
}

export function methodOf(event: Pick<HistoryEvent, 'type' | 'amount' | 'sale'>): ShiftMethod {
  if (event.type === 'cash-payment') return 'cash';
  if (event.type === 'ecash-payment') return 'ecash';
  return saleDetailOf(event).method;
}

/** The cash a cash sale brought, in the shift's units: its fiat value, else its sats. */
function cashIn(event: HistoryEvent, currency: string | undefined): number {
  const unit = storedUnit(event.unit);
  // A sale charged in a fiat unit is its cents: in the drawer only when counted in that currency.
  if (unit !== 'sat') return currency === unitCurrency(unit) ? event.amount : 0;
  if (!currency) return event.amount;
  if (event.fiat && event.fiat.currency === currency) {
    return Math.round(event.fiat.value * 10 ** currencyDecimals(currency));
  }
  // A cash sale in another currency (the display currency changed mid-shift) is counted in the
  // sales, not in this drawer.
  return 0;
}

const empty = (): Tally => ({ count: 0, sats: 0 });
function add(tally: Tally, sats: number): void {
  tally.count += 1;
  tally.sats += sats;
}

/**
 * The report of `shift` from `events` (any order; those outside the shift are ignored). `now`
 * ends a shift still open.
 */
export function shiftReport(
  shift: Shift,
  events: Iterable<HistoryEvent>,
  now: number,
): ShiftReport {
  // A shift still open holds what happened up to and at `now`.
  const end = shift.closedAt ?? now + 1;
  const report: ShiftReport = {
    shift,
    sales: empty(),
    byMethod: { lightning: empty(), ecash: empty(), cash: empty() },
    tips: 0,
    discounts: 0,
    refunds: empty(),
    byStaff: [],
    otherUnits: [],
    days: [],
    cash: { float: shift.floatMinor, sales: 0, expected: shift.floatMinor },
  };
  const shiftUnit: Unit = shift.unit ?? 'sat';
  const others = new Map<Unit, { unit: Unit; count: number; minor: number }>();
  const people = new Map<string, PersonTally>();
  const days = new Map<string, Tally>();
  const person = (event: HistoryEvent): PersonTally => {
    const ref = staffOf(event);
    const id = ref?.id ?? '';
    let row = people.get(id);
    if (!row) {
      row = {
        id,
        name: ref?.name ?? '',
        sales: empty(),
        tips: 0,
        discounts: 0,
        refunds: empty(),
        cashMinor: 0,
      };
      people.set(id, row);
    }
    return row;
  };
  const sorted = [...events].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  for (const event of sorted) {
    if (event.createdAt < shift.openedAt || event.createdAt >= end) continue;
    const kind = historyKind(event.type);
    const unit = storedUnit(event.unit);
    if (unit !== shiftUnit) {
      // Never added to the shift's figures: sats and cents are counted apart.
      if (kind?.daySummary === 'sale') {
        const other = others.get(unit) ?? { unit, count: 0, minor: 0 };
        other.count += 1;
        other.minor += event.amount;
        others.set(unit, other);
      }
      continue;
    }
    if (kind?.daySummary === 'sale') {
      const who = person(event);
      const method = methodOf(event);
      const detail = saleDetailOf(event);
      const discount = detail.discountSats ?? 0;
      add(report.sales, event.amount);
      add(report.byMethod[method], event.amount);
      add(who.sales, event.amount);
      report.tips += detail.tipSats;
      who.tips += detail.tipSats;
      report.discounts += discount;
      who.discounts += discount;
      const date = localDate(event.createdAt);
      add(days.get(date) ?? days.set(date, empty()).get(date)!, event.amount);
      if (method === 'cash') {
        const cash = cashIn(event, shift.currency);
        report.cash.sales += cash;
        who.cashMinor += cash;
      }
    } else if (kind?.daySummary === 'refund') {
      add(report.refunds, event.amount);
      add(person(event).refunds, event.amount);
    }
  }
  report.byStaff = [...people.values()].sort((a, b) => (a.id === '' ? 1 : b.id === '' ? -1 : 0));
  report.days = [...days.entries()].map(([date, sales]) => ({ date, sales }));
  report.otherUnits = [...others.values()];
  report.cash.expected = shift.floatMinor + report.cash.sales;
  if (shift.countedMinor !== undefined) {
    report.cash.counted = shift.countedMinor;
    report.cash.overShort = shift.countedMinor - report.cash.expected;
  }
  return report;
}
