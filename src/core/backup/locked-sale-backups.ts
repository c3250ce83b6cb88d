// Sales taken while locked, backed up on the merchant's relays before their mint request, kept
// pending and retried until a relay takes them, and removed once their proofs are swapped to
// outputs the phrase restores (docs/protocol.md "Locked sales on the relays", decision 0050).
import type { Event as NostrEvent } from 'nostr-tools/core';
import { BackoffTimers } from '../backoff-timers';
import { Listeners } from '../listeners';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../clock';
import { serialRuns } from '../serial-runs';
import { publishToRelays } from '../remote-payments/publish';
import type { RelayPool } from '../remote-payments/relay-pool';
import type { EnvelopeWriter } from './device-envelope';
import {
  lockedSaleEnvelopeId,
  lockedSaleTombstone,
  sealLockedSale,
  type LockedSale,
  type LockedSaleSource,
} from './locked-sale-envelope';

/**
 * One sale's backup on this device (schema v35). `pending`: no relay took it yet; `sent`: one did;
 * `removing`: its proofs no longer need it and the tombstone waits for a relay.
 */
export interface LockedSaleBackupRow {
  /** the envelope id, a digest of source and ref */
  id: string;
  source: LockedSaleSource;
  /** the quote id or the ecash receipt id whose journal holds the outputs */
  ref: string;
  mintUrl: string;
  /** the signed envelope; its body is sealed to the identity key, so it is safe at rest */
  event: NostrEvent;
  state: 'pending' | 'sent' | 'removing';
  tombstone?: NostrEvent;
  /** set before the first publish: a row never offered to a relay goes without a tombstone */
  offered?: boolean;
  /** ms */
  createdAt: number;
}

/** Every change is made only while the row still holds the backup `eventId` (a newer one wins). */
export interface LockedSaleBackupStore {
  put(row: LockedSaleBackupRow): Promise<void>;
  get(id: string): Promise<LockedSaleBackupRow | undefined>;
  list(): Promise<LockedSaleBackupRow[]>;
  markOffered(id: string, eventId: string): Promise<void>;
  /** pending to sent */
  markSent(id: string, eventId: string): Promise<void>;
  startRemoval(id: string, eventId: string, tombstone: NostrEvent): Promise<void>;
  remove(id: string, eventId: string): Promise<void>;
  /** Whether the sale's quote or ecash receipt row is still on this device. */
  journalOpen(source: LockedSaleSource, ref: string): Promise<boolean>;
  /** Whether an unspent proof flagged random (minted while locked) is stored for the mint. */
  randomProofsAt(mintUrl: string): Promise<boolean>;
}

export interface LockedSaleBackupsDeps {
  store: LockedSaleBackupStore;
  /** the device's envelope writer; undefined until it has seen the identity key open once */
  writer: () => Promise<EnvelopeWriter | undefined>;
  getRelays: () => Promise<string[]>;
  createPool: () => RelayPool;
  clock?: Clock;
  logger?: Logger;
  /** how long a mint request waits for a relay to take its sale's backup */
  deadlineMs?: number;
  /** a relay's answer to one publish */
  publishTimeoutMs?: number;
  /** the retries' first and longest wait */
  retryMs?: { first: number; longest: number };
}

/** What the flows that mint or swap while locked call (QuoteMinter, EcashReceiver). */
export type LockedSaleBackupHook = Pick<LockedSaleBackups, 'keep' | 'send'>;

/** The sale waits this long for a relay before its mint request is sent anyway. */
export const LOCKED_BACKUP_DEADLINE_MS = 2_000;
const RETRY_MS = { first: 5_000, longest: 5 * 60_000 };
const RETRY_KEY = 'locked-sale-backups';

export class LockedSaleBackups {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly timers: BackoffTimers;
  private readonly changes: Listeners<void>;
  /** publishes in flight in this tab, by event id, so a retry and a sale never send one twice */
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private stopped = false;

  constructor(private readonly deps: LockedSaleBackupsDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
    const retry = deps.retryMs ?? RETRY_MS;
    this.timers = new BackoffTimers(retry.first, retry.longest);
    this.changes = new Listeners(this.logger, 'A locked-sale backup listener threw');
  }

  /**
   * Seals the sale's outputs into its envelope and stores it pending, before the journal that
   * sends them is written. Never rejects: a sale is never held up by its backup.
   */
  async keep(sale: LockedSale): Promise<void> {
    try {
      const writer = await this.deps.writer();
      if (!writer) {
        this.logger.warn(
          `Sale ${sale.ref} is not backed up: this device has not had its identity key open yet`,
        );
        return;
      }
      const id = lockedSaleEnvelopeId(sale.source, sale.ref);
      const known = await this.deps.store.get(id);
      // A new journal of the same sale (a keyset rotated) replaces the older envelope.
      const after = Math.max(known?.event.created_at ?? 0, known?.tombstone?.created_at ?? 0);
      const createdAt = Math.max(Math.floor(this.clock() / 1000), after + 1);
      await this.deps.store.put({
        id,
        source: sale.source,
        ref: sale.ref,
        mintUrl: sale.mintUrl,
        event: sealLockedSale(writer, sale, createdAt),
        state: 'pending',
        createdAt: this.clock(),
      });
      this.changes.emit();
    } catch (error) {
      this.logger.warn(`Sale ${sale.ref} could not be backed up`, error);
    }
  }

