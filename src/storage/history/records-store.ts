// RecordsStore on Dexie: this device's history batches and what the relays took of them, and
// other devices' events imported into historyEvents, each once by its global id (schema v36;
// docs/protocol.md "Records on the relays").
import { Dexie } from 'dexie';
import type {
  BatchState,
  ImportOutcome,
  OwnEvent,
  ReadCursor,
  ReadNote,
  RecordsStore,
} from '../../core/backup/records/ports';
import { incomingWins, type RecordCopy } from '../../core/backup/records/record-copies';
import { globalId, parseGlobalId } from '../../core/backup/records/record-event';
import { metadataOf } from '../../core/history-metadata';
import { isReplicated } from '../../core/history-kinds';
import type { Clock } from '../../core/clock';
import type { CashewDb } from '../database/db';
import { writeConfigJson } from '../database/config-json';
import { CONFIG_KEYS } from '../database/key-names';
import type { HistoryRow } from '../database/rows';

type NewRow = Omit<HistoryRow, 'id'>;

const isOwnReplicated = (row: HistoryRow) => row.gid === undefined && isReplicated(row.type);

function parseCursor(value: string | undefined): ReadCursor | undefined {
  if (value === undefined) return undefined;
  try {
    const { at, fullAt } = JSON.parse(value) as Partial<ReadCursor>;
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(fullAt)) return undefined;
    return { at: at!, fullAt: fullAt! };
  } catch {
    return undefined;
  }
}

/** The row of a copy; a refund's link is to `saleId` when known, else waits in `linkGid`. */
function rowOf(copy: RecordCopy, saleId: number | undefined): NewRow {
  const { event } = copy;
  const row: NewRow = {
    createdAt: event.at,
    type: event.type,
    amount: event.sats,
    mintUrl: event.mint,
    gid: globalId(copy.author, event.id),
    device: copy.author,
    copy: { digest: copy.digest, envelopeAt: copy.envelopeAt },
  };
  if (event.quote !== undefined) row.quoteId = event.quote;
  if (event.request !== undefined) row.request = event.request;
  if (event.fiat) row.fiat = event.fiat;
  if (event.sale) row.sale = event.sale;
  if (event.receipt !== undefined) row.receiptNumber = event.receipt;
  if (event.refundOf !== undefined) {
    const meta = { ...metadataOf({ metadata: event.meta }), refundOf: saleId };
    if (saleId === undefined) {
      delete meta.refundOf;
      row.linkGid = event.refundOf;
    }
    row.metadata = JSON.stringify(meta);
  } else if (event.meta !== undefined) {
    row.metadata = event.meta;
  }
  return row;
}

