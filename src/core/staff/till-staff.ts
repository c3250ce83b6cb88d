// Who is at this device's till: the staff list, the quick switch between people (their personal
// PIN, or none), what the person at the till may do, and the shift they open and close
// (docs/behaviour.md "Staff and shifts", docs/decisions/0066-staff-roles-and-shifts.md).
import type { Clock } from '../clock';
import { ValidationError } from '../errors';
import { validatePin, waitAfterFailures } from '../lock/pin';
import { can, type StaffAction } from './roles';
import { closeShift, openShift, type Shift } from './shift';
import { OWNER_REF, refOf, staffName, STAFF_MAX, type StaffMember, type StaffRef } from './staff';
import { hashStaffPin, staffPinMatches } from './staff-pin';
import { revokeLink } from './staff-link';
import type { StaffStore } from './ports';
import type { LockState, PinResult } from '../lock/till-lock';
import { readRange, type HistoryRangeReader } from '../records/types';
import type { HistoryEvent } from '../history-ports';
import { shiftReport, type ShiftReport } from './shift';
import type { FiatUnit } from '../units/unit';

export const STAFF_FULL_MESSAGE = 'The staff list is full';
export const NOT_ALLOWED_MESSAGE = 'Not allowed for this role';

export type SwitchResult = { ok: true } | { ok: false; waitMs: number };

export interface NewStaffMember {
  name: string;
  role: StaffMember['role'];
  /** a personal PIN (4 to 12 digits); absent or '': switching to them asks for nothing */
  pin?: string;
}

/** The merchant PIN as the switch back to the owner needs it (core/lock/till-lock.ts). */
export interface OwnerPin {
  init(): Promise<void>;
  state(): LockState;
  openGate(pin: string): Promise<PinResult>;
}

export interface TillStaffDeps {
  store: StaffStore;
  /** absent: no merchant PIN on this device, the owner comes back with none */
  owner?: OwnerPin;
  /** what the history reads for a shift's report */
  history?: HistoryRangeReader;
  clock: Clock;
  newId: () => string;
  /** told after the list was saved (the merchant profile names each person's link) */
  onListChanged?: () => void;
  /** the PIN hash's parameters; tests pass cheap ones */
  hashPin?: (pin: string) => Promise<StaffMember['pin'] & object>;
}

export class TillStaff {
  /** wrong personal PINs in a row on this page, and when the next try is allowed */
  private failures = 0;
  private nextTryAt = 0;

  constructor(private readonly deps: TillStaffDeps) {}

  list(): Promise<StaffMember[]> {
    return this.deps.store.list();
  }

  private async saveList(list: readonly StaffMember[]): Promise<void> {
    await this.deps.store.save(list);
    this.deps.onListChanged?.();
  }

  async add(input: NewStaffMember): Promise<StaffMember> {
    const list = await this.deps.store.list();
    if (list.length >= STAFF_MAX) throw new ValidationError(STAFF_FULL_MESSAGE);
    const name = staffName(input.name, list);
    const pin = input.pin ? await this.hash(validatePin(input.pin)) : undefined;
    const member: StaffMember = {
      id: this.deps.newId(),
      name,
      role: input.role,
      ...(pin ? { pin } : {}),
    };
    await this.saveList([...list, member]);
    return member;
  }

  /** Removes a person; if they were at the till, the owner is. */
  async remove(id: string): Promise<void> {
    const list = await this.deps.store.list();
    await this.saveList(list.filter((m) => m.id !== id));
    if ((await this.deps.store.atTill()) === id) await this.deps.store.setAtTill(null);
  }

  /**
   * Revokes the person's cashier link (core/staff/staff-link.ts): the live link's public id and
   * key are kept as revoked and a new revision is live. The caller republishes the profile.
   */
  async revokeLink(id: string, shopSecret: Uint8Array): Promise<StaffMember> {
    const list = await this.deps.store.list();
    const member = list.find((m) => m.id === id);
    if (!member) throw new ValidationError(NOT_ALLOWED_MESSAGE);
    const revoked = revokeLink(shopSecret, member, this.deps.clock());
    await this.saveList(list.map((m) => (m.id === id ? revoked : m)));
    return revoked;
  }

  /** Whether the till offers "Paid in cash" (Settings; off by default, so Home stays the keypad). */
  recordsCash(): Promise<boolean> {
    return this.deps.store.recordsCash();
  }

