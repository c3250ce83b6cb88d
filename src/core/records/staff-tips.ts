// Each person's sales and tips of a day, for the tip-out (decision 0066): one tally for the sat
// sales and one per fiat unit, so a person's sats and cents are never added.
import type { HistoryEvent } from '../history-ports';
import { saleDetailOf } from '../receipts/receipt';
import { staffOf } from '../staff/shift';

export interface StaffTips {
  id: string;
  name: string;
  /** `sats`: sats for a sat tally, the unit's minor units (cents) for a fiat unit's */
  sales: { count: number; sats: number };
  tips: number;
}

/** People in the order they first sold; id '' (sales naming no one) comes last. */
export class StaffTipsTally {
  private readonly people = new Map<string, StaffTips>();

  add(event: HistoryEvent): void {
    const ref = staffOf(event);
    const id = ref?.id ?? '';
    const person = this.people.get(id) ?? {
      id,
      name: ref?.name ?? '',
      sales: { count: 0, sats: 0 },
      tips: 0,
    };
    person.sales.count += 1;
    person.sales.sats += event.amount;
    person.tips += saleDetailOf(event).tipSats;
    this.people.set(id, person);
  }

  result(): StaffTips[] {
    return [...this.people.values()]
      .map((p) => ({ ...p, sales: { ...p.sales } }))
      .sort((a, b) => (a.id === '' ? 1 : b.id === '' ? -1 : 0));
  }
}
