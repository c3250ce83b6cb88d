// Merchant side: publishing the kind 10019 merchant profile (docs/protocol.md "Merchant profile")
// whenever what it says changed, and again at start-up until a relay has accepted it.
import { finalizeEvent } from 'nostr-tools/pure';
import { getPublicKey } from 'nostr-tools/pure';
import { silentLogger, type Logger } from '../../logger';
import type { Clock } from '../../clock';
import { queuedRuns } from '../../serial-runs';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { CreatedAtClock } from '../created-at';
import { lockPubkeyForNostrKey } from '../../wallet/mint/nut20-key';
import type { NostrEvent } from 'nostr-tools/core';
import type { HoldingNotes } from '../../backup/holding-note';
import {
  merchantProfileTemplate,
  newestEvent,
  parseMerchantProfile,
  type MerchantProfile,
} from '../merchant-profile';
import type { PairingStore, ProfileStateStore } from './merchant-ports';
import { mintUrlKey } from '../../urls/normalise-url';
import { pairingId, pairingKey } from '../pairing';
import { publishOnNewPool } from '../publish';
import { staffPairings } from '../../staff/staff-link';
import type { StaffMember } from '../../staff/staff';
import type { RelayPool } from '../relay-pool';

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
  /** the sales inbox key's public half (x-only hex), named in the profile; absent: none */
  inboxPubkey?: () => Promise<string>;
  pairing: Pick<PairingStore, 'getOrCreateSecret' | 'acceptsUnpaired'>;
  /** the staff list: each person's live cashier link is named (core/staff/staff-link.ts) */
  staff?: () => Promise<readonly StaffMember[]>;
  state: ProfileStateStore;
  logger?: Logger;
  clock?: Clock;
  /**
   * This key's kind 10019 events on the relays. With it, a device that never published the
   * profile (a restored phrase) leaves another device's profile, and its cashier links, alone
   * until the merchant resets the link here (docs/behaviour.md, "Two devices on one phrase").
   */
  readPublished?: (relays: string[], pubkey: string) => Promise<NostrEvent[]>;
  /** A device that holds says so on the relays; the device whose links they are reads it. */
  holdingNotes?: HoldingNotes;
  /** Held by each sync; the default spans the tabs (Web Locks), so two never interleave. */
  lock?: QuoteLock;
}

/** Web Lock name: one tab at a time reads, dates, signs and records the profile. */
const LOCK_NAME = 'cashew-merchant-profile';
/** Reads of the profile that may find it changed while the relays were read, before giving up. */
const READS_BEFORE_STABLE = 3;

export type ProfileSync = 'published' | 'unchanged' | 'held' | 'failed';

/** What the profile on the relays says about another device on this phrase. */
export type OtherDevice =
  /** this device found another device's profile and left it alone: the links are that device's */
  | 'holding'
  /** another device published a profile with another pairing: the links are now that device's */
  | 'taken-over'
  /** another device restored the phrase and holds: the links stay with this device */
  | 'present';

/** One sync at a time; each compares what it would publish with what a relay last accepted. */
export class MerchantProfilePublisher {
  private readonly logger: Logger;
  private readonly createdAt: CreatedAtClock;
  private readonly lock: QuoteLock;
  private other: OtherDevice | undefined;
  private readonly otherListeners = new Set<(other: OtherDevice | undefined) => void>();

  constructor(private readonly deps: ProfilePublisherDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.createdAt = new CreatedAtClock(deps.clock);
    this.lock = deps.lock ?? defaultQuoteLock();
  }

  /** Publishes the profile if it differs from the last accepted one. Never rejects. */
  readonly sync: () => Promise<ProfileSync> = queuedRuns(() => this.syncOnce(), 'unchanged');

  /** Another device on this phrase, as the last sync saw the relays; undefined: none seen. */
  otherDevice(): OtherDevice | undefined {
    return this.other;
  }

  /**
   * Told each time a sync changes what it saw of another device: a screen already open (Connect)
   * shows the notice when the sync that finds the other device ends after it opened.
   */
  onOtherDevice(listener: (other: OtherDevice | undefined) => void): () => void {
    this.otherListeners.add(listener);
    return () => {
      this.otherListeners.delete(listener);
    };
  }

  private setOther(other: OtherDevice | undefined): void {
    if (other === this.other) return;
    this.other = other;
    for (const listener of [...this.otherListeners]) {
      try {
        listener(other);
      } catch (error) {
        this.logger.error('A listener of the other device notice failed', error);
      }
    }
  }

