// What the history replication needs from storage: this device's events and the state of its
// batches on the relays, and the import of other devices' events into the history.
import type { HistoryEvent } from '../../history-ports';
import type { RecordCopy } from './record-copies';
import type { BatchRange } from './record-batches';

/** One of this device's batches and what the relays took of it. */
export interface BatchState extends BatchRange {
  /** created_at (unix s) of the batch's current version: signed again for a relay not taken yet */
  createdAt: number;
  /** relays (as configured) that answered OK to that version */
  taken: string[];
}

/** An event of this device as stored, with the invoice column a cash-out or refund has. */
export type OwnEvent = HistoryEvent & { request?: string };

/** The newest version of another device's batch this device imported whole. */
export interface ReadNote {
  author: string;
  name: string;
  createdAt: number;
}

/** Where the periodic reads stand, unix seconds of this device's clock. */
export interface ReadCursor {
  /** when the last complete read started */
  at: number;
  /** when the last complete read without `since` started */
  fullAt: number;
}

export interface ImportOutcome {
  /** events new to this device */
  added: number;
  /** stored events another copy replaced (docs/protocol.md "Records on the relays") */
  replaced: string[];
  /** stored events a different copy did not replace */
  kept: string[];
  /** copies already stored as they are */
  duplicates: number;
}

export interface RecordsStore {
  /** This device's batches, by number. */
  batches(): Promise<BatchState[]>;
  /** Writes batch states (a new range, or a new version to publish) in one transaction. */
  saveBatches(batches: BatchState[]): Promise<void>;
  /** Adds relays that took version `createdAt` of batch `n`; a newer version planned since keeps its own. */
  noteTaken(n: number, createdAt: number, relays: string[]): Promise<void>;
  /**
   * This device's own events of replicated kinds with afterId < id <= upToId (no upper bound
   * when absent), oldest first, at most `limit`.
   */
  ownEvents(afterId: number, upToId: number | undefined, limit: number): Promise<OwnEvent[]>;
  /** The global id of each stored event of `ids` that has one elsewhere (another device's). */
  globalIdsOf(ids: number[]): Promise<Map<number, string>>;
  /**
   * Stores other devices' events in one transaction: new ones added, one already stored kept
   * or replaced by the copy rule, refund links resolved to local ids (now or when the sale
   * comes). `self` is this device's key: its own events are never imported.
   */
  importCopies(copies: RecordCopy[], self: string): Promise<ImportOutcome>;
  readNotes(): Promise<ReadNote[]>;
  saveReadNotes(notes: ReadNote[]): Promise<void>;
  readCursor(): Promise<ReadCursor | undefined>;
  saveReadCursor(cursor: ReadCursor): Promise<void>;
}
