// The relay pool core talks to: a narrow view of nostr-tools' pool, built with an injected WebSocket.
import { AbstractSimplePool } from 'nostr-tools/abstract-pool';
import { verifyEvent } from 'nostr-tools/pure';
import { RELAY_TIMEOUT_MS } from './constants';

/** What remote payments use of a nostr-tools pool; tests may pass a fake. */
export type RelayPool = Pick<AbstractSimplePool, 'publish' | 'subscribe' | 'close' | 'destroy'>;

/**
 * Builds a pool on the given WebSocket implementation (the browser's own by default; Node tests
 * pass `ws`). Reconnection is left off on purpose: nostr-tools resubscribes with
 * `since: lastEmitted + 1`, which skips back-dated gift wraps, so the inbox resubscribes itself.
 */
export function createRelayPool(options: { WebSocket?: typeof WebSocket } = {}): RelayPool {
  return new AbstractSimplePool({
    verifyEvent: (event) => verifyEvent(event),
    websocketImplementation: options.WebSocket ?? globalThis.WebSocket,
    maxWaitForConnection: RELAY_TIMEOUT_MS,
    enablePing: true,
    enableReconnect: false,
  });
}
