// The one shape every history row is written in (docs/architecture.md "History event kinds"): a
// declared kind, the amount and mint, the time, and the kind's details as JSON metadata.
import type { HistoryEventType } from '../../core/history-kinds';
import type { FiatRecord } from '../../core/prices/currencies';
import type { SaleDetail } from '../../core/sale/sale-detail';
import type { StaffRef } from '../../core/staff/staff';
import type { HistoryRow } from '../database/rows';

export type NewHistoryRow = Omit<HistoryRow, 'id'>;

export function historyRow(
  now: number,
  type: HistoryEventType,
  money: { amount: number; mintUrl: string },
  metadata: Record<string, unknown>,
): NewHistoryRow {
  return {
    createdAt: now,
    type,
    amount: money.amount,
    mintUrl: money.mintUrl,
    metadata: JSON.stringify(metadata),
  };
}

/** A sale's fiat side and detail, copied so the row never shares objects with the caller. */
export function saleColumns(event: {
  fiat?: FiatRecord;
  sale?: SaleDetail;
  staff?: StaffRef;
}): Pick<HistoryRow, 'fiat' | 'sale' | 'staff'> {
  return {
    ...(event.fiat ? { fiat: { ...event.fiat } } : {}),
    ...(event.sale ? { sale: structuredClone(event.sale) } : {}),
    ...(event.staff
      ? {
          staff: {
            id: event.staff.id,
            name: event.staff.name,
            role: event.staff.role,
            ...(event.staff.afterRevocation ? { afterRevocation: true as const } : {}),
          },
        }
      : {}),
  };
}
