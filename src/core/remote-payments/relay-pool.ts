// The relay pool core talks to: a narrow view of nostr-tools' pool, built with an injected WebSocket.
import type { NostrEvent } from 'nostr-tools/core';
import { AbstractSimplePool } from 'nostr-tools/abstract-pool';
import { verifyEvent } from 'nostr-tools/pure';
import { GIFT_WRAP_KIND, RELAY_TIMEOUT_MS } from './constants';
import { nip44ShapeProblem } from './nip44-shape';

/** What remote payments use of a nostr-tools pool; tests may pass a fake. */
export type RelayPool = Pick<AbstractSimplePool, 'publish' | 'subscribe' | 'close' | 'destroy'> & {
  /**
   * Present when the pool hands events on without checking their signatures
   * (`deferSignatures`): whoever subscribed must call it before trusting an event. Absent: the
   * pool checked every event it delivered.
   */
  readonly checkSignature?: (event: NostrEvent) => boolean;
};

/**
 * A gift wrap whose content cannot be NIP-44 v2 is refused before its signature is checked (its
 * unwrap would fail anyway; issue 48); every other event has its signature checked.
 */
export function verifyRelayEvent(event: NostrEvent): boolean {
  if (event.kind === GIFT_WRAP_KIND) {
    if (typeof event.content !== 'string' || nip44ShapeProblem(event.content)) return false;
  }
  return verifyEvent(event);
}

export interface RelayPoolOptions {
  WebSocket?: typeof WebSocket;
  /**
   * Signatures are left to the subscriber (the merchant inbox), which checks them in its own
   * order, live messages first and the backlog in slices: the pool would otherwise check each
   * stored wrap as it arrives, and a live sale's message would wait behind all of them.
   */
  deferSignatures?: boolean;
}

/**
 * Builds a pool on the given WebSocket implementation (the browser's own by default; Node tests
 * pass `ws`). Reconnection is left off on purpose: nostr-tools resubscribes with
 * `since: lastEmitted + 1`, which skips back-dated gift wraps, so the inbox resubscribes itself.
 */
export function createRelayPool(options: RelayPoolOptions = {}): RelayPool {
  const pool = new AbstractSimplePool({
    verifyEvent: options.deferSignatures ? () => true : verifyRelayEvent,
    websocketImplementation: options.WebSocket ?? globalThis.WebSocket,
    maxWaitForConnection: RELAY_TIMEOUT_MS,
    enablePing: true,
    enableReconnect: false,
  });
  if (!options.deferSignatures) return pool;
  return Object.assign(pool, { checkSignature: (event: NostrEvent) => verifyEvent(event) });
}