  setRecordsCash(on: boolean): Promise<void> {
    return this.deps.store.setRecordsCash(on);
  }

  /** The person at the till: a staff member, or the owner when none is (or they were removed). */
  async current(): Promise<StaffRef> {
    const id = await this.deps.store.atTill();
    if (id === null) return OWNER_REF;
    const member = (await this.deps.store.list()).find((m) => m.id === id);
    return member ? refOf(member) : OWNER_REF;
  }

  /** Whether the person at the till may do `action`. */
  async allows(action: StaffAction): Promise<boolean> {
    return can((await this.current()).role, action);
  }

  /**
   * Puts `id` at the till when their personal PIN matches (none asked when they have none); wrong
   * PINs wait as the merchant PIN's do. The owner comes back through the merchant PIN instead
   * (`switchToOwner`, called behind the PIN gate).
   */
  async switchTo(id: string, pin = ''): Promise<SwitchResult> {
    const member = (await this.deps.store.list()).find((m) => m.id === id);
    if (!member) throw new ValidationError(NOT_ALLOWED_MESSAGE);
    if (member.pin) {
      const now = this.deps.clock();
      if (now < this.nextTryAt) return { ok: false, waitMs: this.nextTryAt - now };
      if (!(await staffPinMatches(pin, member.pin))) {
        this.failures += 1;
        const waitMs = waitAfterFailures(this.failures);
        this.nextTryAt = this.deps.clock() + waitMs;
        return { ok: false, waitMs };
      }
    }
    this.failures = 0;
    this.nextTryAt = 0;
    await this.deps.store.setAtTill(member.id);
    return { ok: true };
  }

  /**
   * The owner back at the till, with the merchant PIN when one is set (a right PIN also opens the
   * money-out gate, as the PIN prompt does: the owner is at the till).
   */
  async switchToOwner(pin = ''): Promise<SwitchResult> {
    const { owner } = this.deps;
    if (owner) {
      await owner.init();
      if (owner.state() !== 'no-pin') {
        const result = await owner.openGate(pin);
        if (!result.ok) return { ok: false, waitMs: result.waitMs };
      }
    }
    await this.deps.store.setAtTill(null);
    return { ok: true };
  }

  /** Whether a person (or the owner, for 'owner') is asked for a PIN to take the till. */
  async asksPin(id: string): Promise<boolean> {
    if (id === 'owner') {
      const { owner } = this.deps;
      if (!owner) return false;
      await owner.init();
      return owner.state() !== 'no-pin';
    }
    return (await this.deps.store.list()).some((m) => m.id === id && m.pin !== undefined);
  }

  /** The report of `shift` (the open one runs to now), read from the history in pages. */
  async report(shift: Shift): Promise<ShiftReport> {
    const now = this.deps.clock();
    const events: HistoryEvent[] = [];
    if (this.deps.history) {
      const end = shift.closedAt ?? now + 1;
      for await (const page of readRange(this.deps.history, shift.openedAt, end, 1000)) {
        events.push(...page);
      }
    }
    return shiftReport(shift, events, now);
  }

  /** The open shift, if any (the newest, not closed). */
  async openShift(): Promise<Shift | undefined> {
    const [newest] = await this.deps.store.shifts();
    return newest && newest.closedAt === undefined ? newest : undefined;
  }

  shifts(): Promise<Shift[]> {
    return this.deps.store.shifts();
  }

  /** `unit`: the fiat unit the till charges in; the float is then in its minor units. */
  async startShift(floatMinor: number, currency?: string, unit?: FiatUnit): Promise<Shift> {
    const by = await this.current();
    if (!can(by.role, 'open-shift')) throw new ValidationError(NOT_ALLOWED_MESSAGE);
    const shift = openShift(
      await this.openShift(),
      this.deps.newId(),
      this.deps.clock(),
      by,
      floatMinor,
      currency,
      unit,
    );
    await this.deps.store.putShift(shift);
    return shift;
  }

  async endShift(countedMinor: number): Promise<Shift> {
    const by = await this.current();
    if (!can(by.role, 'close-shift')) throw new ValidationError(NOT_ALLOWED_MESSAGE);
    const shift = closeShift(await this.openShift(), this.deps.clock(), by, countedMinor);
    await this.deps.store.putShift(shift);
    return shift;
  }

  private hash(pin: string) {
    return this.deps.hashPin ? this.deps.hashPin(pin) : hashStaffPin(pin);
  }
}
