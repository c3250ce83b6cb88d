// Merchant side: publishes the cashier's catalog when it changed (items, tips, currency or the
// pairing secret), so a paired cashier sells what the merchant sells (docs/protocol.md "The cashier's catalog").
import { bytesToHex } from '@noble/hashes/utils.js';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../ports';
import { serialRuns } from '../serial-runs';
import { catalogEvent, type PublishedCatalog } from './catalog-event';
import { CreatedAtClock } from './created-at';
import { publishOnNewPool } from './publish';
import type { RelayPool } from './relay-pool';

export interface CatalogPublisherDeps {
  collect: () => Promise<PublishedCatalog>;
  /** the current pairing secret (created on first need) */
  getPairingSecret: () => Promise<Uint8Array>;
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
  logger?: Logger;
  clock?: Clock;
}

export class CatalogPublisher {
  private readonly logger: Logger;
  /** what a relay last accepted, so an unchanged catalog is not published again */
  private last: string | undefined;
  /** each catalog dated after the last: of two in one second relays may keep either (NIP-01) */
  private readonly createdAt: CreatedAtClock;

  constructor(private readonly deps: CatalogPublisherDeps) {
    this.logger = deps.logger ?? silentLogger;
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
      const content = JSON.stringify([bytesToHex(pairingSecret), relays, catalog]);
      if (content === this.last) return;
      if (await this.deps.profileHeld?.()) {
        this.logger.info('Catalog not published: the cashier links belong to another device');
        return;
      }
      const event = catalogEvent({
        merchantSecretKey: await this.deps.getSecretKey(),
        pairingSecret,
        catalog,
        now: this.createdAt.next(),
      });
      const outcome = await publishOnNewPool(this.deps.createPool, event, relays);
      if (outcome.accepted.length > 0) {
        this.last = content;
        this.logger.info(`Catalog of ${catalog.items.length} items published for the cashiers`);
      } else {
        this.logger.warn('No relay took the catalog', outcome.failures);
      }
    } catch (error) {
      // A locked till (no key) or no relay: the next change or start tries again.
      this.logger.warn('Could not publish the catalog', error);
    }
  }
}
