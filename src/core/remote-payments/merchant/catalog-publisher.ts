// Merchant side: publishes the cashier's catalog when it changed (items, tips, currency, the
// pairing secret or the staff links), so a paired cashier sells what the merchant sells
// (docs/protocol.md "The cashier's catalog").
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { silentLogger, type Logger } from '../../logger';
import type { Clock } from '../../clock';
import { serialRuns } from '../../serial-runs';
import { catalogEvent, type PublishedCatalog } from '../catalog-event';
import { CreatedAtClock } from '../created-at';
import { pairingId } from '../pairing';
import { publishOnNewPool } from '../publish';
import type { RelayPool } from '../relay-pool';

/** How long a catalog a relay took counts as published: after that a start publishes it again. */
export const CATALOG_REPUBLISH_MS = 7 * 24 * 60 * 60 * 1000;

/** The last catalog a relay took: a digest of it (it holds the pairing secret), its date, when. */
export interface PublishedCatalogRecord {
  digest: string;
  /** the event's created_at (unix seconds): the next catalog, of any page load, is dated after it */
  createdAt: number;
  /** unix ms, when it was recorded */
  at: number;
}

/**
 * Where the last published catalog is noted, so a page load neither signs and sends it again nor
 * dates the next one before it.
 */
export interface PublishedCatalogStore {
  lastPublishedCatalog(): Promise<PublishedCatalogRecord | undefined>;
  recordPublishedCatalog(published: { digest: string; createdAt: number }): Promise<void>;
}

export interface CatalogPublisherDeps {
  collect: () => Promise<PublishedCatalog>;
  /** the current pairing secret (created on first need) */
  getPairingSecret: () => Promise<Uint8Array>;
  /**
   * Each staff member's live link secret, derived from the shop's (core/staff/staff-link.ts):
   * each reads the catalog too, and a revoked or removed one reads no later version.
   */
  staffSecrets?: (shopSecret: Uint8Array) => Promise<Uint8Array[]>;
  /** the device key; rejects while the till is locked */
  getSecretKey: () => Promise<Uint8Array>;
  getRelays: () => Promise<string[]>;
  createPool: () => RelayPool;
  /**
   * True when this device leaves the merchant profile to another device on the same phrase
   * (docs/behaviour.md "Two devices on one phrase"): the cashiers' links, and so their catalog,
   * are that device's, and a catalog sealed to this device's pairing secret would replace theirs.
   */
  profileHeld?: () => Promise<boolean>;
  /** without it, only what this page published counts (each page load publishes once) */
  published?: PublishedCatalogStore;
  logger?: Logger;
  clock?: Clock;
}

export class CatalogPublisher {
  private readonly logger: Logger;
  /** the digest of what a relay last accepted in this page, so an unchanged catalog is not published again */
  private last: string | undefined;
  private readonly clock: Clock;
  /** each catalog dated after the last: of two in one second relays may keep either (NIP-01) */
  private readonly createdAt: CreatedAtClock;

  constructor(private readonly deps: CatalogPublisherDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
    this.createdAt = new CreatedAtClock(deps.clock);
  }

  /** Publishes the catalog if it changed; calls while one runs are folded into one more. Never rejects. */
  readonly sync: () => Promise<void> = serialRuns(() => this.publishOnce());

  private async publishOnce(): Promise<void> {
    try {
      const [catalog, pairingSecret, relays] = await Promise.all([
        this.deps.collect(),
        this.deps.getPairingSecret(),
        this.deps.getRelays(),
      ]);
      const staffSecrets = (await this.deps.staffSecrets?.(pairingSecret)) ?? [];
      // The links that read it are part of what is published: a revoke publishes a version the
      // revoked link cannot open. With none, the digest is the one noted before staff links.
      const links = staffSecrets.map(pairingId);
      const digest = bytesToHex(
        sha256(
          utf8ToBytes(
            JSON.stringify([
              bytesToHex(pairingSecret),
              relays,
              catalog,
              ...(links.length > 0 ? [links] : []),
            ]),
          ),
        ),
      );
      if (digest === this.last) return;
      const record = await this.deps.published?.lastPublishedCatalog();
      if (this.publishedRecently(digest, record)) return;
      if (await this.deps.profileHeld?.()) {
        this.logger.info('Catalog not published: the cashier links belong to another device');
        return;
      }
      // A relay keeps the catalog with the latest date: one from an earlier page load may be
      // dated ahead of the clock (a burst of saves in one second).
      if (record) this.createdAt.notBefore(record.createdAt);
      const event = catalogEvent({
        merchantSecretKey: await this.deps.getSecretKey(),
        pairingSecret,
        catalog,
        now: this.createdAt.next(),
        staffSecrets,
      });
      const outcome = await publishOnNewPool(this.deps.createPool, event, relays);
      if (outcome.accepted.length > 0) {
        this.last = digest;
        await this.deps.published?.recordPublishedCatalog({ digest, createdAt: event.created_at });
        this.logger.info(`Catalog of ${catalog.items.length} items published for the cashiers`);
      } else {
        this.logger.warn('No relay took the catalog', outcome.failures);
      }
    } catch (error) {
      // A locked till (no key) or no relay: the next change or start tries again.
      this.logger.warn('Could not publish the catalog', error);
    }
  }

  /**
   * True when a relay took this very catalog within CATALOG_REPUBLISH_MS (an earlier page load):
   * relays keep an addressable event, so sending it again would only cost a signature and a
   * round trip at every start. Older, it is sent again, for a relay that dropped it.
   */
  private publishedRecently(digest: string, record: PublishedCatalogRecord | undefined): boolean {
    if (record?.digest !== digest || this.clock() - record.at >= CATALOG_REPUBLISH_MS) return false;
    this.last = digest;
    return true;
  }
}
