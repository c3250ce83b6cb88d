// The staff list, the person at the till and the shifts on Dexie, through the till's own service.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS, freshDbName, recordingLogger } from '../../testing/storage/db';
import { createStorage, type Storage } from '../index';
import { CONFIG_KEYS } from '../database/key-names';
import { TillStaff } from '../../core/staff/till-staff';
import { hashStaffPin } from '../../core/staff/staff-pin';

const FAST = { n: 2 ** 4, r: 1, p: 1 };

const opened: Storage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

/** A till on a fresh database, closed after the test. */
function setup() {
  let now = 1_000_000;
  let ids = 0;
  const storage = createStorage({
    dbName: freshDbName(),
    defaults: DEFAULTS,
    logger: recordingLogger(),
    clock: () => now,
  });
  opened.push(storage);
  const till = new TillStaff({
    store: storage.staff,
    clock: () => now,
    newId: () => `id${++ids}`,
    hashPin: (pin) => hashStaffPin(pin, FAST),
  });
  return { storage, till, advance: (ms: number) => (now += ms) };
}

describe('staff on the till', () => {
  it('keeps the list with personal PINs only as hashes', async () => {
    const { storage, till } = setup();
    await till.add({ name: 'Ana', role: 'manager', pin: '4321' });
    await till.add({ name: 'Bo', role: 'cashier' });
    const row = await storage.db.config.get(CONFIG_KEYS.staff);
    expect(row?.value).not.toContain('4321');
    expect((await till.list()).map((m) => [m.name, m.role, m.pin !== undefined])).toEqual([
      ['Ana', 'manager', true],
      ['Bo', 'cashier', false],
    ]);
    await expect(till.add({ name: 'ana', role: 'cashier' })).rejects.toThrow(
      'Someone on the staff already has this name',
    );
  });

  it('switches to a person with their PIN (or none), who then may do only what the role may', async () => {
    const { till } = setup();
    const ana = await till.add({ name: 'Ana', role: 'manager', pin: '4321' });
    const bo = await till.add({ name: 'Bo', role: 'cashier' });
    expect((await till.current()).role).toBe('owner');
    expect(await till.switchTo(bo.id)).toEqual({ ok: true });
    expect(await till.current()).toEqual({ id: bo.id, name: 'Bo', role: 'cashier' });
    expect(await till.allows('sell')).toBe(true);
    expect(await till.allows('refund')).toBe(false);

    expect(await till.switchTo(ana.id, '1111')).toEqual({ ok: false, waitMs: 1_000 });
    // The wait after a wrong PIN refuses even the right one until it is over.
    expect((await till.switchTo(ana.id, '4321')).ok).toBe(false);
    expect((await till.current()).name).toBe('Bo');
  });

  it('a wrong PIN waits, then the right one switches; removing who is at the till leaves the owner', async () => {
    const { till, advance } = setup();
    const ana = await till.add({ name: 'Ana', role: 'manager', pin: '4321' });
    await till.switchTo(ana.id, '0000');
    advance(1_000);
    expect(await till.switchTo(ana.id, '4321')).toEqual({ ok: true });
    expect(await till.allows('refund')).toBe(true);
    await till.remove(ana.id);
    expect((await till.current()).role).toBe('owner');
  });

  it('a cashier opens a shift, only a manager or the owner closes it; the shifts are kept', async () => {
    const { storage, till, advance } = setup();
    const bo = await till.add({ name: 'Bo', role: 'cashier' });
    const ana = await till.add({ name: 'Ana', role: 'manager' });
    await till.switchTo(bo.id);
    const shift = await till.startShift(5_000, 'USD');
    await expect(till.startShift(0)).rejects.toThrow('A shift is already open');
    await expect(till.endShift(5_000)).rejects.toThrow('Not allowed for this role');
    await till.switchTo(ana.id);
    advance(60_000);
    const closed = await till.endShift(4_900);
    expect(closed).toMatchObject({
      id: shift.id,
      countedMinor: 4_900,
      closedBy: { name: 'Ana' },
    });
    expect(await till.openShift()).toBeUndefined();
    expect(await storage.staff.shifts()).toEqual([closed]);
  });

  it('offers cash sales only once the shop turns them on, and off again', async () => {
    const { storage, till } = setup();
    try {
      expect(await till.recordsCash()).toBe(false);
      await till.setRecordsCash(true);
      expect(await till.recordsCash()).toBe(true);
      await till.setRecordsCash(false);
      expect(await till.recordsCash()).toBe(false);
      expect(await storage.db.config.get(CONFIG_KEYS.cashSales)).toBeUndefined();
    } finally {
      storage.close();
    }
  });
});
