// Reports for one person: which events a staff filter keeps, read from the `staff` each event
// records (docs/behaviour.md "Records", docs/decisions/0066-staff-roles-and-shifts.md).
import type { HistoryEvent } from '../history-ports';
import { staffOf } from '../staff/shift';

/**
 * Whose events a report keeps: a staff id ('owner' for the merchant), '' for events that name no
 * one (withdrawals, cash-outs, older sales), or undefined for every event.
 */
export type StaffFilter = string | undefined;

/** The staff id an event names, '' when it names no one. */
export function staffIdOf(event: Pick<HistoryEvent, 'staff' | 'metadata'>): string {
  return staffOf(event)?.id ?? '';
}

export function keeps(
  filter: StaffFilter,
  event: Pick<HistoryEvent, 'staff' | 'metadata'>,
): boolean {
  return filter === undefined || staffIdOf(event) === filter;
}
