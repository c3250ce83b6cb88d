// What the merchant's inbox, receipts and profile need from storage; see docs/protocol.md
// "Receiving (merchant inbox)". src/storage/remote/merchant-trust-store.ts implements them on Dexie.
import type { NostrEvent } from 'nostr-tools/core';
import type { RefusalKind } from '../sale-judgement';
import type { Unit } from '../../units/unit';

/** The cashier-link pairing secret and whether unpaired senders are taken (off by default). */
export interface PairingStore {
  /** The stored secret; one is created (once, across tabs) for wallets that have none yet. */
  getOrCreateSecret(): Promise<Uint8Array>;
  /** Replaces the secret: links made with the old one stop working. Returns the new one. */
  resetSecret(): Promise<Uint8Array>;
  acceptsUnpaired(): Promise<boolean>;
  setAcceptsUnpaired(accept: boolean): Promise<void>;
}

/** Per relay URL, the last time (unix seconds) the inbox knew it had everything that relay kept. */
export interface RelayCursorStore {
  lastListen(relay: string): Promise<number | undefined>;
  recordListen(relay: string, seconds: number): Promise<void>;
}

/** Every mint the wallet has used: the configured one, proofs, history, pending quotes, claims. */
export interface KnownMintSource {
  knownMints(): Promise<string[]>;
}

/** A remote sale already credited: what its receipt says. */
export interface CreditedSale {
  /** in `unit`'s minor units */
  amount: number;
  /** unix seconds when the proofs were stored */
  time: number;
  /** the sale's unit when not sat (decision 0092) */
  unit?: Unit;
}

export interface CreditedSaleLookup {
  /**
   * The stored remote-payment event of this quote, if its proofs are stored; or, paid by the
   * cashier's ecash request `ecashRequest`, the ecash sale that closed this quote.
   */
  creditedSale(quoteId: string, ecashRequest?: string): Promise<CreditedSale | undefined>;
}

/**
 * A profile as this device signed it, noted before it leaves: a tab closed before the relays
 * answer leaves it on them, and the next start must know it for this device's own (not another
 * device's) and date the next one after it.
 */
export interface SentProfile {
  /** the event id */
  id: string;
  /** the event's created_at, unix seconds */
  createdAt: number;
  /** what it says, as JSON (as `recordPublishedProfile` takes it) */
  profile: string;
}

/** The last merchant profile (its tags as JSON) that at least one relay accepted. */
export interface ProfileStateStore {
  lastPublishedProfile(): Promise<string | undefined>;
  recordPublishedProfile(profile: string): Promise<void>;
  /** The last profile this device signed, noted before it was sent; undefined: none. */
  sentProfile?(): Promise<SentProfile | undefined>;
  noteSentProfile?(sent: SentProfile): Promise<void>;
  /**
   * The pairing id this device had when it found another device's profile on the relays and
   * left it alone (docs/behaviour.md, "Two devices on one phrase"); undefined when it holds none.
   */
  profileHeldFor?(): Promise<string | undefined>;
  setProfileHeldFor?(pairingId: string | undefined): Promise<void>;
}

/**
 * A wrap the inbox could not finish after its retries (the mint did not answer, storage failed),
 * kept to be tried again at each start instead of holding a relay's lookback.
 */
export interface ParkedWrap {
  id: string;
  /** the gift wrap as the relay sent it */
  event: NostrEvent;
  /** unix ms when it was first parked */
  addedAt: number;
}

/** The inbox's retry list (storage/remote/inbox-retry-store.ts). */
export interface InboxRetryStore {
  list(): Promise<ParkedWrap[]>;
  /** Adds the wrap (kept as it was when already there); above `max` rows drops the oldest, returned. */
  put(wrap: ParkedWrap, max: number): Promise<ParkedWrap[]>;
  remove(id: string): Promise<void>;
}

/**
 * The mints the merchant accepts for remote sales
 * (docs/protocol.md "Accepted mints and locking"): the current mint first, then every mint that was current before and that the
 * merchant has not removed in Settings.
 */
export interface AcceptedMintStore {
  acceptedMints(): Promise<string[]>;
  /** Stops accepting a mint; the current mint cannot be removed (it is always accepted). */
  removeAcceptedMint(mintUrl: string): Promise<void>;
}

/** Mints whose info ever listed NUT-20: an unlocked quote from one of them is always refused. */
export interface LockingMintMemory {
  lockedBefore(mintUrl: string): Promise<boolean>;
  rememberLocking(mintUrl: string): Promise<void>;
  lockingMints(): Promise<string[]>;
}

/** "Accept sales on mints that cannot lock quotes" (off by default). */
export interface UnlockedSalesSetting {
  acceptsUnlocked(): Promise<boolean>;
  setAcceptsUnlocked(accept: boolean): Promise<void>;
}

/** How many messages the merchant refused without storing anything, by why. */
export type RefusedCounts = Record<RefusalKind, number>;

/** One refused sale: why, and its quote id. */
export interface RefusedSale {
  kind: RefusalKind;
  quote: string;
}

export interface RefusalCounter {
  /**
   * Counts refused sales in one write, once per quote: relays hand the same message back at
   * every start and cashiers re-send it, so a quote seen again is not counted again.
   */
  countRefused(sales: readonly RefusedSale[]): Promise<void>;
  refusedCounts(): Promise<RefusedCounts>;
}

/** What the merchant's trust rules read and write (storage/remote/merchant-trust-store.ts). */
export type MerchantTrustStore = PairingStore &
  RelayCursorStore &
  KnownMintSource &
  CreditedSaleLookup &
  ProfileStateStore &
  AcceptedMintStore &
  LockingMintMemory &
  UnlockedSalesSetting &
  RefusalCounter;

/**
 * The sales inbox key (decision 0030, point 7): a secp256k1 key kept plain on the device, so a
 * locked till opens the sales wrapped to it and mints the quotes locked to it.
 */
export interface SalesInboxKeyStore {
  /** The stored key; one is created (once, across tabs) when there is none. */
  getOrCreate(): Promise<Uint8Array>;
}
