// The permission table: every action allowed or refused for every role.
import { describe, expect, it } from 'vitest';
import { can, isRole, type Role, type StaffAction } from './roles';

/**
 * Each role's rights, as docs/security.md "Staff and roles" states them: the owner may do
 * everything; a manager runs the floor but never moves money out, changes Settings or the staff;
 * a cashier sells, parks, reprints and opens a shift, and cannot refund.
 */
const RIGHTS: Record<Role, string> = {
  owner:
    'sell park reprint open-shift refund discount edit-items close-shift reports settings money-out staff',
  manager: 'sell park reprint open-shift refund discount edit-items close-shift reports',
  cashier: 'sell park reprint open-shift',
};
const ACTIONS = RIGHTS.owner.split(' ') as StaffAction[];

describe('staff roles', () => {
  it.each(Object.entries(RIGHTS) as [Role, string][])(
    'the %s may do exactly: %s',
    (role, rights) => {
      const allowed = ACTIONS.filter((action) => can(role, action));
      expect(allowed).toEqual(rights.split(' '));
    },
  );

  it('a cashier cannot refund, close a shift or give a discount', () => {
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
