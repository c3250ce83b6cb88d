// A day's figures in each fiat unit sales were charged in (decision 0067): sales, tips, tax by
// rate, discounts and refunds in the unit's minor units, apart from every sat figure
// (docs/behaviour.md "Day close").
import type { HistoryKind } from '../history-kinds';
import type { HistoryEvent } from '../history-ports';
import { saleDetailOf } from '../receipts/receipt';
import { saleRates, saleTaxSats } from '../sale/sale-rates';
import { addRates, type RateTotal } from '../sale/tax';
import type { PaymentMethod } from '../sale/sale-detail';
import type { Unit } from '../units/unit';
import { eventFee } from './csv';
import { StaffTipsTally, type StaffTips } from './staff-tips';

/**
 * One unit's day, every figure in its minor units (cents): a sale's detail in a fiat unit keeps
 * its figures in that unit (the `…Sats` fields of its record hold cents).
 */
export interface UnitDay {
  unit: Unit;
  /** sales charged in the unit, and their cents */
  count: number;
  minor: number;
  /** the sales by how the customer paid, in cents */
  byMethod: Record<PaymentMethod, { count: number; minor: number }>;
  /** each person's sales and tips in the unit (`sales.sats` holds cents), as the sat tip-out */
  byStaff: StaffTips[];
  tips: number;
  /** all tax: added on top and inside inclusive prices */
  taxes: number;
  /** net, tax and gross per rate (field names as the sat rows': the amounts are cents) */
  rates: RateTotal[];
  /** sales with a discount, and the cents taken off */
  discounts: { count: number; minor: number };
  /** refunds in the unit, their cents and what sending them cost */
  refunds: { count: number; minor: number; fees: number };
  /** sales less refunds */
  net: number;
}

function emptyDay(unit: Unit): UnitDay {
  return {
    unit,
    count: 0,
    minor: 0,
    byMethod: {
      lightning: { count: 0, minor: 0 },
      ecash: { count: 0, minor: 0 },
      cash: { count: 0, minor: 0 },
    },
    byStaff: [],
    tips: 0,
    taxes: 0,
    rates: [],
    discounts: { count: 0, minor: 0 },
    refunds: { count: 0, minor: 0, fees: 0 },
    net: 0,
  };
}

/** The days of every fiat unit seen, in the order first seen. */
export class UnitDayTally {
  private readonly days = new Map<Unit, UnitDay>();
  private readonly people = new Map<Unit, StaffTipsTally>();

  /** Counts an event in a fiat unit: a sale with its detail, or a refund; others are not tallied. */
  add(event: HistoryEvent & { unit: Unit }, kind: Pick<HistoryKind, 'daySummary'>): void {
    if (kind.daySummary !== 'sale' && kind.daySummary !== 'refund') return;
    const day = this.days.get(event.unit) ?? emptyDay(event.unit);
    this.days.set(event.unit, day);
    if (kind.daySummary === 'refund') {
      day.refunds.count += 1;
      day.refunds.minor += event.amount;
      day.refunds.fees += eventFee(event) ?? 0;
      day.net -= event.amount;
      return;
    }
    day.count += 1;
    day.minor += event.amount;
    day.net += event.amount;
    const detail = saleDetailOf(event);
    day.byMethod[detail.method].count += 1;
    day.byMethod[detail.method].minor += event.amount;
    const people = this.people.get(event.unit) ?? new StaffTipsTally();
    this.people.set(event.unit, people);
    people.add(event);
    day.tips += detail.tipSats;
    day.taxes += saleTaxSats(detail);
    addRates(day.rates, saleRates(detail));
    if (detail.discountSats) {
      day.discounts.count += 1;
      day.discounts.minor += detail.discountSats;
    }
  }

  result(): UnitDay[] {
    return [...this.days.values()].map((day) => ({
      ...day,
      byMethod: {
        lightning: { ...day.byMethod.lightning },
        ecash: { ...day.byMethod.ecash },
        cash: { ...day.byMethod.cash },
      },
      byStaff: this.people.get(day.unit)?.result() ?? [],
      rates: day.rates.map((r) => ({ ...r })),
    }));
  }
}
