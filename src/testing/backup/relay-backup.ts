// Test helper: a dev relay started before each test of the describe block that asks for one and
// closed after it, the app data backup of some parts on that relay, and a pool that refuses some
// events as a relay would.
import { afterEach, beforeEach } from 'vitest';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from '../../../dev/relay/server.ts';
import type { NostrEvent } from 'nostr-tools/core';
import {
  AppDataBackup,
  type AppDataBackupDeps,
  type AppDataPart,
} from '../../core/backup/app-data';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import type { Logger } from '../../core/logger';
import { createRelayPool, type RelayPool } from '../../core/remote-payments/relay-pool';

export const nodePoolOptions = { WebSocket: WebSocket as unknown as typeof globalThis.WebSocket };

/** Call inside a describe block; `url` is the current test's relay. */
export function devRelayPerTest(): { readonly url: string } {
  let relay: DevRelay | undefined;
  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
  });
  afterEach(async () => {
    await relay?.close();
  });
  return {
    get url() {
      if (!relay) throw new Error('no relay outside a test');
      return relay.url;
    },
  };
}

/** The backup of `parts` under `secretKey` on the relay at `relayUrl`; `options` go as they are. */
export function relayBackup(
  relayUrl: string,
  secretKey: Uint8Array,
  parts: AppDataPart | AppDataPart[],
  logger?: Logger,
  options: Partial<AppDataBackupDeps> = {},
): AppDataBackup {
  return new AppDataBackup({
    parts: Array.isArray(parts) ? parts : [parts],
    createPool: () => createRelayPool(nodePoolOptions),
    query: createPoolRelayQuery({ WebSocket }),
    getRelays: async () => [relayUrl],
    getSecretKey: async () => secretKey,
    ...(logger ? { logger } : {}),
    ...options,
  });
}

/** A pool on the dev relay whose publishes of events `refuses` picks fail, as a relay's refusal. */
export function refusingPool(refuses: (event: NostrEvent) => boolean): RelayPool {
  const pool = createRelayPool(nodePoolOptions);
  return {
    publish: (relays, event, params) =>
      refuses(event)
        ? relays.map(() => Promise.reject(new Error('blocked: event too large')))
        : pool.publish(relays, event, params),
    subscribe: (...args) => pool.subscribe(...args),
    close: (relays) => pool.close(relays),
    destroy: () => pool.destroy(),
  };
}
