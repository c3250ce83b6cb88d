// The app's own encrypted backup on the merchant's relays: NIP-78 application data (kind 30078),
// one addressable event per part (`d` = `cashew-pos/<part>`, a large part in chunks), NIP-44 v2
// encrypted to the merchant's own key (docs/protocol.md, "App data backup"). Adding a part is one
// AppDataPart.
import { getPublicKey } from 'nostr-tools/pure';
import { BackoffTimers } from '../backoff-timers';
import type { RelayQuery } from '../discovery/relay-query';
import { Listeners } from '../listeners';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../clock';
import { queuedRuns } from '../serial-runs';
import { CreatedAtClock } from '../remote-payments/created-at';
import type { RelayPool } from '../remote-payments/relay-pool';
import type { ChunkCodec } from './app-data-chunks';
import { publishPart } from './app-data-publish';
import { readParts } from './app-data-read';
import {
  publishedDigest,
  publishedRecently,
  type ChunkSlot,
  type PublishedNotes,
} from './published-note';

export { APP_DATA_KIND, APP_DATA_PREFIX, appDataEvent, readAppData } from './app-data-event';

/** One part of the backup: what it publishes and how a restore puts it back. */
export interface AppDataPart<T = unknown> {
  /** the `d` tag after `cashew-pos/`, e.g. `settings` */
  name: string;
  collect(): Promise<T>;
  /** Puts a restored value back; must check every field (it came from a relay). */
  apply(value: unknown): Promise<void>;
}

/** Tries again later once a relay refused a part; reset when every part was taken. */
export interface RetryTimer {
  schedule(run: () => void): void;
  reset(): void;
}

/** A retry a minute after the first refusal, each wait twice the last, up to `longestMs`. */
export function backoffRetry(firstMs = 60_000, longestMs = 30 * 60_000): RetryTimer {
  const timers = new BackoffTimers(firstMs, longestMs);
  return {
    schedule: (run) => timers.schedule('app-data', run),
    reset: () => timers.cancel('app-data', true),
  };
}

/** What Settings shows under Recover funds (docs/behaviour.md "Recover funds"). */
export interface AppDataBackupStatus {
  /** the parts no relay took at the last try, in part order: tried again */
  unsaved: string[];
}

export interface AppDataBackupDeps {
  parts: AppDataPart[];
  createPool: () => RelayPool;
  query: RelayQuery;
  getRelays: () => Promise<string[]>;
  /** the merchant's device key; rejects while the till is locked */
  getSecretKey: () => Promise<Uint8Array>;
  /**
   * What a relay took of each part, across page loads; without it only what this page published
   * counts and each page load dates its events from its own clock.
   */
  notes?: PublishedNotes;
  /** the next sync after a refusal; without it the next sale, start or unlock tries again */
  retry?: RetryTimer;
  /** gzip where the platform has it (app-data-chunks.ts) unless a test says otherwise */
  codec?: ChunkCodec;
  logger?: Logger;
  clock?: Clock;
  maxWaitMs?: number;
  /**
   * False while a restore has yet to read the backup (a phrase just restored): publishing this
   * device's defaults first would replace the backup on the relays before it is read.
   */
  ready?: () => Promise<boolean>;
}

/** Publishes each part when it changed since a relay last took it; restores them all at once. */
export class AppDataBackup {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly createdAt: CreatedAtClock;
  /** the digest of what a relay took of each part in this page */
  private readonly published = new Map<string, string>();
  /** where each split part's chunks are on the relays, as a restore found them */
  private readonly slots = new Map<string, ChunkSlot>();
  private current: AppDataBackupStatus = { unsaved: [] };
  private readonly statusListeners: Listeners<AppDataBackupStatus>;

  constructor(private readonly deps: AppDataBackupDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
    this.createdAt = new CreatedAtClock(deps.clock);
    this.statusListeners = new Listeners(this.logger, 'Backup status listener threw');
  }

  /** Never rejects. */
  readonly sync: () => Promise<void> = queuedRuns(() => this.syncOnce(), undefined);

  status(): AppDataBackupStatus {
    return this.current;
  }

