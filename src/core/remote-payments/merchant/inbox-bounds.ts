// What one stranger's wrap may cost the merchant's inbox, and how far back a message the inbox
// could not finish may hold a relay's lookback (docs/protocol.md "Receiving (merchant inbox)").
import type { NostrEvent } from 'nostr-tools/core';
import { GIFT_WRAP_BACKDATE_SECONDS, GIFT_WRAP_KIND } from '../constants';
import { nip44ShapeProblem } from '../nip44-shape';

/**
 * A wrap's content above this many characters is dropped before it is decrypted. The largest
 * payment message (8 KiB, MAX_PAYMENT_MESSAGE_BYTES) sealed and wrapped (NIP-44 padding and
 * base64, twice) comes to about 33,000; anything longer cannot be one of ours.
 */
export const MAX_WRAP_CONTENT_CHARS = 64 * 1024;

/** Wrap ids remembered per listening session, at most (the oldest go first). */
export const SEEN_WRAPS_MAX = 20_000;

/**
 * Wrap ids are remembered while their created_at is within this window of now: older wraps are
 * only sent again by a subscription asking from further back, and a repeat costs one more read.
 */
export const SEEN_WRAPS_WINDOW_SECONDS = 4 * 24 * 60 * 60;

/**
 * An unfinished message never holds a relay's recorded lookback more than this far before now,
 * whatever created_at its sender chose: the next subscription then asks from at most
 * 1 day + 2 days of back-dating + 1 hour ago. One still unfinished after its retries is kept in
 * the retry list instead (docs/decisions/0027-bounded-inbox.md).
 */
export const INBOX_MAX_HOLD_SECONDS = 24 * 60 * 60;

/** How often the retry list is tried again while listening (and once at each start). */
export const INBOX_RETRY_LIST_INTERVAL_MS = 5 * 60_000;

/** Messages in the retry list at most; the oldest is dropped (and logged) for a new one. */
export const INBOX_RETRY_LIST_MAX = 50;

/** A message in the retry list this long (30 days, as processed quotes) is given up, logged. */
export const INBOX_RETRY_LIST_MAX_AGE_MS = 2_592_000_000;

/**
 * Wraps opened (signature checked when the pool left it, then decrypted) per turn of the inbox's
 * queue; between turns other tasks run and live messages go first (decision 0099).
 */
export const INBOX_SLICE_WRAPS = 4;

/**
 * The checks that cost nothing, made before the wrap's signature is checked, it is decrypted or
 * anything is read: why the wrap is dropped, or undefined to go on. The content's NIP-44 shape
 * (nip44-shape.ts) is refused by decrypt anyway; here it costs no ECDH.
 */
export function precheckWrap(event: NostrEvent, pubkey: string): string | undefined {
  if (event.kind !== GIFT_WRAP_KIND) return `kind ${event.kind} is not a gift wrap`;
  if (typeof event.content !== 'string') return 'no content';
  if (event.content.length > MAX_WRAP_CONTENT_CHARS) {
    return `content of ${event.content.length} characters is over ${MAX_WRAP_CONTENT_CHARS}`;
  }
  if (!event.tags.some((tag) => tag[0] === 'p' && tag[1] === pubkey)) return 'not addressed to us';
  const shape = nip44ShapeProblem(event.content);
  return shape === undefined ? undefined : `not a NIP-44 v2 payload: ${shape}`;
}

/**
 * The latest lookback a relay may record while these messages are unfinished: each holds it at
 * its created_at + the back-dating window (so the next subscription fetches it again), but never
 * below now - INBOX_MAX_HOLD_SECONDS.
 */
export function lookbackFloor(
  seconds: number,
  unresolvedCreatedAt: Iterable<number>,
  nowSeconds: number,
): number {
  const lowest = nowSeconds - INBOX_MAX_HOLD_SECONDS;
  let at = seconds;
  for (const createdAt of unresolvedCreatedAt) {
    at = Math.min(at, Math.max(createdAt + GIFT_WRAP_BACKDATE_SECONDS, lowest));
  }
  return at;
}
