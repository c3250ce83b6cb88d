// The pool query against relays that answer too slowly: it ends at maxWaitMs and closes cleanly.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { RECOMMENDATION_FILTER } from './mint-discovery';
import { createPoolRelayQuery } from './simple-pool-query';

const MAX_WAIT_MS = 300;
/** Long enough for every queued send, close handshake and timer of the query to have run. */
const SETTLE_MS = 600;

/** Browsers refuse a send on a closing socket ("WebSocket is already in CLOSING or CLOSED
 * state."); `ws` silently drops it. This socket behaves like the browser, and records it. */
const lateSends: string[] = [];
class BrowserLikeWebSocket extends WebSocket {
  override send(data: unknown, ...rest: unknown[]): void {
    if (this.readyState === WebSocket.CLOSING || this.readyState === WebSocket.CLOSED) {
      lateSends.push(String(data));
      throw new Error('WebSocket is already in CLOSING or CLOSED state.');
    }
    (super.send as (...args: unknown[]) => void)(data, ...rest);
  }
}

/** A relay that accepts the connection and records what it is sent; `answer` decides replies. */
async function startSilentRelay(
  answer: (message: unknown[], socket: WebSocket) => void = () => {},
): Promise<{ url: string; received: unknown[][]; closed: Promise<void>; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: unknown[][] = [];
  let onClosed!: () => void;
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as unknown[];
      received.push(message);
      answer(message, socket);
    });
    socket.on('close', () => onClosed());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** Records unhandled rejections and uncaught exceptions while a test runs. */
function watchUncaught(): { errors: unknown[]; stop(): void } {
  const errors: unknown[] = [];
  const record = (error: unknown) => void errors.push(error);
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  return {
    errors,
    stop: () => {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  lateSends.length = 0;
});

describe('createPoolRelayQuery with a slow relay', () => {
  const query = createPoolRelayQuery({ WebSocket: BrowserLikeWebSocket });

  it('gives up at maxWaitMs on a relay that never answers, sends CLOSE while open and throws nothing', async () => {
    const uncaught = watchUncaught();
    cleanups.push(uncaught.stop);
    const relay = await startSilentRelay();
    cleanups.push(relay.close);

    await expect(query([relay.url], RECOMMENDATION_FILTER, MAX_WAIT_MS)).resolves.toEqual([]);
    await relay.closed;
    await settle();

    expect(uncaught.errors).toEqual([]);
    expect(lateSends).toEqual([]);
    // The relay was told the subscription ended before the socket closed.
    const [req, close] = relay.received;
    expect(req?.[0]).toBe('REQ');
    expect(close).toEqual(['CLOSE', req?.[1]]);
  });

  it('ignores an EOSE that arrives after maxWaitMs', async () => {
    const uncaught = watchUncaught();
    cleanups.push(uncaught.stop);
    const relay = await startSilentRelay((message, socket) => {
      if (message[0] !== 'REQ') return;
      setTimeout(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(['EOSE', message[1]]));
      }, MAX_WAIT_MS + 50);
    });
    cleanups.push(relay.close);

    await expect(query([relay.url], RECOMMENDATION_FILTER, MAX_WAIT_MS)).resolves.toEqual([]);
    await settle();

    expect(uncaught.errors).toEqual([]);
    expect(lateSends).toEqual([]);
  });

  it('gives up on a relay whose WebSocket handshake never completes, throwing nothing', async () => {
    const uncaught = watchUncaught();
    cleanups.push(uncaught.stop);
    // Accepts TCP connections and never answers the HTTP upgrade.
    const sockets = new Set<import('node:net').Socket>();
    const server: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolve());
        }),
    );
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;

    await expect(query([url], RECOMMENDATION_FILTER, MAX_WAIT_MS)).resolves.toEqual([]);
    await settle();

    expect(uncaught.errors).toEqual([]);
    expect(lateSends).toEqual([]);
  });
});
