// The dev relay: HTTP (NIP-11) + WebSocket (NIP-01) server around @nostr-relay/core.
import { createServer, type IncomingMessage as HttpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NostrRelay } from '@nostr-relay/core';
import { LogLevel, type Client, type Event, type IncomingMessage } from '@nostr-relay/common';
import { Validator } from '@nostr-relay/validator';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { createEventFileWriter, loadEvents } from './file-store.ts';
import {
  AUTH_REQUIRED_REASON,
  asksForGiftWraps,
  ConnectionAuth,
  type GiftWrapAuthOptions,
} from './gift-wrap-auth.ts';
import { MemoryEventRepository } from './memory-repository.ts';
import { relayInformation } from './nip11.ts';
import { TagAwareBroadcast } from './tag-aware-broadcast.ts';

export type RelayOptions = {
  /** 0 picks a free port. Default 7777. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** JSON file the events are kept in across restarts; memory only when absent. */
  file?: string;
  /**
   * NIP-42 for gift wraps, as direct-message relays do: a REQ or COUNT naming kind 1059 is
   * refused with CLOSED "auth-required: …" until the connection answers the AUTH challenge, and
   * wraps are then sent only to the key in their `p` tag. `allow` limits which keys may
   * authenticate (dev/relay/README.md).
   */
  auth?: GiftWrapAuthOptions;
};

/**
 * Fault switches for tests and the soak (bench/soak): a relay that goes away, or one that answers
 * OK to an event it then loses. Nothing else changes while they are off.
 */
export type RelayFaults = {
  /** Drops every connection and refuses new ones until `up()`; stored events are kept. */
  down(): void;
  up(): void;
  /** Answers the next `count` EVENTs `OK true` without storing or forwarding them. */
  dropEvents(count: number): void;
  /** Back to normal: up, and no event dropped. */
  clear(): void;
};

export type DevRelay = {
  url: string;
  port: number;
  faults: RelayFaults;
  /**
   * Puts events straight into the store, unchecked and not sent to open subscriptions: a flood
   * of wraps for tests and the bench without as many publishes (dev/relay/junk-wraps.ts).
   */
  store(events: Event[]): void;
  close(): Promise<void>;
};

const MAX_SUBSCRIPTIONS_PER_CLIENT = 50;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
};

