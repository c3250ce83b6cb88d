// StaffStore on Dexie: the staff list, the person at this till and this device's shifts, each one
// JSON config row written whole (docs/architecture.md "Storage").
import type { StaffStore } from '../../core/staff/ports';
import { shiftsFrom, type Shift } from '../../core/staff/shift-read';
import { staffListFrom, type StaffMember } from '../../core/staff/staff';
import { ClockedStore } from '../database/clocked-store';
import { readConfigJson, writeConfigJson } from '../database/config-json';
import { CONFIG_KEYS } from '../database/key-names';

/** Shifts kept on the device; older ones are in the history and its CSV. */
const SHIFTS_KEPT = 100;

export class DexieStaffStore extends ClockedStore implements StaffStore {
  async list(): Promise<StaffMember[]> {
    return staffListFrom(await readConfigJson(this.db, CONFIG_KEYS.staff));
  }

  save(list: readonly StaffMember[]): Promise<void> {
    return writeConfigJson(this.db, CONFIG_KEYS.staff, list, this.clock());
  }

  async atTill(): Promise<string | null> {
    const value = (await this.db.config.get(CONFIG_KEYS.staffAtTill))?.value;
    return typeof value === 'string' && value !== '' ? value : null;
  }

  async setAtTill(id: string | null): Promise<void> {
    if (id === null) await this.db.config.delete(CONFIG_KEYS.staffAtTill);
    else
      await this.db.config.put({
        key: CONFIG_KEYS.staffAtTill,
        value: id,
        updatedAt: this.clock(),
      });
  }

  async recordsCash(): Promise<boolean> {
    return (await this.db.config.get(CONFIG_KEYS.cashSales))?.value === '1';
  }

  async setRecordsCash(on: boolean): Promise<void> {
    if (!on) await this.db.config.delete(CONFIG_KEYS.cashSales);
    else
      await this.db.config.put({ key: CONFIG_KEYS.cashSales, value: '1', updatedAt: this.clock() });
  }

  async shifts(): Promise<Shift[]> {
    const list = shiftsFrom(await readConfigJson(this.db, CONFIG_KEYS.shifts));
    return list.sort((a, b) => b.openedAt - a.openedAt);
  }

  /** Read and written in one transaction, so two tabs closing a shift never lose one another's. */
  async putShift(shift: Shift): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.config, async () => {
      const list = await this.shifts();
      const others = list.filter((s) => s.id !== shift.id);
      const next = [shift, ...others].sort((a, b) => b.openedAt - a.openedAt).slice(0, SHIFTS_KEPT);
      await writeConfigJson(db, CONFIG_KEYS.shifts, next, this.clock());
    });
  }
}
