// What a relay last took of each backup (the app data parts, the NUT-27 mint list), noted across
// page loads so an unchanged backup is not signed and sent at every start and the next one is
// dated after it (docs/protocol.md "App data backup").
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** How long a backup a relay took counts as published: after that a start publishes it again. */
export const BACKUP_REPUBLISH_MS = 7 * 24 * 60 * 60 * 1000;

/** Where the chunks of a split backup are (docs/protocol.md "App data backup"). */
export type ChunkSlot = 'a' | 'b';

export interface PublishedNote {
  /** SHA-256 (hex) of the author, the relays and the value: never the value itself */
  digest: string;
  /** the event's created_at (unix seconds): the next one, of any page load, is dated after it */
  createdAt: number;
  /** the slot the chunks went to, for a backup split in chunks */
  slot?: ChunkSlot;
  /** unix ms, when it was noted */
  at: number;
}

/** The notes, one per backup name (config rows, storage/shop/backup-notes-store.ts). */
export interface PublishedNotes {
  last(name: string): Promise<PublishedNote | undefined>;
  record(name: string, note: Omit<PublishedNote, 'at'>): Promise<void>;
}

/**
 * The digest a note keeps: the value's text with who signs it and where it goes, so a new key or
 * a changed relay list publishes again. A digest, as a part may hold what the device keeps to
 * itself (a Lightning address, the mints it uses).
 */
export function publishedDigest(author: string, relays: readonly string[], text: string): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify([author, [...relays].sort(), text]))));
}

/**
 * True when a relay took this very value within BACKUP_REPUBLISH_MS: relays keep an addressable
 * event, so sending it again would only cost a signature and a round trip at every start. Older,
 * it is sent again, for a relay that dropped it.
 */
export function publishedRecently(
  note: PublishedNote | undefined,
  digest: string,
  now: number,
): boolean {
  return note?.digest === digest && now - note.at < BACKUP_REPUBLISH_MS;
}
