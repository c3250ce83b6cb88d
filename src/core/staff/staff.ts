// A person on the staff list: name, role, optional personal PIN kept only as a slow hash, and the
// checks a saved or restored list passes (docs/security.md "Staff and roles").
import { ValidationError } from '../errors';
import { isRole, type Role } from './roles';
import { staffLinkFrom, type StaffLink } from './staff-link-read';

export const STAFF_NAME_MAX = 40;
export const STAFF_MAX = 50;
export const STAFF_NAME_MESSAGE = 'Enter a name of 1 to 40 characters';
export const STAFF_NAME_TAKEN_MESSAGE = 'Someone on the staff already has this name';

/** A personal PIN as stored: scrypt of the PIN with its own salt (never the PIN). */
export interface StaffPinHash {
  v: 1;
  /** hex */
  salt: string;
  /** hex, 32 bytes */
  hash: string;
  n: number;
  r: number;
  p: number;
}

/** Someone who may work the till; the owner (the merchant PIN) is not on the list. */
export interface StaffMember {
  id: string;
  name: string;
  role: Exclude<Role, 'owner'>;
  pin?: StaffPinHash;
  /** their cashier link's revision and revoked links (staff-link.ts); absent: revision 0 */
  link?: StaffLink;
}

/** Who did something, as a sale, refund or parked basket records it. */
export interface StaffRef {
  id: string;
  name: string;
  role: Role;
  /**
   * A remote sale from this person's cashier link that landed after the link was revoked (the
   * mint had it paid; the money is the shop's). Absent otherwise.
   */
  afterRevocation?: true;
}

/** The owner as a record names them: the merchant, no personal id. */
export const OWNER_REF: StaffRef = { id: 'owner', name: 'Owner', role: 'owner' };

/** The name as saved (trimmed), or the ValidationError shown under the field. */
export function staffName(name: string, others: readonly StaffMember[], selfId?: string): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length === 0 || clean.length > STAFF_NAME_MAX) {
    throw new ValidationError(STAFF_NAME_MESSAGE);
  }
  const lower = clean.toLocaleLowerCase();
  if (others.some((m) => m.id !== selfId && m.name.toLocaleLowerCase() === lower)) {
    throw new ValidationError(STAFF_NAME_TAKEN_MESSAGE);
  }
  return clean;
}

export function refOf(member: StaffMember): StaffRef {
  return { id: member.id, name: member.name, role: member.role };
}

const HEX = /^[0-9a-f]+$/;

function pinHashFrom(value: unknown): StaffPinHash | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const ints = [v.n, v.r, v.p].every((x) => Number.isSafeInteger(x) && (x as number) > 0);
  if (v.v !== 1 || !ints || typeof v.salt !== 'string' || typeof v.hash !== 'string') {
    return undefined;
  }
  if (!HEX.test(v.salt) || !HEX.test(v.hash) || v.hash.length !== 64) return undefined;
  // Within what a browser derives in reasonable time; a restored list never hangs the till.
  if ((v.n as number) > 2 ** 16 || (v.r as number) > 16 || (v.p as number) > 4) return undefined;
  return { v: 1, salt: v.salt, hash: v.hash, n: v.n as number, r: v.r as number, p: v.p as number };
}

/** One member as stored or restored, or undefined when it does not pass the Settings checks. */
export function staffMemberFrom(value: unknown): StaffMember | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || v.id.length === 0 || v.id.length > 64) return undefined;
  if (typeof v.name !== 'string' || !isRole(v.role) || v.role === 'owner') return undefined;
  const name = v.name.trim();
  if (name.length === 0 || name.length > STAFF_NAME_MAX) return undefined;
  const pin = v.pin === undefined ? undefined : pinHashFrom(v.pin);
  if (v.pin !== undefined && !pin) return undefined;
  const link = v.link === undefined ? undefined : staffLinkFrom(v.link);
  return { id: v.id, name, role: v.role, ...(pin ? { pin } : {}), ...(link ? { link } : {}) };
}

/** A whole list as stored or restored: members that pass, ids and names once each, at most 50. */
export function staffListFrom(value: unknown): StaffMember[] {
  if (!Array.isArray(value)) return [];
  const out: StaffMember[] = [];
  for (const item of value) {
    const member = staffMemberFrom(item);
    if (!member) continue;
    const lower = member.name.toLocaleLowerCase();
    if (out.some((m) => m.id === member.id || m.name.toLocaleLowerCase() === lower)) continue;
    out.push(member);
    if (out.length === STAFF_MAX) break;
  }
  return out;
}
