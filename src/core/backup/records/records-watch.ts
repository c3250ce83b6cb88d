// Keeps one subscription open on the merchant's relays for envelopes addressed to the phrase, so
// another device's new history batch is read within seconds instead of at the next minute's read
// (docs/protocol.md "Records on the relays"). It only nudges: the reader opens, checks and imports.
import type { Event as NostrEvent } from 'nostr-tools/core';
import type { SubCloser } from 'nostr-tools/abstract-pool';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { RelayPool } from '../../remote-payments/relay-pool';
import { envelopeFilter } from '../device-envelope';

/**
 * Envelopes seen within this long after a nudge make one more read, not one each: a device
 * publishes a batch as several envelopes, and anyone may tag the phrase's key, so a flood of
 * envelopes costs at most one read per gap.
 */
export const NUDGE_GAP_MS = 5_000;
/** Envelopes dated up to this long before the subscription opened still nudge (clock skew). */
const SINCE_MARGIN_S = 60;

export interface WatchTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RecordsWatchDeps {
  createPool: () => RelayPool;
  getRelays: () => Promise<string[]>;
  /** The phrase's identity public key (hex) when its key opens now; undefined while locked. */
  identityPubkey: () => Promise<string | undefined>;
  /** This device's key: its own envelopes coming back do not nudge. */
  devicePubkey: () => Promise<string>;
  /** Another device published: read now. */
  onOtherDevice: () => void;
  clock: Clock;
  logger: Logger;
  timers?: WatchTimers;
}

const browserTimers: WatchTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
};

interface OpenSubscription {
  /** relays and identity it was opened for: a change opens another */
  key: string;
  pool: RelayPool;
  closer: SubCloser;
}

export class RecordsWatch {
  private readonly timers: WatchTimers;
  private open: OpenSubscription | undefined;
  private opening: Promise<void> | undefined;
  private nudge: unknown;
  private lastNudgeAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(private readonly deps: RecordsWatchDeps) {
    this.timers = deps.timers ?? browserTimers;
  }

  /** True while a subscription is open on at least one relay. */
  get watching(): boolean {
    return this.open !== undefined;
  }

  /**
   * Opens the subscription, or opens it again when it closed (every relay dropped it) or the
   * relays or the identity changed. Called at start and on each minute's tick. Never rejects.
   */
  ensureOpen(): Promise<void> {
    this.closed = false;
    this.opening ??= this.openOnce()
      .catch((error: unknown) => this.deps.logger.warn('Could not watch the history relays', error))
      .finally(() => (this.opening = undefined));
    return this.opening;
  }

  close(): void {
    this.closed = true;
    if (this.nudge !== undefined) this.timers.clearTimeout(this.nudge);
    this.nudge = undefined;
    this.drop();
  }

  private async openOnce(): Promise<void> {
    const relays = (await this.deps.getRelays()).filter((relay) => relay.trim() !== '');
    const identity = await this.deps.identityPubkey();
    const key = identity && relays.length > 0 ? `${identity} ${[...relays].sort().join(' ')}` : '';
    if (this.open?.key === key && key !== '') return;
    this.drop();
    if (key === '' || this.closed) return;
    const self = await this.deps.devicePubkey();
    const pool = this.deps.createPool();
    const since = Math.floor(this.deps.clock() / 1000) - SINCE_MARGIN_S;
    const entry: OpenSubscription = { key, pool, closer: undefined as unknown as SubCloser };
    entry.closer = pool.subscribe(
      relays,
      { ...envelopeFilter(identity!), since },
      {
        onevent: (event: NostrEvent) => {
          if (event.pubkey !== self) this.nudgeSoon();
        },
        // Every relay closed it: the next tick opens it again.
        onclose: () => {
          if (this.open === entry) this.drop();
        },
      },
    );
    this.open = entry;
  }

  private nudgeSoon(): void {
    if (this.nudge !== undefined || this.closed) return;
    const wait = Math.max(0, this.lastNudgeAt + NUDGE_GAP_MS - this.deps.clock());
    this.nudge = this.timers.setTimeout(() => {
      this.nudge = undefined;
      this.lastNudgeAt = this.deps.clock();
      this.deps.onOtherDevice();
    }, wait);
  }

  private drop(): void {
    const open = this.open;
    this.open = undefined;
    if (!open) return;
    try {
      open.closer.close();
      open.pool.destroy();
    } catch (error) {
      this.deps.logger.warn('Could not close the history watch', error);
    }
  }
}
