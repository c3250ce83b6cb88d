// The messaging service the app starts after onboarding and restarts on relay changes: the
// remote-payments inbox listening on the stored relays (one tab at a time, via Web Locks).
import type { Logger } from '../core/logger';
import type { Clock, ConfigStore, PendingMintQuote, ProcessedQuoteStore } from '../core/ports';
import {
  createRelayPool,
  defaultLockProvider,
  RemotePaymentInbox,
  type LockProvider,
  type RelayPool,
} from '../core/remote-payments';

/** The payment listener as screens see it (SPEC §4: started on completion and at app start). */
export interface MessagingService {
  start(): Promise<void>;
  /** Re-reads the stored relays and listens on them again (settings saved new relays). */
  restart(): Promise<void>;
  stop(): void;
}

/** SPEC §8: shown (at most once a minute) when a relay message cannot be handled. */
export const REMOTE_PAYMENT_ERROR_TOAST =
  '❌ Error processing remote payment. Check console for details.';

export interface InboxMessagingDeps {
  config: Pick<ConfigStore, 'getRelays' | 'getMintUrl'>;
  processedQuotes: Pick<ProcessedQuoteStore, 'isProcessed' | 'cleanup'>;
  /** the device's nostr key: wraps are addressed to it */
  getSecretKey: () => Promise<Uint8Array>;
  /**
   * PaymentService.takeOverRemote: claims the quote and persists it as pending in one
   * transaction, then mints it once paid (its toasts say 'remote')
   */
  takeOver: (quote: PendingMintQuote) => Promise<boolean>;
  /** SPEC §8 toast; the inbox calls it at most once a minute and logs every case itself */
  onInvalidMessage?: (error: Error) => void;
  logger: Logger;
  clock: Clock;
  /** the browser's WebSocket by default; Node tests pass `ws` */
  WebSocket?: typeof WebSocket;
  /** navigator.locks when present, so only one tab listens and mints */
  lockProvider?: LockProvider;
}

/**
 * The real listener. start() is idempotent and returns at once (the relays are subscribed when
 * this tab gets the inbox lock); processed quotes older than 30 days are cleaned at each start.
 */
export function createInboxMessaging(deps: InboxMessagingDeps): MessagingService & {
  inbox: RemotePaymentInbox;
} {
  const createPool = (): RelayPool =>
    createRelayPool(deps.WebSocket ? { WebSocket: deps.WebSocket } : {});
  const inbox = new RemotePaymentInbox({
    createPool,
    getRelays: () => deps.config.getRelays(),
    getSecretKey: deps.getSecretKey,
    getMintUrl: () => deps.config.getMintUrl(),
    processedQuotes: deps.processedQuotes,
    takeOver: deps.takeOver,
    onInvalidMessage: deps.onInvalidMessage,
    logger: deps.logger,
    clock: deps.clock,
    lockProvider: deps.lockProvider ?? defaultLockProvider(),
  });
  return {
    inbox,
    start: () => inbox.start(),
    restart: () => inbox.restart(),
    stop: () => {
      inbox.stop().catch((error: unknown) => deps.logger.error('Stopping the inbox failed', error));
    },
  };
}
