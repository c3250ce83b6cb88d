// Reads the other devices' history batches from the merchant's relays and imports their events:
// only envelopes a device of the phrase certified, each event once, never this device's own, in
// chunks with the page given a turn between them (docs/protocol.md "Records on the relays").
import type { Event as NostrEvent } from 'nostr-tools/core';
import type { Filter } from 'nostr-tools/filter';
import { getPublicKey } from 'nostr-tools/pure';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import type { RelayQuery } from '../../discovery/relay-query';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import { DEVICE_ENVELOPE_KIND, envelopeFilter, envelopeOpener } from '../device-envelope';
import type { ImportOutcome, ReadNote, RecordsStore } from './ports';
import { batchNumberOf, parseBatchBody } from './record-batches';
import { winningCopies, type RecordCopy } from './record-copies';
import { parseRecordEvent, recordDigest } from './record-event';

/** Envelopes asked of the relays per request; an older page is asked for while pages come full. */
export const READ_PAGE = 500;
/** At most this many pages in one read (250,000 envelopes). */
const MAX_PAGES = 500;
/** Events stored per IndexedDB transaction, with a turn for the page between two. */
export const IMPORT_CHUNK = 500;
/**
 * A periodic read asks for envelopes dated from 15 minutes before the last one started: another
 * device's clock may run behind this one's by that much.
 */
export const READ_OVERLAP_S = 15 * 60;
/** A read without `since` at least once a day: it finds what a clock further behind dated older. */
export const FULL_READ_EVERY_S = 24 * 60 * 60;
const LOCK_NAME = 'cashew-records-read';

export interface RecordsReaderDeps {
  store: RecordsStore;
  query: RelayQuery;
  getRelays: () => Promise<string[]>;
  /** The identity secret key when it opens without the PIN now; undefined while locked. */
  openIdentityKey: () => Promise<Uint8Array | undefined>;
  /** This device's key: envelopes it wrote are never imported back. */
  devicePubkey: () => Promise<string>;
  logger: Logger;
  clock: Clock;
  /** Gives the page a turn between chunks (a macrotask in tests). */
  between?: () => Promise<void>;
  /** Events were added to the history (never the balance). */
  onImported?: (count: number) => void;
  lock?: QuoteLock;
  maxWaitMs?: number;
}

export interface ReadReport {
  /** 'locked': the identity key is sealed until the PIN; nothing was read */
  status: 'read' | 'locked' | 'no-relays' | 'unreachable';
  imported: number;
  /** envelopes refused: not opened, not certified, malformed */
  refused: number;
}

const keyOf = (author: string, name: string) => `${author}/${name}`;

/** The newest envelope per author and name: a relay may still hold an older version. */
function newestPerBatch(events: NostrEvent[]): NostrEvent[] {
  const newest = new Map<string, NostrEvent>();
  for (const event of events) {
    const name = event.tags.find((t) => t[0] === 'd')?.[1];
    if (typeof name !== 'string' || batchNumberOf(name) === undefined) continue;
    const key = keyOf(event.pubkey, name);
    const held = newest.get(key);
    // NIP-01: of two of the same second, the lower id counts.
    if (
      !held ||
      event.created_at > held.created_at ||
      (event.created_at === held.created_at && event.id < held.id)
    ) {
      newest.set(key, event);
    }
  }
  return [...newest.values()];
}

const batchOrder = (a: NostrEvent, b: NostrEvent) => {
  if (a.pubkey !== b.pubkey) return a.pubkey < b.pubkey ? -1 : 1;
  const n = (e: NostrEvent) => batchNumberOf(e.tags.find((t) => t[0] === 'd')![1]!)!;
  return n(a) - n(b);
};

/** Oldest first, so a restored history's rows follow the time they were taken. */
const timeOrder = (a: RecordCopy, b: RecordCopy) =>
  a.event.at - b.event.at ||
  (a.author < b.author ? -1 : a.author > b.author ? 1 : 0) ||
  a.event.id - b.event.id;

export class RecordsReader {
  private readonly lock: QuoteLock;

  constructor(private readonly deps: RecordsReaderDeps) {
    this.lock = deps.lock ?? defaultQuoteLock();
  }

  /**
   * Reads and imports. 'recent' asks for what changed since the last read (with an overlap for
   * clocks); 'full' for every batch (a restore; also once a day). Never rejects.
   */
  async read(mode: 'recent' | 'full' = 'recent'): Promise<ReadReport> {
    try {
      return await this.lock(LOCK_NAME, () => this.readOnce(mode));
    } catch (error) {
      this.deps.logger.warn('Could not read the history from the relays', error);
      return { status: 'unreachable', imported: 0, refused: 0 };
    }
  }

