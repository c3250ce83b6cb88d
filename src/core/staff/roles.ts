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
 * The table itself: the least role allowed each action, roles ranked owner > manager > cashier.
 * The owner can do everything; a manager runs the floor (refunds, discounts, items and stock,
 * closing shifts, reports) but never moves the shop's money out, changes Settings or the staff
 * list; a cashier sells, parks baskets, reprints receipts and opens a shift.
 */
const LEAST_ROLE: Record<StaffAction, Role> = {
  sell: 'cashier',
  park: 'cashier',
  reprint: 'cashier',
  'open-shift': 'cashier',
  refund: 'manager',
  discount: 'manager',
  'edit-items': 'manager',
  'close-shift': 'manager',
  reports: 'manager',
  settings: 'owner',
  'money-out': 'owner',
  staff: 'owner',
};

/** Whether `role` may do `action`. */
export function can(role: Role, action: StaffAction): boolean {
  // ROLES runs from the most rights to the least: a role may do what any role after it may.
  return ROLES.indexOf(role) <= ROLES.indexOf(LEAST_ROLE[action]);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