export async function startRelay(options: RelayOptions = {}): Promise<DevRelay> {
  const host = options.host ?? '127.0.0.1';
  const writer = options.file
    ? createEventFileWriter(options.file, () => repository.all())
    : undefined;
  const repository = new MemoryEventRepository(() => writer?.schedule());
  if (options.file) repository.load(loadEvents(options.file));

  const broadcast = new TagAwareBroadcast();
  const relay = new NostrRelay(repository, {
    // A cached filter result would hide an event published a moment ago.
    filterResultCacheTtl: 0,
    // A cached verdict keyed by id would keep refusing a valid event after a forged copy of it.
    eventHandlingResultCacheTtl: 0,
    maxSubscriptionsPerClient: MAX_SUBSCRIPTIONS_PER_CLIENT,
    logLevel: LogLevel.WARN,
  });
  relay.register(broadcast);
  const validator = new Validator();
  let isDown = false;
  let eventsToDrop = 0;

  const server = createServer((request, response) =>
    answerHttp(request, response, MAX_SUBSCRIPTIONS_PER_CLIENT, options.auth !== undefined),
  );
  // While down, the WebSocket handshake is refused (503), as a relay that is not there.
  const sockets = new WebSocketServer({
    server,
    verifyClient: (_info, done) => (isDown ? done(false, 503) : done(true)),
  });
  sockets.on('connection', (ws, request) => {
    const auth = options.auth ? new ConnectionAuth(options.auth) : undefined;
    // With AUTH on, the library talks to a screen that drops the wraps this connection may not see.
    const client: Client = auth
      ? {
          get readyState() {
            return ws.readyState as Client['readyState'];
          },
          send(data: string) {
            const frame = auth.screen(data);
            if (frame !== undefined) ws.send(frame);
          },
        }
      : ws;
    relay.handleConnection(client, request.socket.remoteAddress);
    if (auth) send(ws, ['AUTH', auth.challenge]);
    // One message at a time per client, so an EVENT followed by a REQ sees that event.
    let queue = Promise.resolve();
    ws.on('message', (data) => {
      queue = queue
        .then(() => handleRawMessage(ws, client, auth, data))
        .catch((error: unknown) => {
          send(ws, ['NOTICE', `error: ${error instanceof Error ? error.message : String(error)}`]);
        });
    });
    ws.on('close', () => {
      relay.handleDisconnect(client);
      broadcast.forget(client);
    });
    ws.on('error', () => ws.terminate());
  });

  async function handleRawMessage(
    ws: WebSocket,
    client: Client,
    auth: ConnectionAuth | undefined,
    data: RawData,
  ): Promise<void> {
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      send(ws, ['NOTICE', 'invalid: message is not JSON']);
      return;
    }
    if (Array.isArray(raw) && raw[0] === 'COUNT') return handleCount(ws, auth, raw);
    let message: IncomingMessage;
    try {
      message = await validator.validateIncomingMessage(raw as object);
    } catch (error) {
      refuseInvalid(ws, raw, error instanceof Error ? error.message : 'invalid: bad message');
      return;
    }
    if (message[0] === 'EVENT' && eventsToDrop > 0) {
      eventsToDrop -= 1;
      send(ws, ['OK', message[1].id, true, '']);
      return;
    }
    if (auth && message[0] === 'AUTH') {
      const [accepted, reason] = auth.accept(message[1]);
      send(ws, ['OK', message[1].id, accepted, reason]);
      return;
    }
    if (auth && message[0] === 'REQ' && !auth.authenticated && asksForGiftWraps(message.slice(2))) {
      refuseUnauthenticated(ws, auth, message[1]);
      return;
    }
    await relay.handleMessage(client, message);
  }

  /** NIP-42: CLOSED with the machine-readable prefix, then the challenge again. */
  function refuseUnauthenticated(ws: WebSocket, auth: ConnectionAuth, id: string): void {
    send(ws, ['CLOSED', id, AUTH_REQUIRED_REASON]);
    send(ws, ['AUTH', auth.challenge]);
  }

  // NIP-45, which the library lacks: the number of stored events matching the filters.
  // With AUTH on, wraps are counted only for the keys the connection proved.
  async function handleCount(
    ws: WebSocket,
    auth: ConnectionAuth | undefined,
    raw: unknown[],
  ): Promise<void> {
    const subscriptionId = raw[1];
    if (typeof subscriptionId !== 'string') {
      send(ws, ['NOTICE', 'invalid: COUNT needs a subscription id']);
      return;
    }
    try {
      const filters = await validator.validateFilters(raw.slice(2));
      if (auth && !auth.authenticated && asksForGiftWraps(filters)) {
        refuseUnauthenticated(ws, auth, subscriptionId);
        return;
      }
      const events = await relay.findEvents(filters);
      const counted = auth ? events.filter((event) => auth.maySee(event)) : events;
      send(ws, ['COUNT', subscriptionId, { count: counted.length }]);
    } catch (error) {
      send(ws, ['CLOSED', subscriptionId, error instanceof Error ? error.message : 'invalid']);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 7777, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  let closing: Promise<void> | undefined;
  return {
    url: `ws://${urlHost}:${port}`,
    port,
    faults: {
      down() {
        isDown = true;
        for (const client of sockets.clients) client.terminate();
      },
      up() {
        isDown = false;
      },
      dropEvents(count) {
        eventsToDrop = Math.max(0, Math.floor(count));
      },
      clear() {
        isDown = false;
        eventsToDrop = 0;
      },
    },
    store(events) {
      repository.load(events);
    },
    close() {
      closing ??= (async () => {
        for (const client of sockets.clients) client.terminate();
        await new Promise<void>((resolve) => sockets.close(() => resolve()));
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        writer?.flush();
        await relay.destroy();
      })();
      return closing;
    },
  };
}

/** NIP-01 asks for OK false on a refused EVENT and CLOSED on a refused REQ; NOTICE otherwise. */
function refuseInvalid(ws: WebSocket, raw: unknown, reason: string): void {
  if (Array.isArray(raw) && raw[0] === 'EVENT') {
    const id = (raw[1] as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') {
      send(ws, ['OK', id, false, reason]);
      return;
    }
  }
  if (Array.isArray(raw) && raw[0] === 'REQ' && typeof raw[1] === 'string') {
    send(ws, ['CLOSED', raw[1], reason]);
    return;
  }
  send(ws, ['NOTICE', reason]);
}

function send(ws: WebSocket, message: unknown[]): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

function answerHttp(
  request: HttpRequest,
  response: ServerResponse,
  maxSubscriptions: number,
  auth: boolean,
) {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, CORS_HEADERS).end();
    return;
  }
  if ((request.headers.accept ?? '').includes('application/nostr+json')) {
    response
      .writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'application/nostr+json' })
      .end(JSON.stringify(relayInformation(maxSubscriptions, auth)));
    return;
  }
  response
    .writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
    .end('Cashew dev relay. Connect a Nostr client over WebSocket to this address.\n');
}
