// Publishing the NUT-27 mint list (core/backup/nut27.ts) on the merchant's relays whenever the
// wallet has used a mint the last published list did not name (docs/protocol.md, "Mint backup (NUT-27)").
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../clock';
import { queuedRuns } from '../serial-runs';
import { CreatedAtClock } from '../remote-payments/created-at';
import { publishOnNewPool } from '../remote-payments/publish';
import type { RelayPool } from '../remote-payments/relay-pool';
import { mintUrlKey } from '../urls/normalise-url';
import { mintBackupEvent, mintBackupKeys, MINT_BACKUP_MAX_MINTS } from './nut27';
import { publishedDigest, publishedRecently, type PublishedNotes } from './published-note';

/** The name of the mint list's note (storage/shop/backup-notes-store.ts). */
export const MINT_LIST_NOTE = 'mint-list';

export interface MintBackupDeps {
  createPool: () => RelayPool;
  getRelays: () => Promise<string[]>;
  /** the configured mint, then every mint the wallet used or accepts */
  mints: () => Promise<string[]>;
  /** the phrase's seed; rejects while the till is locked (decision 0024) */
  getSeed: () => Promise<Uint8Array | undefined>;
  /** true while the seed is sealed under the PIN: nothing is published until the till opens */
  seedSealed: () => Promise<boolean>;
  /**
   * What a relay took, across page loads: an unchanged list is not sent again at each start, and
   * the next one is dated after it. Without it each page load publishes the list once.
   */
  notes?: PublishedNotes;
  logger?: Logger;
  clock?: Clock;
  /**
   * False while a restore has yet to read the list (a phrase just restored): this device's
   * shorter list would replace it on the relays before it is read.
   */
  ready?: () => Promise<boolean>;
}

export type MintBackupSync = 'published' | 'unchanged' | 'sealed' | 'waiting' | 'failed';

/** The list with each mint once (by mintUrlKey), in first-seen order. */
export function distinctMints(urls: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    const key = mintUrlKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(key);
  }
  return out;
}

/**
 * One sync at a time. What a relay last accepted is noted (a digest of the list and the relays,
 * and its date), so the list is published when it or the relays changed, or a week after the last
 * one a relay took (a replaceable event: relays keep only the newest).
 */
export class MintBackupPublisher {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly createdAt: CreatedAtClock;
  /** the digest of what a relay took in this page */
  private lastPublished: string | undefined;

  constructor(private readonly deps: MintBackupDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
    this.createdAt = new CreatedAtClock(deps.clock);
  }

  /** Publishes the list if it names a mint the last published one did not. Never rejects. */
  readonly sync: () => Promise<MintBackupSync> = queuedRuns(() => this.syncOnce(), 'unchanged');

  private async syncOnce(): Promise<MintBackupSync> {
    try {
      if (this.deps.ready && !(await this.deps.ready())) return 'waiting';
      const mints = distinctMints(await this.deps.mints()).slice(0, MINT_BACKUP_MAX_MINTS);
      if (mints.length === 0) return 'unchanged';
      const relays = await this.deps.getRelays();
      // The list is the same on any phrase: the notes go with the wallet (Replace wallet).
      const digest = publishedDigest(MINT_LIST_NOTE, relays, JSON.stringify([...mints].sort()));
      if (digest === this.lastPublished) return 'unchanged';
      const note = await this.deps.notes?.last(MINT_LIST_NOTE);
      if (publishedRecently(note, digest, this.clock())) {
        this.lastPublished = digest;
        return 'unchanged';
      }
      if (await this.deps.seedSealed()) return 'sealed';
      const seed = await this.deps.getSeed();
      if (!seed) return 'unchanged';
      // Relays keep the newest: one of an earlier page load may be dated ahead of the clock.
      if (note) this.createdAt.notBefore(note.createdAt);
      const createdAt = this.createdAt.next();
      const event = mintBackupEvent(mintBackupKeys(seed), mints, createdAt);
      const outcome = await publishOnNewPool(this.deps.createPool, event, relays);
      if (outcome.accepted.length === 0) {
        this.logger.warn('No relay took the mint list backup; trying again at the next sale', {
          failures: outcome.failures,
        });
        return 'failed';
      }
      this.lastPublished = digest;
      await this.deps.notes?.record(MINT_LIST_NOTE, { digest, createdAt });
      this.logger.info(`Mint list backup (NUT-27) published on ${outcome.accepted.join(', ')}`);
      return 'published';
    } catch (error) {
      this.logger.error('Could not publish the mint list backup:', error);
      return 'failed';
    }
  }
}
