// The staff list's checks and personal PINs: names once each, restored lists cleaned, PINs hashed.
import { describe, expect, it } from 'vitest';
import { staffListFrom, staffName, type StaffMember } from './staff';
import { hashStaffPin, staffPinMatches } from './staff-pin';

const FAST = { n: 2 ** 4, r: 1, p: 1 };
const ana: StaffMember = { id: 'a', name: 'Ana', role: 'manager' };

describe('staff list', () => {
  it('keeps a name trimmed and refuses an empty, too long or repeated one', () => {
    expect(staffName('  Bo   Li ', [ana])).toBe('Bo Li');
    expect(() => staffName('  ', [])).toThrow('Enter a name of 1 to 40 characters');
    expect(() => staffName('x'.repeat(41), [])).toThrow('Enter a name of 1 to 40 characters');
    expect(() => staffName('ana', [ana])).toThrow('Someone on the staff already has this name');
    expect(staffName('Ana', [ana], 'a')).toBe('Ana');
  });

  it('a restored list keeps only members the Settings form would save, each once', () => {
    const list = staffListFrom([
      ana,
      { id: 'a', name: 'Again', role: 'cashier' },
      { id: 'b', name: 'ANA', role: 'cashier' },
      { id: 'c', name: 'Cy', role: 'owner' },
      { id: 'd', name: 'Di', role: 'cashier', pin: { v: 1, salt: 'zz', hash: '00' } },
      { id: 'e', name: 'Ed', role: 'cashier' },
      'nonsense',
    ]);
    expect(list.map((m) => m.name)).toEqual(['Ana', 'Ed']);
    expect(staffListFrom({ not: 'a list' })).toEqual([]);
  });

  it('a personal PIN is stored as a salted hash that opens with that PIN only', async () => {
    const stored = await hashStaffPin('2468', FAST);
    expect(JSON.stringify(stored)).not.toContain('2468');
    expect(await staffPinMatches('2468', stored)).toBe(true);
    expect(await staffPinMatches('2469', stored)).toBe(false);
    const again = await hashStaffPin('2468', FAST);
    expect(again.hash).not.toBe(stored.hash);
    expect(staffListFrom([{ ...ana, pin: stored }])[0]?.pin).toEqual(stored);
  });

  it('refuses a personal PIN that is not 4 to 12 digits', async () => {
    await expect(hashStaffPin('12', FAST)).rejects.toThrow('The PIN must be 4 to 12 digits');
  });
});
