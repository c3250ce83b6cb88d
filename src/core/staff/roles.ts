// Who may do what at the till: the three roles and the permission table (docs/security.md
// "Staff and roles", docs/decisions/0066-staff-roles-and-shifts.md).

/** owner: the merchant PIN; manager and cashier: people on the staff list. */
export type Role = 'owner' | 'manager' | 'cashier';

export const ROLES: readonly Role[] = ['owner', 'manager', 'cashier'];

/** What a person at the till may try; each is allowed or refused per role below. */
export type StaffAction =
  | 'sell'
  | 'park'
  | 'reprint'
  | 'open-shift'
  | 'refund'
  | 'discount'
  | 'edit-items'
  | 'close-shift'
  | 'reports'
  | 'settings'
  | 'money-out'
  | 'staff';

/**
 * The table itself. The owner can do everything; a manager runs the floor (refunds, discounts,
 * items and stock, closing shifts, reports) but never moves the shop's money out, changes Settings
 * or the staff list; a cashier sells, parks baskets, reprints receipts and opens a shift.
 */
const ALLOWED: Record<Role, ReadonlySet<StaffAction>> = {
  owner: new Set<StaffAction>([
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
  ]),
  manager: new Set<StaffAction>([
    'sell',
    'park',
    'reprint',
    'open-shift',
    'refund',
    'discount',
    'edit-items',
    'close-shift',
    'reports',
  ]),
  cashier: new Set<StaffAction>(['sell', 'park', 'reprint', 'open-shift']),
};

/** Whether `role` may do `action`. */
export function can(role: Role, action: StaffAction): boolean {
  return ALLOWED[role].has(action);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
