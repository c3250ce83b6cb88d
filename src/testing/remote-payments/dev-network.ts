// Test set-up for files that run remote payments over the real dev relay and dev mint: the file's
// relays and one fresh mint (in a temp dir) from before its first test to after its last, relay
// pools over Node's WebSocket destroyed after each test, and a merchant inbox that hands remote
// quotes to a wallet's payment service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { startMint, type DevMint } from '../../../dev/mint/server';
import { startRelay, type DevRelay } from '../../../dev/relay/server';
import { noLockProvider } from '../../core/cross-tab-lock';
import {
  RemotePaymentInbox,
  type RemotePaymentInboxDeps,
} from '../../core/remote-payments/merchant/inbox';
import { createRelayPool, type RelayPool } from '../../core/remote-payments/relay-pool';
import type { PaymentHarness } from '../wallet/payment-harness';

const WS = WebSocket as unknown as typeof globalThis.WebSocket;

export interface DevNetwork {
  /** the file's relays, in order */
  readonly relays: readonly DevRelay[];
  /** the first of them */
  readonly relay: DevRelay;
  readonly mint: DevMint;
  /** the file's temp dir (the mint's data is in it) */
  readonly dataDir: string;
  /** A relay pool, destroyed after the current test. */
  pool(): RelayPool;
  /**
   * The inbox of the merchant of `secretKey` on `relays`, at the file's mint, taking remote quotes
   * over into `wallet` as the app does; `deps` go as they are.
   */
  walletInbox(
    wallet: PaymentHarness,
    secretKey: Uint8Array,
    relays: string[],
    deps?: Partial<RemotePaymentInboxDeps>,
  ): RemotePaymentInbox;
}

/**
 * Call once at the top of a test file, before any hook that must run before the pools go: after
 * hooks run as a stack.
 */
export function devNetwork(options: { relays: number }): DevNetwork {
  let relays: DevRelay[] = [];
  let mint: DevMint | undefined;
  let dataDir: string | undefined;
  const pools: RelayPool[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cashew-remote-'));
    const dir = dataDir;
    [mint, ...relays] = await Promise.all([
      startMint({ port: 0, fresh: true, dataDir: dir }),
      ...Array.from({ length: options.relays }, () => startRelay({ port: 0 })),
    ]);
  });

  afterEach(() => {
    for (const created of pools.splice(0)) created.destroy();
  });

  afterAll(async () => {
    await Promise.all([...relays.map((relay) => relay.close()), mint?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the dev network starts in beforeAll');
    return value;
  };
  const pool = () => {
    const created = createRelayPool({ WebSocket: WS });
    pools.push(created);
    return created;
  };
  return {
    get relays() {
      return relays;
    },
    get relay() {
      return started(relays[0]);
    },
    get mint() {
      return started(mint);
    },
    get dataDir() {
      return started(dataDir);
    },
    pool,
    walletInbox(wallet, secretKey, urls, deps = {}) {
      const mintUrl = started(mint).url;
      return new RemotePaymentInbox({
        // As the app wires it: the inbox checks the signatures itself (decision 0099).
        createPool: () => {
          const created = createRelayPool({ WebSocket: WS, deferSignatures: true });
          pools.push(created);
          return created;
        },
        getRelays: async () => urls,
        getSecretKey: async () => secretKey,
        getMintUrl: async () => mintUrl,
        processedQuotes: wallet.processedQuotes,
        takeOver: (quote) => wallet.service.takeOverRemote(quote),
        lockProvider: noLockProvider,
        ...deps,
      });
    },
  };
}
