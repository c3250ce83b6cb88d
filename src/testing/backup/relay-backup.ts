// Test helper: a dev relay started before each test of the describe block that asks for one and
// closed after it, and the app data backup of some parts on that relay.
import { afterEach, beforeEach } from 'vitest';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from '../../../dev/relay/server.ts';
import {
  AppDataBackup,
  type AppDataBackupDeps,
  type AppDataPart,
} from '../../core/backup/app-data';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import type { Logger } from '../../core/logger';
import { createRelayPool } from '../../core/remote-payments/relay-pool';

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
