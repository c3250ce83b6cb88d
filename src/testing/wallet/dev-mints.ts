// Test set-up for files run against several real dev mints (no WebSocket): the mints `start` makes
// run from before the file's (or describe block's) first test to after its last, their faults
// cleared and each test's closers run after it, and a till's seeded storage on one of them.
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanupTempDirs, type TestMint } from '../../../dev/mint/test-support';
import type { WalletProvider } from '../../core/wallet/wallet-provider';
import { testStorage, type TestStorage } from '../storage/db';
import { seedWallet, walletsOf } from './seeded-wallet';

export interface DevMints {
  /** Runs `close` after the current test. */
  afterTest(close: () => void): void;
  /**
   * A till's storage with its wallet seeded on `mintUrl`, or `storage` of an earlier till as it is
   * (a page reload), and its wallet provider, closed after the test.
   */
  tillStorage(
    mintUrl: string,
    storage?: TestStorage,
  ): Promise<{ storage: TestStorage; wallets: WalletProvider }>;
}

/** Call once per file or describe block; `start` starts the mints in order (a later may peer an earlier). */
export function devMints(start: () => Promise<TestMint[]>): DevMints {
  vi.setConfig({ testTimeout: 60_000 });
  let mints: TestMint[] = [];
  const closers: Array<() => void> = [];

  beforeAll(async () => {
    mints = await start();
  });

  afterEach(() => {
    for (const close of closers.splice(0)) close();
    for (const mint of mints) mint.clearFaults();
  });

  afterAll(async () => {
    await Promise.all(mints.map((mint) => mint.cleanup()));
    cleanupTempDirs();
  });

  const afterTest = (close: () => void) => void closers.push(close);
  return {
    afterTest,
    async tillStorage(mintUrl, earlier) {
      const storage = earlier ?? testStorage();
      if (!earlier) await seedWallet(storage, mintUrl);
      const wallets = walletsOf(storage);
      afterTest(() => wallets.close());
      return { storage, wallets };
    },
  };
}