export class DexieRecordsStore implements RecordsStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async batches(): Promise<BatchState[]> {
    return this.db.recordBatches.orderBy('n').toArray();
  }

  async saveBatches(batches: BatchState[]): Promise<void> {
    await this.db.recordBatches.bulkPut(batches.map((b) => ({ ...b, taken: [...b.taken] })));
  }

  async noteTaken(n: number, createdAt: number, relays: string[]): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.recordBatches, async () => {
      const row = await db.recordBatches.get(n);
      if (!row || row.createdAt !== createdAt) return;
      await db.recordBatches.update(n, { taken: [...new Set([...row.taken, ...relays])] });
    });
  }

  async ownEvents(afterId: number, upToId: number | undefined, limit: number): Promise<OwnEvent[]> {
    const range =
      upToId === undefined
        ? this.db.historyEvents.where(':id').above(afterId)
        : this.db.historyEvents.where(':id').between(afterId, upToId, false, true);
    const rows = await range
      .filter(isOwnReplicated)
      .limit(Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER)
      .toArray();
    return rows as OwnEvent[];
  }

  async globalIdsOf(ids: number[]): Promise<Map<number, string>> {
    const rows = await this.db.historyEvents.bulkGet(ids);
    const found = new Map<number, string>();
    rows.forEach((row, i) => {
      if (row?.gid !== undefined) found.set(ids[i]!, row.gid);
    });
    return found;
  }

  async importCopies(copies: RecordCopy[], self: string): Promise<ImportOutcome> {
    const { db } = this;
    return db.transaction('rw', db.historyEvents, async () => {
      const outcome: ImportOutcome = { added: 0, replaced: [], kept: [], duplicates: 0 };
      const foreign = copies.filter((c) => c.author !== self);
      if (foreign.length === 0) return outcome;
      const saleIdOf = await this.saleIds(foreign, self);
      const rows = foreign.map((copy) => rowOf(copy, saleIdOf(copy)));
      // Every copy is added; the unique global id refuses those already stored, which are then
      // read and compared. A restore's thousands of new events need no look-up each.
      const refused = await this.addNew(rows);
      outcome.added = rows.length - refused.length;
      if (refused.length > 0) {
        const gids = refused.map((i) => rows[i]!.gid!);
        const stored = new Map<string, HistoryRow>();
        for (const row of await db.historyEvents.where('gid').anyOf(gids).toArray()) {
          stored.set(row.gid!, row);
        }
        for (const i of refused) {
          const copy = foreign[i]!;
          const gid = rows[i]!.gid!;
          const held = stored.get(gid)!;
          const mark = held.copy ?? { digest: '', envelopeAt: 0 };
          if (mark.digest === copy.digest) {
            outcome.duplicates += 1;
          } else if (incomingWins(mark, copy)) {
            // In place: its id stays, so refunds linked to it stay linked.
            const row: HistoryRow = { ...rows[i]!, id: held.id };
            if (held.printedAt !== undefined) row.printedAt = held.printedAt;
            await db.historyEvents.put(row);
            outcome.replaced.push(gid);
          } else {
            outcome.kept.push(gid);
          }
        }
      }
      const skip = new Set(refused);
      await this.linkWaitingRefunds(rows.filter((_, i) => !skip.has(i)).map((row) => row.gid!));
      return outcome;
    });
  }

  /** Adds the rows; the positions of those the unique global id refused (stored already). */
  private async addNew(rows: NewRow[]): Promise<number[]> {
    try {
      await this.db.historyEvents.bulkAdd(rows);
      return [];
    } catch (error) {
      // Caught inside the transaction, a bulk add keeps the rows that went in (Dexie's BulkError).
      if (!(error instanceof Dexie.BulkError)) throw error;
      const failures = Object.entries(error.failuresByPos);
      if (failures.some(([, failure]) => failure.name !== 'ConstraintError')) throw error;
      return failures.map(([position]) => Number(position));
    }
  }

  /** The local sale id of each copy that is a refund, by its sale's global id. */
  private async saleIds(
    copies: RecordCopy[],
    self: string,
  ): Promise<(copy: RecordCopy) => number | undefined> {
    const { db } = this;
    const links = copies
      .map((c) => parseGlobalId(c.event.refundOf))
      .filter((link) => link !== undefined);
    const sales = new Map<string, number>();
    const elsewhere = links.filter((l) => l.device !== self).map((l) => globalId(l.device, l.id));
    if (elsewhere.length > 0) {
      for (const row of await db.historyEvents.where('gid').anyOf(elsewhere).toArray()) {
        sales.set(row.gid!, row.id);
      }
    }
    const ownIds = links.filter((l) => l.device === self).map((l) => l.id);
    const own = new Set<number>();
    (await db.historyEvents.bulkGet(ownIds)).forEach((row, i) => {
      if (row && row.gid === undefined) own.add(ownIds[i]!);
    });
    return (copy) => {
      const link = parseGlobalId(copy.event.refundOf);
      if (!link) return undefined;
      if (link.device === self) return own.has(link.id) ? link.id : undefined;
      return sales.get(globalId(link.device, link.id));
    };
  }

  /**
   * Refunds stored before their sale (another batch, another device) get its local id now. They
   * are found among the refunds (the type index), a few rows: no index of their own to keep.
   */
  private async linkWaitingRefunds(gids: string[]): Promise<void> {
    const { db } = this;
    if (gids.length === 0) return;
    const added = new Set(gids);
    const waiting = await db.historyEvents
      .where('type')
      .equals('refund')
      .filter((row) => row.linkGid !== undefined && added.has(row.linkGid))
      .toArray();
    if (waiting.length === 0) return;
    const sales = new Map<string, number>();
    const targets = [...new Set(waiting.map((row) => row.linkGid!))];
    for (const row of await db.historyEvents.where('gid').anyOf(targets).toArray()) {
      sales.set(row.gid!, row.id);
    }
    const linked = waiting.map((row) => {
      const { linkGid, ...rest } = row;
      const refundOf = sales.get(linkGid!);
      return { ...rest, metadata: JSON.stringify({ ...metadataOf(row), refundOf }) };
    });
    await db.historyEvents.bulkPut(linked);
  }

  async readNotes(): Promise<ReadNote[]> {
    return (await this.db.recordReads.toArray()).map(({ author, name, createdAt }) => ({
      author,
      name,
      createdAt,
    }));
  }

  async saveReadNotes(notes: ReadNote[]): Promise<void> {
    if (notes.length === 0) return;
    await this.db.recordReads.bulkPut(
      notes.map((note) => ({ ...note, key: `${note.author}/${note.name}` })),
    );
  }

  async readCursor(): Promise<ReadCursor | undefined> {
    return parseCursor((await this.db.config.get(CONFIG_KEYS.recordsRead))?.value);
  }

  async saveReadCursor(cursor: ReadCursor): Promise<void> {
    await writeConfigJson(this.db, CONFIG_KEYS.recordsRead, cursor, this.clock());
  }
}
