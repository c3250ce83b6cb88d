// The merchant's remote-payment inbox, built on the stored relays and the device key: the app starts
// it after onboarding and restarts it when Settings saves new relays (one tab listens, via Web
// Locks). With `trust` (core/remote-payments/merchant/merchant-trust.ts, built here once), it takes only
// paired messages, asks the mint first, looks back per relay, and answers with receipts; the
// receipt sender and the merchant profile are built here too.
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import type { ProcessedQuoteStore } from '../../core/remote-payments/merchant/processed-quote-ports';
import type { ConfigStore } from '../../core/settings/ports';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import {
  createRelayPool,
  defaultLockProvider,
  RemotePaymentInbox,
  type LockProvider,
  type RelayPool,
  type RelayStatusSink,
} from '../../core/remote-payments';
import type { InboxRetryStore } from '../../core/remote-payments/merchant/merchant-ports';
import {
  merchantTrust,
  type MerchantTrustDeps,
  type MerchantTrustStore,
} from '../../core/remote-payments/merchant/merchant-trust';
import { MerchantProfilePublisher } from '../../core/remote-payments/merchant/profile-publisher';
import { MERCHANT_PROFILE_KIND } from '../../core/remote-payments/merchant-profile';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import { holdingNotes } from '../../core/backup/holding-note';
import { MintBackupPublisher } from '../../core/backup/mint-backup-publisher';
import type { PublishedNotes } from '../../core/backup/published-note';
import type { CatalogForLines } from '../../core/remote-payments/merchant/catalog-lines';
import { ReceiptSender } from '../../core/remote-payments/merchant/receipts';
import { INBOX_LOCK_NAME } from '../../core/remote-payments/constants';
import {
  publishedPairingKey,
  staffLinksFor,
} from '../../core/remote-payments/merchant/sales-inbox';
import type { StaffMember } from '../../core/staff/staff';
import type { Unit } from '../../core/units/unit';

export type { MerchantTrustDeps, MerchantTrustStore };

export interface InboxDeps {
  /** NUT-18 ecash payloads, offered each message first (core/wallet/ecash/ecash-inbox.ts). */
  takeOther?: (content: string) => Promise<boolean>;
  config: Pick<ConfigStore, 'getRelays' | 'getMintUrl'>;
  processedQuotes: Pick<ProcessedQuoteStore, 'isProcessed' | 'cleanup'>;
  /** the device's nostr key: wraps are addressed to it */
  getSecretKey: () => Promise<Uint8Array>;
  /**
   * PaymentService.takeOverRemote: claims the quote and persists it as pending in one
   * transaction, then mints it once paid (its toasts say 'remote')
   */
  takeOver: (quote: PendingMintQuote) => Promise<boolean>;
  /** the error toast; the inbox calls it at most once a minute and logs every case itself */
  onInvalidMessage?: (error: Error) => void;
  logger: Logger;
  clock: Clock;
  /** the browser's WebSocket by default; Node tests pass `ws` */
  WebSocket?: typeof WebSocket;
  /** navigator.locks when present, so only one tab listens and mints */
  lockProvider?: LockProvider;
  /** pairing, mint verification, per-relay lookback, receipts; absent: every sender is taken */
  trust?: MerchantTrustDeps;
  /** messages the inbox could not finish, tried again at each start (storage.inboxRetries) */
  retryList?: InboxRetryStore;
  /** told per relay whether it delivers (connected, after AUTH, refused, unreachable) */
  relayStatus?: RelayStatusSink;
  /** the catalog a cashier's lines must match; absent: lines that add up are kept as sent */
  catalog?: () => Promise<CatalogForLines>;
  /** the till's unit; a quote in another goes to that unit's balance (decision 0115); absent: sat */
  tillUnit?: () => Promise<Unit>;
}

function poolFactory(WebSocketImpl?: typeof WebSocket): () => RelayPool {
  return () => createRelayPool(WebSocketImpl ? { WebSocket: WebSocketImpl } : {});
}

/** What every service on the merchant's relays is built with. */
interface RelayServiceDeps {
  config: Pick<ConfigStore, 'getRelays' | 'getMintUrl'>;
  logger: Logger;
  clock: Clock;
  WebSocket?: typeof WebSocket;
}

/** Pools to, and the list of, the relays in Settings; the logger and the clock. */
function onRelays(deps: RelayServiceDeps) {
  return {
    createPool: poolFactory(deps.WebSocket),
    getRelays: () => deps.config.getRelays(),
    logger: deps.logger,
    clock: deps.clock,
  };
}

/** What both inboxes take alike: relays, mint, claims, take-over, notices, lock, retry list. */
function commonDeps(deps: InboxDeps) {
  return {
    ...onRelays(deps),
    // The inbox checks each wrap's signature itself, live ones before the backlog (0099).
    createPool: () =>
      createRelayPool({
        ...(deps.WebSocket ? { WebSocket: deps.WebSocket } : {}),
        deferSignatures: true,
      }),
    getMintUrl: () => deps.config.getMintUrl(),
    processedQuotes: deps.processedQuotes,
    takeOver: deps.takeOver,
    onInvalidMessage: deps.onInvalidMessage,
    lockProvider: deps.lockProvider ?? defaultLockProvider(),
    ...(deps.retryList ? { retryList: deps.retryList } : {}),
    ...(deps.catalog ? { catalog: deps.catalog } : {}),
    ...(deps.tillUnit ? { tillUnit: deps.tillUnit } : {}),
  };
}

/**
 * start() is idempotent and returns at once (the relays are subscribed when this tab gets the
 * inbox lock); processed quotes older than 30 days are cleaned at each start.
 */
