// The merchant's remote-payment inbox, built on the stored relays and the device key: the app starts
// it after onboarding and restarts it when Settings saves new relays (one tab listens, via Web
// Locks). With `trust`, it takes only paired messages, asks the mint first, looks back per relay,
// and answers with receipts; the receipt sender and the merchant profile are built here too.
import type { Logger } from '../../core/logger';
import type { Clock, ConfigStore, PendingMintQuote, ProcessedQuoteStore } from '../../core/ports';
import {
  createRelayPool,
  defaultLockProvider,
  RemotePaymentInbox,
  type LockProvider,
  type RelayPool,
  type RelayStatusSink,
} from '../../core/remote-payments';
import type {
  AcceptedMintStore,
  CreditedSaleLookup,
  InboxRetryStore,
  KnownMintSource,
  LockingMintMemory,
  PairingStore,
  ProfileStateStore,
  RefusalCounter,
  RefusedSale,
  RelayCursorStore,
  UnlockedSalesSetting,
} from '../../core/remote-payments/merchant-ports';
import { MerchantProfilePublisher } from '../../core/remote-payments/profile-publisher';
import type { RefusalKind } from '../../core/remote-payments/sale-judgement';
import { ReceiptSender } from '../../core/remote-payments/receipts';
import { verifyRemoteQuote } from '../../core/remote-payments/verify-remote-quote';
import { mintQuoteClient } from '../../core/wallet/mint/quote-watcher';
import type { WalletProvider } from '../../core/wallet/wallet-provider';

/** Shown (at most once a minute) when a relay message cannot be handled (docs/behaviour.md "Toasts"). */
export const REMOTE_PAYMENT_ERROR_TOAST =
  '❌ Error processing remote payment. Check console for details.';

/** What the merchant's trust rules read and write (storage/merchant-trust-store.ts). */
export type MerchantTrustStore = PairingStore &
  RelayCursorStore &
  KnownMintSource &
  CreditedSaleLookup &
  ProfileStateStore &
  AcceptedMintStore &
  LockingMintMemory &
  UnlockedSalesSetting &
  RefusalCounter;

export interface MerchantTrustDeps {
  store: MerchantTrustStore;
  /** the quote's mint is asked before anything is stored */
  wallets: Pick<WalletProvider, 'getMint'>;
  receipts: Pick<ReceiptSender, 'send'>;
  /** synced each time this tab starts listening (onboarding, start-up, Settings, link reset) */
  profile?: Pick<MerchantProfilePublisher, 'sync'>;
}

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
}

function poolFactory(WebSocketImpl?: typeof WebSocket): () => RelayPool {
  return () => createRelayPool(WebSocketImpl ? { WebSocket: WebSocketImpl } : {});
}

/**
 * start() is idempotent and returns at once (the relays are subscribed when this tab gets the
 * inbox lock); processed quotes older than 30 days are cleaned at each start.
 */
export function createInbox(deps: InboxDeps): RemotePaymentInbox {
  const trust = deps.trust;
  return new RemotePaymentInbox({
    createPool: poolFactory(deps.WebSocket),
    getRelays: () => deps.config.getRelays(),
    getSecretKey: deps.getSecretKey,
    getMintUrl: () => deps.config.getMintUrl(),
    processedQuotes: deps.processedQuotes,
    takeOver: deps.takeOver,
    onInvalidMessage: deps.onInvalidMessage,
    logger: deps.logger,
    clock: deps.clock,
    lockProvider: deps.lockProvider ?? defaultLockProvider(),
    ...(deps.retryList ? { retryList: deps.retryList } : {}),
    ...(deps.relayStatus ? { relayStatus: deps.relayStatus } : {}),
    ...(deps.takeOther ? { takeOther: deps.takeOther } : {}),
    ...(trust ? trustedInbox(deps, trust) : {}),
  });
}

/** NUT-20 in the mint's info (GET /v1/info); no seed needed, so any mint can be asked. */
export async function supportsLockedQuotes(
  wallets: Pick<WalletProvider, 'getMint'>,
  mintUrl: string,
): Promise<boolean> {
  const info = await wallets.getMint(mintUrl).getInfo();
  return info.nuts['20']?.supported === true;
}

/**
 * Asks each accepted mint whether it locks quotes and remembers those that do, before the
 * profile says where unlocked quotes are taken (docs/protocol.md "Accepted mints and locking").
 */