  onStatus(listener: (status: AppDataBackupStatus) => void): () => void {
    return this.statusListeners.add(listener);
  }

  private async syncOnce(): Promise<void> {
    let pool: RelayPool | undefined;
    try {
      if (this.deps.ready && !(await this.deps.ready())) return;
      const relays = await this.deps.getRelays();
      const secretKey = await this.deps.getSecretKey();
      const author = getPublicKey(secretKey);
      const unsaved: string[] = [];
      for (const part of this.deps.parts) {
        let value: unknown;
        try {
          value = await part.collect();
        } catch (error) {
          this.logger.warn(`The ${part.name} backup could not be collected`, error);
          continue;
        }
        const text = JSON.stringify(value);
        const digest = publishedDigest(author, relays, text);
        if (this.published.get(part.name) === digest) continue;
        const note = await this.deps.notes?.last(part.name);
        if (publishedRecently(note, digest, this.clock())) {
          this.published.set(part.name, digest);
          continue;
        }
        // A relay keeps the part with the latest date: one of an earlier page load may be dated
        // ahead of the clock (a burst of saves in one second).
        if (note) this.createdAt.notBefore(note.createdAt);
        const createdAt = this.createdAt.next();
        pool ??= this.deps.createPool();
        const taken = await publishPart({
          secretKey,
          name: part.name,
          value,
          text,
          createdAt,
          lastSlot: note?.slot ?? this.slots.get(part.name),
          relays,
          pool,
          ...(this.deps.codec ? { codec: this.deps.codec } : {}),
          logger: this.logger,
        });
        if (!taken) {
          unsaved.push(part.name);
          continue;
        }
        this.published.set(part.name, digest);
        if (taken.slot) this.slots.set(part.name, taken.slot);
        await this.deps.notes?.record(part.name, { digest, createdAt, ...taken });
      }
      this.setStatus({ unsaved });
      if (unsaved.length > 0) this.deps.retry?.schedule(() => void this.sync());
      else this.deps.retry?.reset();
    } catch (error) {
      this.logger.warn('Could not publish the app data backup', error);
    } finally {
      pool?.destroy();
    }
  }

  /** A new status object only when it changed: Settings reads it as an external store. */
  private setStatus(status: AppDataBackupStatus): void {
    if (status.unsaved.join('\n') === this.current.unsaved.join('\n')) return;
    this.current = status;
    this.statusListeners.emit(status);
  }

  /**
   * Reads every part from the relays and applies those found; the names applied. What the relays
   * hold is noted as published (with its date), so the next event is dated after it and an
   * unchanged part is not sent again. Never rejects.
   */
  async restore(): Promise<string[]> {
    const applied: string[] = [];
    try {
      const secretKey = await this.deps.getSecretKey();
      const relays = await this.deps.getRelays();
      const author = getPublicKey(secretKey);
      const found = await readParts({
        query: this.deps.query,
        relays,
        secretKey,
        names: this.deps.parts.map((p) => p.name),
        maxWaitMs: this.deps.maxWaitMs ?? 5_000,
        logger: this.logger,
      });
      for (const part of this.deps.parts) {
        const onRelays = found.get(part.name);
        if (!onRelays) continue;
        this.createdAt.notBefore(onRelays.createdAt);
        if (onRelays.slot) this.slots.set(part.name, onRelays.slot);
        const current = onRelays.found?.newest ? onRelays.found.text : undefined;
        await this.deps.notes?.record(part.name, {
          // The newest version unread (a chunk missing): never matches, so it is published again.
          digest: current === undefined ? '' : publishedDigest(author, relays, current),
          createdAt: onRelays.createdAt,
          ...(onRelays.slot ? { slot: onRelays.slot } : {}),
        });
        if (!onRelays.found) continue;
        try {
          await part.apply(onRelays.found.value);
          applied.push(part.name);
        } catch (error) {
          this.logger.warn(`The ${part.name} backup could not be restored`, error);
        }
      }
    } catch (error) {
      this.logger.warn('Could not read the app data backup', error);
    }
    return applied;
  }
}
