// Who is at the till and whether the next sale is paid in cash: the state Home keeps, read from
// the staff services; the bar that changes it loads on its own (TillStaffBar.tsx), so the
// keypad's first load does not carry it (docs/decisions/0066-staff-roles-and-shifts.md).
import { useCallback, useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { StaffMember, StaffRef } from '../../core/staff/staff';
import type { PosStaff } from './deps';

export type TillStaffState = ReturnType<typeof useTillStaff>;

export function useTillStaff(staff: PosStaff | undefined, logger: Logger) {
  const [current, setCurrent] = useState<StaffRef>();
  const [list, setList] = useState<StaffMember[]>([]);
  const [cash, setCash] = useState(false);
  const [reads, setReads] = useState(0);
  const reload = useCallback(() => setReads((n) => n + 1), []);
  useEffect(() => {
    if (!staff) return;
    let live = true;
    Promise.all([staff.till.current(), staff.till.list()]).then(
      ([who, members]) => {
        if (!live) return;
        setCurrent(who);
        setList(members);
      },
      (error: unknown) => logger.warn('Could not read who is at the till', error),
    );
    return () => {
      live = false;
    };
  }, [staff, logger, reads]);
  return { current, list, reload, cash, setCash };
}
