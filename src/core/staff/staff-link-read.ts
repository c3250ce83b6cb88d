// A person's cashier link as the staff list keeps it, and the check a stored or restored one
// passes; no crypto here, so the staff list reads it without the link secrets' code
// (docs/decisions/0079-a-cashier-link-per-person.md).

/** Revoked links remembered per person, newest kept: enough for their late sales to land. */
export const REVOKED_LINKS_KEPT = 10;

/** A link that no longer sells: its public pairing id and key (never its secret), and when. */
export interface RevokedLink {
  /** pairing.ts `pairingId` of the revoked secret */
  id: string;
  /** pairing.ts `pairingKey` of the revoked secret: checks a late sale's signature */
  key: string;
  /** unix ms */
  at: number;
}

/** A person's link as the staff list keeps it: which revision is live and those revoked. */
export interface StaffLink {
  revision: number;
  revoked?: RevokedLink[];
}

const HEX16 = /^[0-9a-f]{16}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/** A stored or restored link, or undefined when it is not one this version wrote. */
export function staffLinkFrom(value: unknown): StaffLink | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!Number.isSafeInteger(v.revision) || (v.revision as number) < 0) return undefined;
  const revoked: RevokedLink[] = [];
  for (const item of Array.isArray(v.revoked) ? v.revoked : []) {
    const r = item as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null) continue;
    if (typeof r.id !== 'string' || !HEX16.test(r.id)) continue;
    if (typeof r.key !== 'string' || !HEX64.test(r.key)) continue;
    if (!Number.isSafeInteger(r.at)) continue;
    revoked.push({ id: r.id, key: r.key, at: r.at as number });
  }
  return {
    revision: v.revision as number,
    ...(revoked.length > 0 ? { revoked: revoked.slice(0, REVOKED_LINKS_KEPT) } : {}),
  };
}
