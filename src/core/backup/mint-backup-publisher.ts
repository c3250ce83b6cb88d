// Publishing the NUT-27 mint list (core/backup/nut27.ts) on the merchant's relays whenever the
// wallet has used a mint the last published list did not name (docs/protocol.md, "Mint backup (NUT-27)").
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../ports';
import { queuedRuns } from '../serial-runs';
import { CreatedAtClock } from '../remote-payments/created-at';
import { publishOnNewPool } from '../remote-payments/publish';
import type { RelayPool } from '../remote-payments/relay-pool';
import { mintUrlKey } from '../urls/normalise-url';
import { mintBackupEvent, mintBackupKeys, MINT_BACKUP_MAX_MINTS } from './nut27';

export interface MintBackupDeps {
  createPool: () => RelayPool;
  getRelays: () => Promise<string[]>;
  /** the configured mint, then every mint the wallet used or accepts */
  mints: () => Promise<string[]>;
  /** the phrase's seed; rejects while the till is locked (decision 0024) */
  getSeed: () => Promise<Uint8Array | undefined>;
  /** true while the seed is sealed under the PIN: nothing is published until the till opens */
  seedSealed: () => Promise<boolean>;
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
 * One sync at a time. What a relay last accepted is kept in memory, so each app start publishes
 * the list once more (a replaceable event: relays keep only the newest) and then only when a mint
 * is added.
 */
export class MintBackupPublisher {
  private readonly logger: Logger;
  private readonly createdAt: CreatedAtClock;
  private lastPublished: string | undefined;

  constructor(private readonly deps: MintBackupDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.createdAt = new CreatedAtClock(deps.clock);
  }

  /** Publishes the list if it names a mint the last published one did not. Never rejects. */
  readonly sync: () => Promise<MintBackupSync> = queuedRuns(() => this.syncOnce(), 'unchanged');

  private async syncOnce(): Promise<MintBackupSync> {
    try {
      if (this.deps.ready && !(await this.deps.ready())) return 'waiting';
      const mints = distinctMints(await this.deps.mints()).slice(0, MINT_BACKUP_MAX_MINTS);
      if (mints.length === 0) return 'unchanged';
      const text = JSON.stringify([...mints].sort());
      if (text === this.lastPublished) return 'unchanged';
      if (await this.deps.seedSealed()) return 'sealed';
      const seed = await this.deps.getSeed();
      if (!seed) return 'unchanged';
      const now = this.createdAt.next();
      const event = mintBackupEvent(mintBackupKeys(seed), mints, now);
      const relays = await this.deps.getRelays();
      const outcome = await publishOnNewPool(this.deps.createPool, event, relays);
      if (outcome.accepted.length === 0) {
        this.logger.warn('No relay took the mint list backup; trying again at the next sale', {
          failures: outcome.failures,
        });
        return 'failed';
      }
      this.lastPublished = text;
      this.logger.info(`Mint list backup (NUT-27) published on ${outcome.accepted.join(', ')}`);
      return 'published';
    } catch (error) {
      this.logger.error('Could not publish the mint list backup:', error);
      return 'failed';
    }
  }
}
