// Publishes this device's history to the merchant's relays as batches of device envelopes: new
// events are placed in batches first (a stored plan), then each batch a relay has not taken is
// sealed and sent, and what each relay took is noted (docs/protocol.md "Records on the relays").
import { getPublicKey } from 'nostr-tools/pure';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import type { Logger } from '../../logger';
import { metadataOf } from '../../history-metadata';
import type { Clock } from '../../clock';
import { publishToRelays } from '../../remote-payments/publish';
import type { RelayPool } from '../../remote-payments/relay-pool';
import { serialRuns } from '../../serial-runs';
import { EnvelopeTooLargeError, sealEnvelope, type EnvelopeWriter } from '../device-envelope';
import type { BatchState, OwnEvent, RecordsStore } from './ports';
import {
  batchName,
  eventBytes,
  extendBatches,
  fitRecordEvent,
  type RecordBatchBody,
} from './record-batches';
import { globalId, toRecordEvent, type RecordEvent } from './record-event';

/** Events read from storage at a time while placing new ones in batches. */
const PLAN_PAGE = 500;
const LOCK_NAME = 'cashew-records-publish';

export interface RecordsPublisherDeps {
  store: RecordsStore;
  /** What envelopes are written with; undefined until the device has seen its identity key. */
  writer: () => Promise<EnvelopeWriter | undefined>;
  getRelays: () => Promise<string[]>;
  createPool: () => RelayPool;
  logger: Logger;
  clock: Clock;
  /** One tab plans and publishes at a time (Web Locks in the app). */
  lock?: QuoteLock;
}

export interface PublishReport {
  /** batch versions sent to at least one relay */
  sent: number;
  /** batches some configured relay has not taken */
  pending: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export class RecordsPublisher {
  private readonly lock: QuoteLock;

  constructor(private readonly deps: RecordsPublisherDeps) {
    this.lock = deps.lock ?? defaultQuoteLock();
  }

  /** Plans and publishes; calls during a run fold into one more. Never rejects. */
  readonly sync: () => Promise<void> = serialRuns(async () => {
    try {
      await this.syncOnce();
    } catch (error) {
      this.deps.logger.warn('Could not publish the history to the relays', error);
    }
  });

  /** One run: new events planned into batches, then every batch a relay lacks sent to it. */
  syncOnce(): Promise<PublishReport> {
    return this.lock(LOCK_NAME, async () => {
      const writer = await this.deps.writer();
      if (!writer) return { sent: 0, pending: 0 };
      const self = getPublicKey(writer.deviceSecretKey);
      const relays = [...new Set((await this.deps.getRelays()).map((r) => r.trim()))].filter(
        Boolean,
      );
      const batches = await this.plan(self);
      return this.publish(writer, self, relays, batches);
    });
  }

  /** Batches that some configured relay has not taken yet. */
  async pending(): Promise<number> {
    const relays = await this.deps.getRelays();
    const batches = await this.deps.store.batches();
    return batches.filter((b) => relays.some((r) => !b.taken.includes(r))).length;
  }

  /**
   * The wire form of `events`: a refund names its sale by global id, the sale being this
   * device's own event or one imported from another device.
   */
  private async wire(self: string, events: OwnEvent[]): Promise<RecordEvent[]> {
    const links = new Map<number, number>();
    for (const event of events) {
      if (event.type !== 'refund') continue;
      const refundOf = metadataOf(event).refundOf;
      if (typeof refundOf === 'number' && Number.isSafeInteger(refundOf)) {
        links.set(event.id, refundOf);
      }
    }
    const imported =
      links.size > 0 ? await this.deps.store.globalIdsOf([...new Set(links.values())]) : undefined;
    return events.map((event) => {
      const sale = links.get(event.id);
      if (sale === undefined) return toRecordEvent(event);
      return toRecordEvent(event, imported?.get(sale) ?? globalId(self, sale));
    });
  }

  /** Places the events written since the last batch's range; returns every batch, planned. */
  private async plan(self: string): Promise<BatchState[]> {
    const { store } = this.deps;
    const stored = await store.batches();
    const byNumber = new Map(stored.map((b) => [b.n, b]));
    const changed = new Map<number, BatchState>();
    const now = seconds(this.deps.clock());
    let last = stored.at(-1);
    for (;;) {
      const page = await store.ownEvents(last?.toId ?? 0, undefined, PLAN_PAGE);
      if (page.length === 0) break;
      const wire = await this.wire(self, page);
      const sized = page.map((event, i) => {
        const fitted = fitRecordEvent(wire[i]!);
        if (!fitted) this.deps.logger.error(`History event ${event.id} is too large to publish`);
        return { id: event.id, bytes: fitted ? eventBytes(fitted) : 0 };
      });
      for (const range of extendBatches(last, sized)) {
        const before = changed.get(range.n) ?? byNumber.get(range.n);
        // A new version must be newer than any a relay holds, across page loads.
        const createdAt =
          changed.get(range.n)?.createdAt ?? Math.max(now, (before?.createdAt ?? 0) + 1);
        const state: BatchState = { ...range, createdAt, taken: [] };
        changed.set(range.n, state);
        byNumber.set(range.n, state);
        last = state;
      }
      if (page.length < PLAN_PAGE) break;
    }
    if (changed.size > 0) await store.saveBatches([...changed.values()]);
    return [...byNumber.values()].sort((a, b) => a.n - b.n);
  }

  /** The batch's body, rebuilt from the history (its events never change once written). */
  private async body(self: string, batch: BatchState): Promise<RecordBatchBody> {
    const events = await this.deps.store.ownEvents(batch.fromId, batch.toId, Infinity);
    const wire = await this.wire(self, events);
    return {
      n: batch.n,
      events: wire.map((e) => fitRecordEvent(e)).filter((e): e is RecordEvent => e !== undefined),
    };
  }

  private async publish(
    writer: EnvelopeWriter,
    self: string,
    relays: string[],
    batches: BatchState[],
  ): Promise<PublishReport> {
    const report: PublishReport = { sent: 0, pending: 0 };
    // A relay that failed once is not asked again in this run: the next run retries it.
    const failed = new Set<string>();
    let pool: RelayPool | undefined;
    try {
      for (const batch of batches) {
        const missing = relays.filter((r) => !batch.taken.includes(r));
        if (missing.length === 0) continue;
        const asked = missing.filter((r) => !failed.has(r));
        if (asked.length === 0) {
          report.pending += 1;
          continue;
        }
        let event;
        try {
          event = sealEnvelope(
            writer,
            batchName(batch.n),
            await this.body(self, batch),
            batch.createdAt,
          );
        } catch (error) {
          if (!(error instanceof EnvelopeTooLargeError)) throw error;
          this.deps.logger.error(`History batch ${batch.n} is too large to publish`, error);
          report.pending += 1;
          continue;
        }
        pool ??= this.deps.createPool();
        const outcome = await publishToRelays(event, asked, pool);
        for (const [relay, reason] of Object.entries(outcome.failures)) {
          failed.add(relay);
          this.deps.logger.warn(`${relay} did not take history batch ${batch.n}`, reason);
        }
        if (outcome.accepted.length > 0) {
          await this.deps.store.noteTaken(batch.n, batch.createdAt, outcome.accepted);
          report.sent += 1;
        }
        if (outcome.accepted.length < missing.length) report.pending += 1;
      }
    } finally {
      pool?.destroy();
    }
    return report;
  }
}
