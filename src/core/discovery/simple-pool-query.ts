// RelayQuery on nostr-tools' relay pool. A fresh pool per query, closed when the query ends:
// discovery runs once during onboarding and should not leave sockets open to discovery relays.
import { AbstractSimplePool } from 'nostr-tools/abstract-pool';
import { verifyEvent } from 'nostr-tools/pure';
import type { NostrEvent, RelayQuery } from './relay-query';

/** Anything constructible like the browser WebSocket, e.g. the `ws` package in Node. */
export type WebSocketConstructor = new (url: string) => unknown;

export interface PoolRelayQueryOptions {
  /** Defaults to the global WebSocket (browsers); Node tests pass `ws`. */
  WebSocket?: WebSocketConstructor;
}

interface EventTargetSocket {
  addEventListener(type: 'error', listener: () => void): void;
}

/**
 * The given WebSocket with an error listener of its own on every socket. Giving up on a relay
 * whose handshake is still running closes a CONNECTING socket, which then reports an error after
 * nostr-tools has detached its handlers; `ws` (Node) throws an error nobody listens to.
 */
function quietOnError(Base: WebSocketConstructor): typeof WebSocket {
  const Quiet = class extends (Base as new (url: string) => EventTargetSocket) {
    constructor(url: string) {
      super(url);
      this.addEventListener('error', () => {});
    }
  };
  return Quiet as unknown as typeof WebSocket;
}

export function createPoolRelayQuery(options: PoolRelayQueryOptions = {}): RelayQuery {
  const Base = options.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
  const websocketImplementation = Base ? quietOnError(Base) : undefined;
  return (relays, filter, maxWaitMs) =>
    new Promise<NostrEvent[]>((resolve, reject) => {
      const pool = new AbstractSimplePool({
        verifyEvent,
        websocketImplementation,
        maxWaitForConnection: maxWaitMs,
        enablePing: false,
        enableReconnect: false,
      });
      const abort = new AbortController();
      const events: NostrEvent[] = [];
      let failures: Array<{ url: string; reason: string }> | undefined;
      let done = false;

      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        abort.abort();
        void subscription.close('discovery done');
        // nostr-tools writes the CLOSE just queued on a microtask; closing the sockets now
        // would make it a send on a CLOSING socket (the browser's "WebSocket is already in
        // CLOSING or CLOSED state"). Close them once the queued sends went out.
        setTimeout(() => pool.destroy(), 0);
        // Every relay closed before EOSE and nothing arrived: that is a failure, not "no mints".
        if (events.length === 0 && failures) {
          reject(new Error(failures.map((f) => `${f.url} ${f.reason}`).join('; ')));
        } else {
          resolve(events);
        }
      };

      const timer = setTimeout(finish, maxWaitMs);
      const subscription = pool.subscribeMany(relays, filter, {
        maxWait: maxWaitMs,
        abort: abort.signal,
        onevent: (event) => {
          events.push(event);
        },
        // The pool reports EOSE before the all-closed callback in the same tick when relays
        // fail; wait a microtask so `failures` is known when deciding.
        oneose: () => queueMicrotask(finish),
        onclose: (reasons) => {
          if (!done) failures = reasons;
          queueMicrotask(finish);
        },
      });
    });
}
