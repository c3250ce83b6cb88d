// Merchant side: publishing the kind 10019 merchant profile (docs/protocol.md "Merchant profile")
// whenever what it says changed, and again at start-up until a relay has accepted it.
import { finalizeEvent } from 'nostr-tools/pure';
import { getPublicKey } from 'nostr-tools/pure';
import { silentLogger, type Logger } from '../logger';
import type { Clock } from '../ports';
import { lockPubkeyForNostrKey } from '../wallet/mint/nut20-key';
import { merchantProfileTemplate, type MerchantProfile } from './merchant-profile';
import type { PairingStore, ProfileStateStore } from './merchant-ports';
import { mintUrlKey } from '../urls/normalise-url';
import { pairingId } from './pairing';
import { publishToRelays } from './publish';
import type { RelayPool } from './relay-pool';

export interface ProfilePublisherDeps {
  createPool: () => RelayPool;
  getRelays: () => Promise<string[]>;
  getMintUrl: () => Promise<string>;
  /** the mints accepted for remote sales, listed after the current one (sale-judgement.ts) */
  acceptedMints: () => Promise<string[]>;
  /**
   * The "Accept sales on mints that cannot lock quotes" setting and the mints that ever listed
   * NUT-20: the profile names the accepted mints where an unlocked quote is taken. Absent: none.
   */
  unlocked?: {
    acceptsUnlocked: () => Promise<boolean>;
    lockingMints: () => Promise<string[]>;
  };
  getSecretKey: () => Promise<Uint8Array>;
  pairing: Pick<PairingStore, 'getOrCreateSecret' | 'acceptsUnpaired'>;
  state: ProfileStateStore;
  logger?: Logger;
  clock?: Clock;
}

export type ProfileSync = 'published' | 'unchanged' | 'failed';

/** One sync at a time; each compares what it would publish with what a relay last accepted. */
export class MerchantProfilePublisher {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private running: Promise<ProfileSync> = Promise.resolve('unchanged');
  /** created_at of the last profile this publisher signed (unix seconds). */
  private lastCreatedAt = 0;

  constructor(private readonly deps: ProfilePublisherDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
  }

  /** Publishes the profile if it differs from the last accepted one. Never rejects. */
  sync(): Promise<ProfileSync> {
    this.running = this.running.then(() => this.syncOnce());
    return this.running;
  }

  /** What the profile says now. */
  async profile(): Promise<MerchantProfile> {
    const [secretKey, mintUrl, known, relays, acceptUnpaired, secret, unlocked, locking] =
      await Promise.all([
        this.deps.getSecretKey(),
        this.deps.getMintUrl(),
        this.deps.acceptedMints(),
        this.deps.getRelays(),
        this.deps.pairing.acceptsUnpaired(),
        this.deps.pairing.getOrCreateSecret(),
        this.deps.unlocked?.acceptsUnlocked() ?? false,
        this.deps.unlocked?.lockingMints() ?? ([] as string[]),
      ]);
    const mints: string[] = [];
    const seen = new Set<string>();
    for (const mint of [mintUrl, ...known]) {
      const key = mintUrlKey(mint);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      mints.push(mintUrlKey(mint));
    }
    // A mint that ever locked never takes an unlocked quote, whatever the setting says.
    const unlockedMints = unlocked
      ? mints.filter((mint) => !locking.includes(mintUrlKey(mint)))
      : [];
    return {
      mints,
      relays: [...new Set(relays.map((relay) => relay.trim()).filter(Boolean))],
      pubkey: lockPubkeyForNostrKey(getPublicKey(secretKey)),
      ...(acceptUnpaired ? {} : { pairingId: pairingId(secret) }),
      ...(unlockedMints.length > 0 ? { unlockedMints } : {}),
    };
  }

  private async syncOnce(): Promise<ProfileSync> {
    let pool: RelayPool | undefined;
    try {
      const profile = await this.profile();
      const text = JSON.stringify(profile);
      if ((await this.deps.state.lastPublishedProfile()) === text) return 'unchanged';
      const secretKey = await this.deps.getSecretKey();
      // Relays keep one version of a replaceable event, and of two with the same created_at the
      // one with the lower id (NIP-01): a change within the second of the last publish (a link
      // reset right after start-up) must still replace it.
      const now = Math.max(Math.floor(this.clock() / 1000), this.lastCreatedAt + 1);
      this.lastCreatedAt = now;
      const event = finalizeEvent(merchantProfileTemplate(profile, now), secretKey);
      pool = this.deps.createPool();
      const outcome = await publishToRelays(event, profile.relays, pool);
      if (outcome.accepted.length === 0) {
        this.logger.warn('No relay took the merchant profile; trying again at the next start', {
          failures: outcome.failures,
        });
        return 'failed';
      }
      await this.deps.state.recordPublishedProfile(text);
      this.logger.info(`Merchant profile published on ${outcome.accepted.join(', ')}`);
      return 'published';
    } catch (error) {
      this.logger.error('Could not publish the merchant profile:', error);
      return 'failed';
    } finally {
      pool?.destroy();
    }
  }
}
