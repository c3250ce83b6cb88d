// A cashier link per person: each staff member's pairing secret, derived from the shop's pairing
// secret and the person's link revision, the revoked links' public ids and keys, and how the
// merchant's inbox knows whose link a message came from (docs/protocol.md "Staff links",
// docs/decisions/0079-a-cashier-link-per-person.md).
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { pairingId, pairingKey } from '../remote-payments/pairing';
import { refOf, type StaffMember, type StaffRef } from './staff';
import { REVOKED_LINKS_KEPT, type RevokedLink } from './staff-link-read';

export { REVOKED_LINKS_KEPT, type RevokedLink, type StaffLink } from './staff-link-read';

/** Bumped if the derivation ever changes, so an old link can never pass as a new one. */
const LINK_DOMAIN = utf8ToBytes('cashew-pos/staff-link/1');
/**
 * The person's link secret: HMAC-SHA256(shop secret, domain ‖ 0 ‖ staff id ‖ 0 ‖ revision). It
 * needs no storage of its own and cannot be turned back into the shop secret or another
 * person's; a new revision (revoke) or a new shop secret (Reset cashier link) replaces it.
 */
export function staffLinkSecret(
  shopSecret: Uint8Array,
  staffId: string,
  revision: number,
): Uint8Array {
  const zero = new Uint8Array([0]);
  const message = concatBytes(
    LINK_DOMAIN,
    zero,
    utf8ToBytes(staffId),
    zero,
    utf8ToBytes(String(revision)),
  );
  return hmac(sha256, shopSecret, message);
}

export function linkRevision(member: StaffMember): number {
  return member.link?.revision ?? 0;
}

/** The person's live link secret. */
export function memberLinkSecret(shopSecret: Uint8Array, member: StaffMember): Uint8Array {
  return staffLinkSecret(shopSecret, member.id, linkRevision(member));
}

/** A live link as the merchant's profile names it: public id and key, and (locally) whose. */
export interface StaffPairing {
  id: string;
  key: string;
  /** the staff id; kept in this device's copy of the profile, never in a published tag */
  staff?: string;
}

/** Every person's live link, as the profile publishes it. */
export function staffPairings(
  shopSecret: Uint8Array,
  staff: readonly StaffMember[],
): StaffPairing[] {
  return staff.map((member) => {
    const secret = memberLinkSecret(shopSecret, member);
    return { id: pairingId(secret), key: pairingKey(secret), staff: member.id };
  });
}

/**
 * The person with their link revoked: the live secret's id and key join the revoked ones (the
 * newest REVOKED_LINKS_KEPT), and the next revision becomes the live link.
 */
export function revokeLink(shopSecret: Uint8Array, member: StaffMember, now: number): StaffMember {
  const secret = memberLinkSecret(shopSecret, member);
  const gone: RevokedLink = { id: pairingId(secret), key: pairingKey(secret), at: now };
  const revoked = [gone, ...(member.link?.revoked ?? [])].slice(0, REVOKED_LINKS_KEPT);
  return { ...member, link: { revision: linkRevision(member) + 1, revoked } };
}

/** One link the inbox may see a message from: its key checks the message's signature. */
export interface StaffLinkCheck {
  id: string;
  key: string;
  staff: StaffRef;
  /** the link was revoked: only a sale the mint already calls paid still lands */
  revoked: boolean;
}

/**
 * The links the inbox knows: the revoked ones from the staff list (so a revoke holds at once,
 * whether or not the new profile reached a relay) and the live ones this device last published
 * (what cashiers read). A person no longer on the list has no link.
 */
export function staffLinkChecks(
  staff: readonly StaffMember[],
  published: readonly StaffPairing[],
): StaffLinkCheck[] {
  const checks: StaffLinkCheck[] = [];
  for (const member of staff) {
    for (const gone of member.link?.revoked ?? []) {
      checks.push({ id: gone.id, key: gone.key, staff: refOf(member), revoked: true });
    }
  }
  for (const live of published) {
    const member = staff.find((m) => m.id === live.staff);
    if (!member || checks.some((c) => c.id === live.id)) continue;
    checks.push({ id: live.id, key: live.key, staff: refOf(member), revoked: false });
  }
  return checks;
}
