// What the staff list, the person at the till and the shifts need from storage
// (implemented by src/storage/shop/staff-store.ts).
import type { CashSaleEventInput } from '../history-ports';
import type { Shift } from './shift';
import type { StaffMember } from './staff';

export interface StaffStore {
  /** The list as saved (checked on read: a row from another version never breaks the till). */
  list(): Promise<StaffMember[]>;
  save(list: readonly StaffMember[]): Promise<void>;
  /** The staff id working this device's till; null: the owner. */
  atTill(): Promise<string | null>;
  setAtTill(id: string | null): Promise<void>;
  /** Whether Home offers "Paid in cash" (a Settings switch, off until the shop turns it on). */
  recordsCash(): Promise<boolean>;
  setRecordsCash(on: boolean): Promise<void>;
  /** This device's shifts, newest first (the last 100 are kept). */
  shifts(): Promise<Shift[]>;
  /** Writes the shift (new, or the same id closed). */
  putShift(shift: Shift): Promise<void>;
}

/** Records a cash sale in the history (one row; no proof moves). Resolves with its id. */
export interface CashSaleRecorder {
  addCashSale(event: CashSaleEventInput): Promise<number>;
}
