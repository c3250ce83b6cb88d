// Who did something, as a stored or restored record names them (a shift, a parked basket), checked
// on read; kept apart from the staff list so a cart reads it without the list's code.
import { isRole } from './roles';
import type { StaffRef } from './staff';

/** A stored StaffRef, or undefined when it is not one (a row from another version). */
export function staffRefFrom(value: unknown): StaffRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.name !== 'string' || !isRole(v.role)) return undefined;
  return { id: v.id, name: v.name, role: v.role };
}