  private async readOnce(mode: 'recent' | 'full'): Promise<ReadReport> {
    const { store, logger } = this.deps;
    const identityKey = await this.deps.openIdentityKey();
    if (!identityKey) return { status: 'locked', imported: 0, refused: 0 };
    const relays = (await this.deps.getRelays()).filter((r) => r.trim() !== '');
    if (relays.length === 0) return { status: 'no-relays', imported: 0, refused: 0 };
    const started = Math.floor(this.deps.clock() / 1000);
    const cursor = await store.readCursor();
    const full = mode === 'full' || !cursor || started - cursor.fullAt >= FULL_READ_EVERY_S;
    const filter: Filter = envelopeFilter(getPublicKey(identityKey));
    if (!full) filter.since = Math.max(0, cursor.at - READ_OVERLAP_S);
    let envelopes: NostrEvent[];
    try {
      envelopes = await this.fetch(relays, filter);
    } catch (error) {
      logger.warn('No relay could be asked for the history', error);
      return { status: 'unreachable', imported: 0, refused: 0 };
    }
    const self = await this.deps.devicePubkey();
    const notes = new Map((await store.readNotes()).map((n) => [keyOf(n.author, n.name), n]));
    const fresh = newestPerBatch(envelopes)
      .filter((e) => e.kind === DEVICE_ENVELOPE_KIND && e.pubkey !== self)
      .filter((e) => {
        const note = notes.get(keyOf(e.pubkey, e.tags.find((t) => t[0] === 'd')![1]!));
        return !note || note.createdAt < e.created_at;
      })
      .sort(batchOrder);
    const { copies, read, refused } = await this.open(identityKey, fresh);
    const imported = await this.import(copies, self);
    await store.saveReadNotes(read);
    await store.saveReadCursor({ at: started, fullAt: full ? started : cursor!.fullAt });
    if (imported > 0) this.deps.onImported?.(imported);
    return { status: 'read', imported, refused };
  }

  /** Every matching envelope, page by page back in time while relays send full pages. */
  private async fetch(relays: string[], filter: Filter): Promise<NostrEvent[]> {
    const byId = new Map<string, NostrEvent>();
    let until: number | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const found = await this.deps.query(
        relays,
        { ...filter, limit: READ_PAGE, ...(until !== undefined ? { until } : {}) },
        this.deps.maxWaitMs ?? 8_000,
      );
      let added = 0;
      let oldest = Infinity;
      for (const event of found) {
        oldest = Math.min(oldest, event.created_at);
        if (byId.has(event.id)) continue;
        byId.set(event.id, event);
        added += 1;
      }
      if (found.length < READ_PAGE || added === 0) break;
      until = oldest;
    }
    return [...byId.values()];
  }

  /** Opens each envelope; the copies of the certified, well-formed ones, and the notes for them. */
  private async open(
    identityKey: Uint8Array,
    envelopes: NostrEvent[],
  ): Promise<{ copies: RecordCopy[]; read: ReadNote[]; refused: number }> {
    const { logger } = this.deps;
    const copies: RecordCopy[] = [];
    const read: ReadNote[] = [];
    const openEnvelope = envelopeOpener(identityKey);
    let refused = 0;
    for (const [index, envelope] of envelopes.entries()) {
      // A batch takes milliseconds to decrypt and check: the page gets a turn after each.
      if (index > 0) await this.between();
      const opened = openEnvelope(envelope);
      const where = { author: envelope.pubkey, id: envelope.id };
      if (!opened) {
        refused += 1;
        logger.warn(
          'A history batch on the relays could not be opened (bad signature or JSON)',
          where,
        );
        continue;
      }
      if (!opened.certified) {
        // Anyone can seal to the merchant's public key: only the phrase's devices are believed.
        refused += 1;
        logger.warn('A history batch not certified by this phrase was refused', where);
        continue;
      }
      const body = parseBatchBody(opened.body);
      if (!body) {
        refused += 1;
        logger.warn('A malformed history batch was refused', where);
        continue;
      }
      let malformed = 0;
      for (const raw of body.events) {
        const event = parseRecordEvent(raw);
        if (!event) {
          malformed += 1;
          continue;
        }
        const copy = { author: opened.author, event, envelopeAt: opened.createdAt };
        copies.push({ ...copy, digest: recordDigest(event) });
      }
      if (malformed > 0) logger.warn(`${malformed} malformed history events were skipped`, where);
      read.push({ author: opened.author, name: opened.name, createdAt: opened.createdAt });
    }
    return { copies, read, refused };
  }

  /** Stores the copies oldest first in chunks; returns how many events were new. */
  private async import(copies: RecordCopy[], self: string): Promise<number> {
    const { store, logger } = this.deps;
    const winners = [...winningCopies(copies).values()].sort(timeOrder);
    let added = 0;
    for (let at = 0; at < winners.length; at += IMPORT_CHUNK) {
      if (at > 0) await this.between();
      const outcome: ImportOutcome = await store.importCopies(
        winners.slice(at, at + IMPORT_CHUNK),
        self,
      );
      added += outcome.added;
      for (const id of outcome.replaced) {
        logger.warn(`History event ${id} differed from the stored copy: the newer one was kept`);
      }
      for (const id of outcome.kept) {
        logger.warn(`History event ${id} differed from the stored copy, which is newer: kept`);
      }
    }
    return added;
  }

  private between(): Promise<void> {
    return this.deps.between?.() ?? new Promise((resolve) => setTimeout(resolve, 0));
  }
}