export function createInbox(deps: InboxDeps): RemotePaymentInbox {
  const trust = deps.trust;
  return new RemotePaymentInbox({
    ...commonDeps(deps),
    getSecretKey: deps.getSecretKey,
    ...(deps.relayStatus ? { relayStatus: deps.relayStatus } : {}),
    ...(deps.takeOther ? { takeOther: deps.takeOther } : {}),
    ...(trust ? merchantTrust(trust, deps) : {}),
  });
}

/**
 * The sales inbox (decision 0030, point 7): wraps addressed to the sales inbox key, which is plain,
 * so it listens while the till is locked. Sales are judged as in the identity inbox, except that
 * pairing is checked with the link's signature against the pairing key of the profile this device
 * last published (the secret is sealed). It has its own cross-tab lock and relay lookback, and
 * leaves the profile, NUT-18 payloads and the relay status to the identity inbox.
 */
export function createSalesInbox(
  deps: InboxDeps & { trust: MerchantTrustDeps; salesKey: () => Promise<Uint8Array> },
): RemotePaymentInbox {
  const { store } = deps.trust;
  const trust = merchantTrust(deps.trust, deps);
  return new RemotePaymentInbox({
    ...commonDeps(deps),
    getSecretKey: deps.salesKey,
    lockName: `${INBOX_LOCK_NAME}:sales`,
    getPairing: async () => {
      const [acceptUnpaired, published, links] = await Promise.all([
        store.acceptsUnpaired(),
        store.lastPublishedProfile(),
        staffLinksFor(deps.trust.staff, () => store.lastPublishedProfile()),
      ]);
      const verifyKey = publishedPairingKey(published);
      return { acceptUnpaired, ...(verifyKey ? { verifyKey } : {}), ...links };
    },
    acceptedMints: trust.acceptedMints,
    onRefused: trust.onRefused,
    verify: trust.verify,
    onDuplicate: trust.onDuplicate,
    cursors: {
      lastListen: (relay) => store.lastListen(`sales:${relay}`),
      recordListen: (relay, seconds) => store.recordListen(`sales:${relay}`, seconds),
    },
  });
}

export interface MerchantRelayDeps extends RelayServiceDeps {
  store: MerchantTrustStore;
  getSecretKey: () => Promise<Uint8Array>;
  /** the sales inbox key for a quote locked to it: it seals that sale's receipt */
  inboxKeyFor?: (quotePubkey: string) => Promise<Uint8Array | undefined>;
  /** the sales inbox key's public half, named in the profile */
  inboxPubkey?: () => Promise<string>;
  /** the staff list: the profile names each person's live cashier link */
  staff?: () => Promise<readonly StaffMember[]>;
}

/** Receipts for remote sales, sealed with the device key, on the merchant's relays. */
export function createReceiptSender(deps: MerchantRelayDeps): ReceiptSender {
  return new ReceiptSender({
    ...onRelays(deps),
    getSecretKey: async (quotePubkey) =>
      (quotePubkey ? await deps.inboxKeyFor?.(quotePubkey) : undefined) ??
      (await deps.getSecretKey()),
  });
}

/** The kind 10019 merchant profile (mint, relays, lock key, pairing id). */
export function createProfilePublisher(deps: MerchantRelayDeps): MerchantProfilePublisher {
  return new MerchantProfilePublisher({
    ...onRelays(deps),
    getMintUrl: () => deps.config.getMintUrl(),
    acceptedMints: () => deps.store.acceptedMints(),
    unlocked: deps.store,
    getSecretKey: deps.getSecretKey,
    ...(deps.inboxPubkey ? { inboxPubkey: deps.inboxPubkey } : {}),
    pairing: deps.store,
    ...(deps.staff ? { staff: deps.staff } : {}),
    state: deps.store,
    // Read before publishing: a restored device leaves another device's profile alone.
    readPublished: (relays, pubkey) =>
      createPoolRelayQuery(deps.WebSocket ? { WebSocket: deps.WebSocket } : {})(
        relays,
        { kinds: [MERCHANT_PROFILE_KIND], authors: [pubkey] },
        PROFILE_READ_MS,
      ),
    // Both devices on one phrase say so: the one that holds leaves a note, the other reads it.
    holdingNotes: holdingNotes({
      createPool: poolFactory(deps.WebSocket),
      query: createPoolRelayQuery(deps.WebSocket ? { WebSocket: deps.WebSocket } : {}),
      clock: deps.clock,
      maxWaitMs: PROFILE_READ_MS,
    }),
  });
}

/** How long the profile on the relays is waited for before this device publishes its own. */
const PROFILE_READ_MS = 3_000;

export interface MintBackupServiceDeps extends RelayServiceDeps {
  /** every mint the wallet used (stored proofs and history) */
  knownMints: () => Promise<string[]>;
  acceptedMints: () => Promise<string[]>;
  getSeed: () => Promise<Uint8Array | undefined>;
  seedSealed: () => Promise<boolean>;
  /** false while a restore has yet to read the list from the relays */
  ready: () => Promise<boolean>;
  /** what a relay took of the list, across page loads */
  notes?: PublishedNotes;
}

/** The NUT-27 mint list: the mint in Settings, the mints used, the mints accepted. */
export function createMintBackup(deps: MintBackupServiceDeps): MintBackupPublisher {
  return new MintBackupPublisher({
    ...onRelays(deps),
    mints: async () => {
      const [mintUrl, used, accepted] = await Promise.all([
        deps.config.getMintUrl(),
        deps.knownMints(),
        deps.acceptedMints(),
      ]);
      return [mintUrl, ...used, ...accepted];
    },
    getSeed: deps.getSeed,
    seedSealed: deps.seedSealed,
    ready: deps.ready,
    ...(deps.notes ? { notes: deps.notes } : {}),
  });
}
