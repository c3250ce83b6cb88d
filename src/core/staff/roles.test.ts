// The permission table: every action allowed or refused for every role.
import { describe, expect, it } from 'vitest';
import { can, isRole, type Role, type StaffAction } from './roles';

const ACTIONS: StaffAction[] = [
  'sell',
  'park',
  'reprint',
  'open-shift',
  'refund',
  'discount',
  'edit-items',
  'close-shift',
  'reports',
  'settings',
  'money-out',
  'staff',
];

function allowed(role: Role): StaffAction[] {
  return ACTIONS.filter((action) => can(role, action));
}

describe('staff roles', () => {
  it('the owner may do everything', () => {
    expect(allowed('owner')).toEqual(ACTIONS);
  });

  it('a manager runs the floor but never moves money out, changes Settings or the staff', () => {
    expect(allowed('manager')).toEqual([
      'sell',
      'park',
      'reprint',
      'open-shift',
      'refund',
      'discount',
      'edit-items',
      'close-shift',
      'reports',
    ]);
  });

  it('a cashier sells, parks, reprints and opens a shift, and cannot refund', () => {
    expect(allowed('cashier')).toEqual(['sell', 'park', 'reprint', 'open-shift']);
    expect(can('cashier', 'refund')).toBe(false);
    expect(can('cashier', 'close-shift')).toBe(false);
    expect(can('cashier', 'discount')).toBe(false);
  });

  it('selling never needs the owner', () => {
    for (const role of ['owner', 'manager', 'cashier'] as const)
      expect(can(role, 'sell')).toBe(true);
  });

  it('reads only the three role names', () => {
    expect(['owner', 'manager', 'cashier'].every(isRole)).toBe(true);
    expect([undefined, 'admin', 1, 'Cashier'].some(isRole)).toBe(false);
  });
});