  /**
   * True when this device must not publish: it holds for another device's profile. A device that
   * never published reads the relays first; one that published notes a takeover and stays quiet
   * (it does not fight the other device back; its merchant may reset the link).
   */
  private async holds(profile: MerchantProfile, secretKey: Uint8Array): Promise<boolean> {
    const { state, readPublished } = this.deps;
    if (!readPublished || !state.profileHeldFor || !state.setProfileHeldFor) return false;
    const heldFor = await state.profileHeldFor();
    if (heldFor !== undefined) {
      if (heldFor === (profile.pairingId ?? '')) {
        this.setOther('holding');
        return true;
      }
      // The link was reset on this device since: its profile takes over, dated after the other
      // device's (a relay keeps the newer one).
      await this.newestOnRelays(profile.relays, secretKey, readPublished);
      await state.setProfileHeldFor(undefined);
      this.setOther(undefined);
      return false;
    }
    let published = await state.lastPublishedProfile();
    const sent = await state.sentProfile?.();
    // Read beside the profile, by the device whose profile it is: a note another device left.
    const note =
      published !== undefined && this.deps.holdingNotes
        ? this.deps.holdingNotes.read(profile.relays, secretKey).catch((error: unknown) => {
            this.logger.warn('Could not read the other device’s note', error);
            return undefined;
          })
        : Promise.resolve(undefined);
    const newest = await this.newestOnRelays(profile.relays, secretKey, readPublished);
    // The profile on the relays is the one this device sent last, its tab closed before noting it
    // published: this device's own, not another device's.
    if (sent && newest?.id === sent.id && published !== sent.profile) {
      await state.recordPublishedProfile(sent.profile);
      published = sent.profile;
    }
    const onRelays = newest ? parseMerchantProfile(newest) : undefined;
    const another = onRelays !== undefined && onRelays.pairingId !== profile.pairingId;
    if (published === undefined && another) {
      await state.setProfileHeldFor(profile.pairingId ?? '');
      this.setOther('holding');
      await this.deps.holdingNotes
        ?.announce(profile.relays, secretKey, onRelays.pairingId ?? '')
        .catch((error: unknown) => this.logger.warn('Could not leave the holding note', error));
      return true;
    }
    const ownPairing = published
      ? (JSON.parse(published) as MerchantProfile).pairingId
      : profile.pairingId;
    let other: OtherDevice | undefined =
      another && onRelays.pairingId !== ownPairing ? 'taken-over' : undefined;
    // A note for the pairing this device still has: another device left its links alone.
    const noteFor = await note;
    if (other === undefined && noteFor !== undefined && noteFor === (ownPairing ?? '')) {
      other = 'present';
    }
    this.setOther(other);
    return other === 'taken-over' && published === JSON.stringify(profile);
  }

  /**
   * This key's newest profile on the relays. The next one is dated after it: one signed by an
   * earlier page load or another device may be dated ahead of this clock, and a relay keeps the
   * newer of two (of two in one second, either).
   */
  private async newestOnRelays(
    relays: string[],
    secretKey: Uint8Array,
    readPublished: NonNullable<ProfilePublisherDeps['readPublished']>,
  ): Promise<NostrEvent | undefined> {
    const newest = newestEvent(await readPublished(relays, getPublicKey(secretKey)));
    if (newest) this.createdAt.notBefore(newest.created_at);
    return newest;
  }

  /** What the profile says now. */
  async profile(): Promise<MerchantProfile> {
    const [
      secretKey,
      mintUrl,
      known,
      relays,
      acceptUnpaired,
      secret,
      unlocked,
      locking,
      inbox,
      staff,
    ] = await Promise.all([
      this.deps.getSecretKey(),
      this.deps.getMintUrl(),
      this.deps.acceptedMints(),
      this.deps.getRelays(),
      this.deps.pairing.acceptsUnpaired(),
      this.deps.pairing.getOrCreateSecret(),
      this.deps.unlocked?.acceptsUnlocked() ?? false,
      this.deps.unlocked?.lockingMints() ?? ([] as string[]),
      this.deps.inboxPubkey?.(),
      this.deps.staff?.() ?? [],
    ]);
    const links = staffPairings(secret, staff);
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
      ...(inbox ? { inbox } : {}),
      ...(inbox && !acceptUnpaired ? { pairingKey: pairingKey(secret) } : {}),
      ...(links.length > 0 ? { staffPairings: links } : {}),
    };
  }

  private async syncOnce(): Promise<ProfileSync> {
    try {
      return await this.lock(LOCK_NAME, () => this.syncLocked());
    } catch (error) {
      this.logger.error('Could not publish the merchant profile:', error);
      return 'failed';
    }
  }

  private async syncLocked(): Promise<ProfileSync> {
    const { state } = this.deps;
    const secretKey = await this.deps.getSecretKey();
    let profile = await this.profile();
    let text = JSON.stringify(profile);
    for (let read = 1; ; read++) {
      if (await this.holds(profile, secretKey)) return 'held';
      // The relays were read for up to seconds: a change made meanwhile (a link reset) is what
      // goes out, never the state read before it.
      const latest = await this.profile();
      const latestText = JSON.stringify(latest);
      if (latestText === text) break;
      if (read === READS_BEFORE_STABLE) {
        this.logger.warn('The merchant profile kept changing; the next sync publishes it');
        return 'failed';
      }
      [profile, text] = [latest, latestText];
    }
    if ((await state.lastPublishedProfile()) === text) return 'unchanged';
    // Relays keep one version of a replaceable event, and of two with the same created_at the
    // one with the lower id (NIP-01): each profile is dated after the last one this device signed,
    // in this page or an earlier one (which may be dated ahead of the clock after a burst), else a
    // reset link right after a reload would be dropped as older.
    const sent = await state.sentProfile?.();
    if (sent) this.createdAt.notBefore(sent.createdAt);
    const now = this.createdAt.next();
    const event = finalizeEvent(merchantProfileTemplate(profile, now), secretKey);
    // Noted before it leaves: the tab may close once a relay has it and before the answer.
    await state.noteSentProfile?.({ id: event.id, createdAt: event.created_at, profile: text });
    const outcome = await publishOnNewPool(this.deps.createPool, event, profile.relays);
    if (outcome.accepted.length === 0) {
      this.logger.warn('No relay took the merchant profile; trying again at the next start', {
        failures: outcome.failures,
      });
      return 'failed';
    }
    await state.recordPublishedProfile(text);
    this.logger.info(`Merchant profile published on ${outcome.accepted.join(', ')}`);
    return 'published';
  }
}
