// The merchant's public payment profile: a NIP-61 kind 10019 event naming its mint, relays and
// lock pubkey, plus the current pairing id (docs/protocol.md "Merchant profile").
import type { EventTemplate, NostrEvent } from 'nostr-tools/core';

/** NIP-61 "nutzap informational event": replaceable, the newest one counts. */
export const MERCHANT_PROFILE_KIND = 10019;
/** Our own tag: the id of the cashier-link secret the merchant accepts; absent when it accepts any. */
export const PAIRING_TAG = 'cashew-pairing';
/** Our own tag: a listed mint on which the merchant takes quotes that are not NUT-20 locked. */
export const UNLOCKED_TAG = 'cashew-unlocked';
/** Our own tag: the sales inbox key, where cashiers send sales and lock quotes (decision 0030). */
export const INBOX_TAG = 'cashew-inbox';
/** Our own tag: the key that checks a paired link's signature (pairing.ts `pairingKey`). */
export const PAIRING_KEY_TAG = 'cashew-pairing-key';
/** Our own tag, one per staff member: `[tag, pairing id, pairing key]` of their live link. */
export const STAFF_PAIRING_TAG = 'cashew-staff-pairing';

/** Relays, mints and up to 50 staff links (core/staff/staff.ts STAFF_MAX) fit. */
const MAX_TAGS = 128;
const PUBKEY_PATTERN = /^0[23][0-9a-f]{64}$/;
const PAIRING_ID_PATTERN = /^[0-9a-f]{16}$/;
const XONLY_PATTERN = /^[0-9a-f]{64}$/;

export interface MerchantProfile {
  mints: string[];
  relays: string[];
  /** NUT-20 / P2PK lock pubkey, `02` or `03` + 64 hex */
  pubkey?: string;
  /** present when the merchant takes only paired messages */
  pairingId?: string;
  /** listed mints on which an unlocked quote is taken (the merchant's setting; never a locking mint) */
  unlockedMints?: string[];
  /**
   * The sales inbox key (x-only hex): cashiers wrap sales to it and lock quotes to it, so a
   * locked till takes them. Absent (an older profile): the profile's author, as before.
   */
  inbox?: string;
  /** with pairingId: the key that checks a paired link's signature (x-only hex) */
  pairingKey?: string;
  /**
   * Each staff member's live cashier link (docs/protocol.md "Staff links"); published even when
   * unpaired links are accepted, so a revoked person's link stops. `staff` (whose link) stays in
   * this device's copy and is never published.
   */
  staffPairings?: { id: string; key: string; staff?: string }[];
}

export function merchantProfileTemplate(profile: MerchantProfile, now: number): EventTemplate {
  const tags: string[][] = [];
  for (const relay of profile.relays) tags.push(['relay', relay]);
  for (const mint of profile.mints) tags.push(['mint', mint, 'sat']);
  if (profile.pubkey) tags.push(['pubkey', profile.pubkey]);
  if (profile.pairingId) tags.push([PAIRING_TAG, profile.pairingId]);
  for (const mint of profile.unlockedMints ?? []) tags.push([UNLOCKED_TAG, mint]);
  if (profile.inbox) tags.push([INBOX_TAG, profile.inbox]);
  if (profile.pairingKey) tags.push([PAIRING_KEY_TAG, profile.pairingKey]);
  for (const link of profile.staffPairings ?? []) tags.push([STAFF_PAIRING_TAG, link.id, link.key]);
  return { kind: MERCHANT_PROFILE_KIND, created_at: now, tags, content: '' };
}

function isUrl(value: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Reads a profile event (its signature already checked by the relay pool). Tags that are not
 * well formed are skipped one by one; an event of another kind or with too many tags is refused.
 */
export function parseMerchantProfile(event: NostrEvent): MerchantProfile | undefined {
  if (event.kind !== MERCHANT_PROFILE_KIND || !Array.isArray(event.tags)) return undefined;
  if (event.tags.length > MAX_TAGS) return undefined;
  const profile: MerchantProfile = { mints: [], relays: [] };
  for (const tag of event.tags) {
    if (!Array.isArray(tag) || typeof tag[1] !== 'string') continue;
    const [name, value] = tag;
    if (name === 'relay' && isUrl(value, ['wss:', 'ws:'])) profile.relays.push(value);
    if (name === 'mint' && isUrl(value, ['https:', 'http:']) && (tag[2] ?? 'sat') === 'sat') {
      profile.mints.push(value);
    }
    if (name === 'pubkey' && PUBKEY_PATTERN.test(value)) profile.pubkey = value;
    if (name === PAIRING_TAG && PAIRING_ID_PATTERN.test(value)) profile.pairingId = value;
    if (name === UNLOCKED_TAG && isUrl(value, ['https:', 'http:'])) {
      (profile.unlockedMints ??= []).push(value);
    }
    if (name === INBOX_TAG && XONLY_PATTERN.test(value)) profile.inbox = value;
    if (name === PAIRING_KEY_TAG && XONLY_PATTERN.test(value)) profile.pairingKey = value;
    const key = tag[2];
    if (name === STAFF_PAIRING_TAG && PAIRING_ID_PATTERN.test(value) && typeof key === 'string') {
      if (XONLY_PATTERN.test(key)) (profile.staffPairings ??= []).push({ id: value, key });
    }
  }
  return profile;
}

/** Relays may keep several versions of a replaceable event: the newest one is the profile. */
export function newestEvent(events: readonly NostrEvent[]): NostrEvent | undefined {
  let newest: NostrEvent | undefined;
  for (const event of events) {
    if (!newest || event.created_at > newest.created_at) newest = event;
  }
  return newest;
}
