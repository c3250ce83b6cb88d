// The merchant's remote-payment inbox, built on the stored relays and the device key: the app starts
// it after onboarding and restarts it when Settings saves new relays (one tab listens, via Web Locks).
import type { Logger } from '../../core/logger';
import type { Clock, ConfigStore, PendingMintQuote, ProcessedQuoteStore } from '../../core/ports';
import {
  createRelayPool,
  defaultLockProvider,
  RemotePaymentInbox,
  type LockProvider,
  type RelayPool,
} from '../../core/remote-payments';

/** Shown (at most once a minute) when a relay message cannot be handled (docs/behaviour.md "Toasts"). */
export const REMOTE_PAYMENT_ERROR_TOAST =
  '❌ Error processing remote payment. Check console for details.';

export interface InboxDeps {
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
}

/**
 * start() is idempotent and returns at once (the relays are subscribed when this tab gets the
 * inbox lock); processed quotes older than 30 days are cleaned at each start.
 */
export function createInbox(deps: InboxDeps): RemotePaymentInbox {
  const createPool = (): RelayPool =>
    createRelayPool(deps.WebSocket ? { WebSocket: deps.WebSocket } : {});
  return new RemotePaymentInbox({
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
}
