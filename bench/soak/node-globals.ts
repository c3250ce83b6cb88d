// What the browser gives the app and Node lacks, put in place before any app module loads:
// IndexedDB (fake-indexeddb, one database per device), and a WebSocket for the relay pools and
// for cashu-ts's NUT-17 socket (the `ws` package, as the unit tests pass it).
import 'fake-indexeddb/auto';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import WebSocket from 'ws';

/**
 * `ws` with a listener for its 'error' event on every socket: a browser reports a socket's
 * failure to its own handlers only, where `ws` would end the process when none is attached (a
 * socket closed while still connecting, as a pool destroyed mid-connect does).
 */
class BrowserLikeWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => {});
  }
}

const globals = globalThis as { WebSocket?: unknown };
// Node 20 has no WebSocket: the app's pools (core/remote-payments/relay-pool.ts) take the global.
globals.WebSocket ??= BrowserLikeWebSocket;
injectWebSocketImpl(BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket);
