// Who is at the till and whether the next sale is paid in cash, read from the staff services by
// the till's bar (TillStaffBar.tsx), a chunk of its own so the keypad's first load does not carry
// it; Home gets only its choice (docs/decisions/0066-staff-roles-and-shifts.md).
import { useMemo, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { Sale } from '../../core/sale/sale';
import type { StaffMember, StaffRef } from '../../core/staff/staff';
import { useReadAgain } from '../../ui/use-read';
import type { PosStaff } from './deps';

/** What Home charges a sale with: who is at the till, and the cash recorder while cash is on. */
export interface TillChoice {
  /** absent: no staff list, the sale names no one */
  staff?: StaffRef;
  /** "Paid in cash" is on: the sale is recorded as cash instead of an invoice */
  recordCash?: (sale: Sale) => void;
}

export type TillStaffState = ReturnType<typeof useTillStaff>;

export function useTillStaff(staff: PosStaff | undefined, logger: Logger) {
  const [current, setCurrent] = useState<StaffRef>();
  const [list, setList] = useState<StaffMember[]>([]);
  const [cash, setCash] = useState(false);
  // "Paid in cash" is offered only where the shop turned it on in Settings.
  const [offersCash, setOffersCash] = useState(false);
  const read = useMemo(
    () =>
      staff
        ? () => Promise.all([staff.till.current(), staff.till.list(), staff.till.recordsCash()])
        : null,
    [staff],
  );
  const reload = useReadAgain(
    read,
    ([who, members, offers]) => {
      setCurrent(who);
      setList(members);
      setOffersCash(offers);
    },
    (error) => logger.warn('Could not read who is at the till', error),
  );
  return { current, list, reload, cash, setCash, offersCash };
}