  /**
   * Before the sale's mint request: publishes its pending backup to every relay and waits until
   * they answered or the deadline passes, whichever is first. The publish runs on past the
   * deadline; one no relay took is retried in the background. Never rejects.
   */
  async send(source: LockedSaleSource, ref: string): Promise<void> {
    const row = await this.deps.store.get(lockedSaleEnvelopeId(source, ref)).catch(() => undefined);
    if (!row || row.state !== 'pending') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deps.deadlineMs ?? LOCKED_BACKUP_DEADLINE_MS);
    });
    const attempt = this.publishBackup(row).then((taken) => {
      if (!taken) this.scheduleRetry();
    });
    await Promise.race([attempt, deadline]).finally(() => clearTimeout(timer));
  }

  /**
   * Removes the backups whose sale no longer needs them, then publishes every pending backup and
   * tombstone; what no relay took is tried again later, each wait twice the last. Never rejects.
   */
  readonly retry: () => Promise<void> = serialRuns(
    () => this.retryOnce(),
    () => this.stopped,
  );

  /** Backups no relay has taken yet. */
  async pending(): Promise<number> {
    try {
      return (await this.deps.store.list()).filter((row) => row.state === 'pending').length;
    } catch (error) {
      this.logger.warn('Could not read the locked-sale backups', error);
      return 0;
    }
  }

  onChange(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  stop(): void {
    this.stopped = true;
    this.timers.cancelAll();
  }

  private async retryOnce(): Promise<void> {
    let left = false;
    try {
      await this.tidy();
      for (const row of await this.deps.store.list()) {
        const taken =
          row.state === 'pending'
            ? await this.publishBackup(row)
            : row.state === 'removing'
              ? await this.publishRemoval(row)
              : true;
        if (!taken) left = true;
      }
    } catch (error) {
      this.logger.warn('Retrying the locked-sale backups failed', error);
      left = true;
    }
    if (left) this.scheduleRetry();
    else this.timers.cancel(RETRY_KEY, true);
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.timers.schedule(RETRY_KEY, () => void this.retry());
  }

  /**
   * A backup is needed while its sale's journal is open or any proof minted while locked is left
   * unswapped at its mint; after that the phrase restores the sale without it.
   */
  private async tidy(): Promise<void> {
    for (const row of await this.deps.store.list()) {
      if (row.state === 'removing') continue;
      if (await this.deps.store.journalOpen(row.source, row.ref)) continue;
      if (await this.deps.store.randomProofsAt(row.mintUrl)) continue;
      if (!row.offered) {
        await this.deps.store.remove(row.id, row.event.id);
      } else {
        const writer = await this.deps.writer();
        if (!writer) continue;
        const now = Math.floor(this.clock() / 1000);
        await this.deps.store.startRemoval(
          row.id,
          row.event.id,
          lockedSaleTombstone(writer, row.event, now),
        );
      }
      this.changes.emit();
    }
  }

  private publishBackup(row: LockedSaleBackupRow): Promise<boolean> {
    return this.once(row.event.id, async () => {
      if (!row.offered) await this.deps.store.markOffered(row.id, row.event.id);
      const taken = await this.publish(row.event, `the backup of sale ${row.ref}`);
      if (taken) {
        await this.deps.store.markSent(row.id, row.event.id);
        this.changes.emit();
      }
      return taken;
    });
  }

  private publishRemoval(row: LockedSaleBackupRow): Promise<boolean> {
    const tombstone = row.tombstone;
    if (!tombstone) return Promise.resolve(true);
    return this.once(tombstone.id, async () => {
      const taken = await this.publish(tombstone, `the removal of sale ${row.ref}'s backup`);
      if (taken) {
        await this.deps.store.remove(row.id, row.event.id);
        this.changes.emit();
      }
      return taken;
    });
  }

  private once(eventId: string, run: () => Promise<boolean>): Promise<boolean> {
    const running = this.inFlight.get(eventId);
    if (running) return running;
    const attempt = run()
      .catch((error: unknown) => {
        this.logger.warn('A locked-sale backup write failed', error);
        return false;
      })
      .finally(() => this.inFlight.delete(eventId));
    this.inFlight.set(eventId, attempt);
    return attempt;
  }

  private async publish(event: NostrEvent, what: string): Promise<boolean> {
    const relays = await this.deps.getRelays();
    const pool = this.deps.createPool();
    try {
      const outcome = await publishToRelays(event, relays, pool, {
        ...(this.deps.publishTimeoutMs ? { timeoutMs: this.deps.publishTimeoutMs } : {}),
      });
      if (outcome.accepted.length > 0) return true;
      this.logger.warn(`No relay took ${what}; trying again later`, outcome.failures);
      return false;
    } finally {
      pool.destroy();
    }
  }
}