async function learnLockingMints(
  store: Pick<AcceptedMintStore, 'acceptedMints'> & Pick<LockingMintMemory, 'rememberLocking'>,
  wallets: Pick<WalletProvider, 'getMint'>,
  logger: Logger,
): Promise<void> {
  const mints = await store.acceptedMints();
  await Promise.all(
    mints.map(async (mintUrl) => {
      try {
        if (await supportsLockedQuotes(wallets, mintUrl)) await store.rememberLocking(mintUrl);
      } catch (error) {
        logger.debug(`Could not ask ${mintUrl} whether it locks quotes`, error);
      }
    }),
  );
}

/** Refusals written at most once a second, a bounded batch: a flood of them costs one write. */
const REFUSAL_FLUSH_MS = 1_000;
const REFUSAL_BATCH_MAX = 1_000;

function refusalCounter(store: RefusalCounter, logger: Logger) {
  let batch: RefusedSale[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (kind: RefusalKind, quote: string) => {
    if (batch.length < REFUSAL_BATCH_MAX) batch.push({ kind, quote });
    timer ??= setTimeout(() => {
      timer = undefined;
      const sales = batch;
      batch = [];
      store
        .countRefused(sales)
        .catch((error: unknown) => logger.warn('Could not count refused messages', error));
    }, REFUSAL_FLUSH_MS);
  };
}

function trustedInbox(deps: InboxDeps, trust: MerchantTrustDeps) {
  const { store, wallets, receipts, profile } = trust;
  return {
    getPairing: async () => {
      const [secret, acceptUnpaired] = await Promise.all([
        store.getOrCreateSecret(),
        store.acceptsUnpaired(),
      ]);
      return { secret, acceptUnpaired };
    },
    acceptedMints: () => store.acceptedMints(),
    onRefused: refusalCounter(store, deps.logger),
    cursors: store,
    verify: async (
      message: Parameters<typeof verifyRemoteQuote>[0]['message'],
      mintUrl: string,
      lockPubkey: string,
    ) => {
      const acceptUnlocked = await store.acceptsUnlocked();
      return verifyRemoteQuote({
        message,
        mintUrl,
        lockPubkey,
        now: deps.clock(),
        acceptUnlocked,
        mint: {
          check: (quote) => mintQuoteClient(wallets.getMint(mintUrl), deps.logger).check(quote),
          supportsLockedQuotes: async () => {
            const locks = await supportsLockedQuotes(wallets, mintUrl);
            // Remembered before judging: from now on this mint's unlocked quotes are refused.
            if (locks) await store.rememberLocking(mintUrl);
            return locks;
          },
          lockedBefore: () => store.lockedBefore(mintUrl),
        },
      });
    },
    onDuplicate: async (message: { quote: string; receipt?: string }) => {
      if (!message.receipt) return;
      const sale = await store.creditedSale(message.quote);
      if (!sale) return;
      await receipts.send(message.receipt, { quote: message.quote, ...sale });
    },
    onListening: () => {
      void learnLockingMints(store, wallets, deps.logger).then(() => profile?.sync());
    },
  };
}

export interface MerchantRelayDeps {
  config: Pick<ConfigStore, 'getRelays' | 'getMintUrl'>;
  store: MerchantTrustStore;
  getSecretKey: () => Promise<Uint8Array>;
  logger: Logger;
  clock: Clock;
  WebSocket?: typeof WebSocket;
}

/** Receipts for remote sales, sealed with the device key, on the merchant's relays. */
export function createReceiptSender(deps: MerchantRelayDeps): ReceiptSender {
  return new ReceiptSender({
    createPool: poolFactory(deps.WebSocket),
    getRelays: () => deps.config.getRelays(),
    getSecretKey: deps.getSecretKey,
    logger: deps.logger,
    clock: deps.clock,
  });
}

/** The kind 10019 merchant profile (mint, relays, lock key, pairing id). */
export function createProfilePublisher(deps: MerchantRelayDeps): MerchantProfilePublisher {
  return new MerchantProfilePublisher({
    createPool: poolFactory(deps.WebSocket),
    getRelays: () => deps.config.getRelays(),
    getMintUrl: () => deps.config.getMintUrl(),
    acceptedMints: () => deps.store.acceptedMints(),
    unlocked: deps.store,
    getSecretKey: deps.getSecretKey,
    pairing: deps.store,
    state: deps.store,
    logger: deps.logger,
    clock: deps.clock,
  });
}
