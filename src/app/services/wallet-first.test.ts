// The wallet screen's services before the app's: the first page is read from storage without
// loading the services, and every action waits for them instead of being dropped.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { startFirstWalletRead } from '../../features/wallet/use-wallet-data';
import {
  consolidationJournal,
  DEFAULTS,
  freshDbName,
  proof,
  testStorage,
} from '../../testing/storage/db';
import type { AppServices } from './complete';
import { manualSource } from '../../testing/app/manual-source';
import { walletFirstServices } from './wallet-first';

/** A source on `dbName` whose load the test finishes by hand. */
function sourceOn(dbName: string, full: Partial<AppServices>) {
  return manualSource(full, {
    clock: () => 1_700_000_000_000,
    storageOptions: { dbName, defaults: DEFAULTS, logger: silentLogger },
  });
}

/** The default mint's 13 sats, 5 of them in a pending token, a journal row and one history event. */
async function storedWallet() {
  const dbName = freshDbName();
  const storage = testStorage(dbName);
  const mint = await storage.config.getMintUrl();
  await storage.proofs.add([proof('a', 1), proof('b', 4), proof('c', 8)], mint);
  await storage.withdrawals.put({
    id: 'w1',
    mintUrl: mint,
    token: 'cashuBtoken',
    secrets: ['b'],
    amount: 4,
    createdAt: 5,
  });
  await storage.withdrawals.put(consolidationJournal('consolidation-1', ['a']));
  await storage.history.addPayment({
    type: 'direct-payment',
    amount: 13,
    mintUrl: mint,
    quoteId: 'q1',
    request: 'lnbc130n1abc',
  });
  return { dbName, mint };
}

describe('walletFirstServices', () => {
  it('reads the first page from storage without loading the services', async () => {
    const { dbName, mint } = await storedWallet();
    const { source, loads } = sourceOn(dbName, {});
    const first = await startFirstWalletRead(walletFirstServices(source));
    const data = first.take();
    expect(data).toMatchObject({
      balance: 13,
      balances: { [mint]: 13 },
      currentMint: mint,
      available: 9,
      pendingSats: 4,
      failed: false,
    });
    // The journal row is no token.
    expect(data?.pending.map((w) => w.id)).toEqual(['w1']);
    expect(data?.history.total).toBe(1);
    expect(loads()).toBe(0);
  });

  it('runs an action tapped before the services are in once they are', async () => {
    const { dbName } = await storedWallet();
    const calls: string[] = [];
    const { source, finish } = sourceOn(dbName, {
      withdraw: {
        prepare: async () => {
          calls.push('prepare');
          return { code: 'no-proofs', error: 'none' };
        },
      } as unknown as AppServices['withdraw'],
    });
    const services = walletFirstServices(source);
    const prepared = services.withdraw.prepare();
    await Promise.resolve();
    expect(calls).toEqual([]);
    finish(true);
    await expect(prepared).resolves.toEqual({ code: 'no-proofs', error: 'none' });
    expect(calls).toEqual(['prepare']);
  });

  it('keeps the PIN gate closed until the lock is loaded, then answers with it', async () => {
    const { dbName } = await storedWallet();
    const { source, finish } = sourceOn(dbName, {
      lock: { init: async () => {}, gateOpen: () => true } as unknown as AppServices['lock'],
    });
    const { lock } = walletFirstServices(source);
    expect(lock?.gateOpen()).toBe(false);
    const init = lock!.init();
    finish(true);
    await init;
    expect(lock?.gateOpen()).toBe(true);
  });
});
