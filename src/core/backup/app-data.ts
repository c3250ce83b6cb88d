// The app's own encrypted backup on the merchant's relays: NIP-78 application data (kind 30078),
// one addressable event per part (`d` = `cashew-pos/<part>`), NIP-44 v2 encrypted to the
// merchant's own key (docs/protocol.md, "App data backup"). Adding a part is one AppDataPart.
import type { Event as NostrEvent } from 'nostr-tools/core';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import type { RelayQuery } from '../discovery/relay-query';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../ports';
import { queuedRuns } from '../serial-runs';
import { CreatedAtClock } from '../remote-payments/created-at';
import { publishToRelays } from '../remote-payments/publish';
import type { RelayPool } from '../remote-payments/relay-pool';

export const APP_DATA_KIND = 30078;
export const APP_DATA_PREFIX = 'cashew-pos/';

/** One part of the backup: what it publishes and how a restore puts it back. */
export interface AppDataPart<T = unknown> {
  /** the `d` tag after `cashew-pos/`, e.g. `settings` */
  name: string;
  collect(): Promise<T>;
  /** Puts a restored value back; must check every field (it came from a relay). */
  apply(value: unknown): Promise<void>;
}

function conversationKey(secretKey: Uint8Array): Uint8Array {
  return nip44.v2.utils.getConversationKey(secretKey, getPublicKey(secretKey));
}

export function appDataEvent(
  secretKey: Uint8Array,
  part: string,
  value: unknown,
  now: number,
): NostrEvent {
  return finalizeEvent(
    {
      kind: APP_DATA_KIND,
      created_at: now,
      tags: [['d', APP_DATA_PREFIX + part]],
      content: nip44.v2.encrypt(JSON.stringify(value), conversationKey(secretKey)),
    },
    secretKey,
  );
}

/** The newest event of `part` this key wrote that verifies and decrypts, as its JSON value. */
export function readAppData(secretKey: Uint8Array, part: string, events: NostrEvent[]): unknown {
  const pubkey = getPublicKey(secretKey);
  const d = APP_DATA_PREFIX + part;
  const mine = events
    .filter((e) => e.kind === APP_DATA_KIND && e.pubkey === pubkey)
    .filter((e) => e.tags.some((t) => t[0] === 'd' && t[1] === d))
    .sort((a, b) => b.created_at - a.created_at);
  for (const event of mine) {
    if (!verifyEvent(event)) continue;
    try {
      return JSON.parse(nip44.v2.decrypt(event.content, conversationKey(secretKey)));
    } catch {
      continue;
    }
  }
  return undefined;
}

export interface AppDataBackupDeps {
  parts: AppDataPart[];
  createPool: () => RelayPool;
  query: RelayQuery;
  getRelays: () => Promise<string[]>;
  /** the merchant's device key; rejects while the till is locked */
  getSecretKey: () => Promise<Uint8Array>;
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
  private readonly createdAt: CreatedAtClock;
  private readonly published = new Map<string, string>();

  constructor(private readonly deps: AppDataBackupDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.createdAt = new CreatedAtClock(deps.clock);
  }

  /** Never rejects. */
  readonly sync: () => Promise<void> = queuedRuns(() => this.syncOnce(), undefined);

  private async syncOnce(): Promise<void> {
    let pool: RelayPool | undefined;
    try {
      if (this.deps.ready && !(await this.deps.ready())) return;
      const relays = await this.deps.getRelays();
      for (const part of this.deps.parts) {
        const value = await part.collect();
        const text = JSON.stringify(value);
        if (this.published.get(part.name) === text) continue;
        const secretKey = await this.deps.getSecretKey();
        const now = this.createdAt.next();
        pool ??= this.deps.createPool();
        const outcome = await publishToRelays(
          appDataEvent(secretKey, part.name, value, now),
          relays,
          pool,
        );
        if (outcome.accepted.length > 0) this.published.set(part.name, text);
        else this.logger.warn(`No relay took the ${part.name} backup`, outcome.failures);
      }
    } catch (error) {
      this.logger.warn('Could not publish the app data backup', error);
    } finally {
      pool?.destroy();
    }
  }

  /** Reads every part from the relays and applies those found; the names applied. Never rejects. */
  async restore(): Promise<string[]> {
    const applied: string[] = [];
    try {
      const secretKey = await this.deps.getSecretKey();
      const events = await this.deps.query(
        await this.deps.getRelays(),
        {
          kinds: [APP_DATA_KIND],
          authors: [getPublicKey(secretKey)],
          '#d': this.deps.parts.map((p) => APP_DATA_PREFIX + p.name),
        },
        this.deps.maxWaitMs ?? 5_000,
      );
      for (const part of this.deps.parts) {
        const value = readAppData(secretKey, part.name, events);
        if (value === undefined) continue;
        try {
          await part.apply(value);
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
