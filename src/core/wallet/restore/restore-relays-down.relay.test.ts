// A restore while no relay answers (every one refusing connections, or accepting and staying
// silent): it gives up on the relays' part within its bound, restores the mint's proofs and says
// what it could not read (docs/protocol.md "Restore"). Real dev mint and dev relay.
import 'fake-indexeddb/auto';
import { createServer, type Server, type Socket } from 'node:net';
import { getPublicKey } from 'nostr-tools/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from '../../../../dev/relay/server.ts';
import { lockedSaleReader } from '../../backup/locked-sale-reader';
import { relayMintDiscovery } from '../../backup/restore-sources';
import { createPoolRelayQuery } from '../../discovery/simple-pool-query';
import { freshDbName, testStorage } from '../../../testing/storage/db';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { mintToPhrase } from '../../../testing/wallet/phrase-proofs';
import { restoreServiceOn } from '../../../testing/wallet/restore-service';
import {
  newPhrase,
  seedWallet,
  walletsOf,
  type Phrase,
} from '../../../testing/wallet/seeded-wallet';
import { LOCKED_SALES_UNREAD_MESSAGE } from './restore-messages';
import { RESTORE_RELAYS_LIMIT_MS } from './restore-service';

const dev = devMintSuite({ fresh: true });
const query = createPoolRelayQuery({ WebSocket });
/** The discard port: nothing listens there, so the connection is refused at once. */
const REFUSING_RELAY = 'ws://127.0.0.1:9';
const KEY_BYTE = 3;

/** 8 + 4 sats of the phrase at counters 0 and 1 of the active keyset. */
async function issue(seed: Uint8Array): Promise<void> {
  await mintToPhrase(dev.mint, seed, { start: 0, amounts: [8, 4] });
}

/**
 * A fresh device of `phrase` whose restore reads the relays as the app wires it
 * (app/services/backup-services.ts); `maxWaitMs` is each relay read's own wait.
 */
async function device(
  phrase: Phrase,
  relays: string[],
  options: { relaysLimitMs?: number; maxWaitMs?: number } = {},
) {
  const storage = testStorage(freshDbName());
  storage.now.value = Date.now();
  await seedWallet(storage, dev.mint.url, { phrase, keyByte: KEY_BYTE });
  const wallets = walletsOf(storage);
  dev.track({ close: () => wallets.close() });
  dev.track(storage);
  const secretKey = new Uint8Array(32).fill(KEY_BYTE);
  const wait = options.maxWaitMs === undefined ? {} : { maxWaitMs: options.maxWaitMs };
  const { restore } = restoreServiceOn(storage, wallets, {
    discoverMints: relayMintDiscovery({
      query,
      getRelays: async () => relays,
      getSeed: async () => phrase.seed,
      getMerchantPubkey: async () => getPublicKey(secretKey),
      ...wait,
    }),
    lockedSales: lockedSaleReader({
      query,
      getRelays: async () => relays,
      getIdentityKey: async () => secretKey,
      ...wait,
    }),
    ...(options.relaysLimitMs === undefined ? {} : { relaysLimitMs: options.relaysLimitMs }),
  });
  return { storage, restore };
}

describe('a restore while no relay answers', () => {
  let relay: DevRelay;
  let silent: Server;
  const sockets: Socket[] = [];
  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
    // Takes the connection and never answers the WebSocket handshake.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await relay.close();
  });
  const silentUrl = () => `ws://127.0.0.1:${(silent.address() as { port: number }).port}`;

  it('ends within its bound when every relay refuses connections, with the mint’s proofs and what it could not read', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed);
    relay.faults.down();
    const d = await device(phrase, [relay.url, REFUSING_RELAY]);
    const started = Date.now();
    const outcome = await d.restore.start('settings');
    expect(Date.now() - started).toBeLessThan(RESTORE_RELAYS_LIMIT_MS);
    expect(outcome?.totalSats).toBe(12);
    expect(await d.storage.proofs.balance()).toBe(12);
    expect(outcome?.discoveryError).toContain('Could not read the mint lists from your relays');
    expect(outcome?.discoveryError).toContain(LOCKED_SALES_UNREAD_MESSAGE);
    const rows = (await d.storage.history.page(1, 10)).events.filter((e) => e.type === 'restore');
    expect(rows.map((e) => e.amount)).toEqual([12]);
    expect(JSON.parse(rows[0]!.metadata!)).toMatchObject({ relays: outcome?.discoveryError });
  });

  it('gives up on relays that take the connection and never answer once its bound has passed', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed);
    // Each read would wait ten minutes on its own; the scan waits one second for each part.
    const d = await device(phrase, [silentUrl()], { relaysLimitMs: 1_000, maxWaitMs: 600_000 });
    const started = Date.now();
    const outcome = await d.restore.start('settings');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome?.totalSats).toBe(12);
    expect(await d.storage.proofs.balance()).toBe(12);
    expect(outcome?.discoveryError).toContain('Could not read the mint lists from your relays');
    expect(outcome?.discoveryError).toContain(LOCKED_SALES_UNREAD_MESSAGE);
  });
});
