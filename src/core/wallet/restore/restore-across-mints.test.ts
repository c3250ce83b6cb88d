// The restore scan on a fresh profile across two real dev mints: the second is named only by the
// relays' lists (NUT-27 backup, shop profile); each mint is scanned and counted once, whatever
// number of sources list it, and the counter ends past what was found plus the margin.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import { freshDbName, testStorage } from '../../../testing/storage/db';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { mintToPhrase } from '../../../testing/wallet/phrase-proofs';
import { restoreServiceOn } from '../../../testing/wallet/restore-service';
import { seedWallet, walletsOf, type Phrase } from '../../../testing/wallet/seeded-wallet';
import type { DiscoverMints } from './restore-service';

const dev = devMintSuite({ fresh: true });
let second: TestMint;
beforeAll(async () => {
  second = await startTestMint({ fresh: true });
});
afterAll(async () => {
  await second.cleanup();
});

async function issue(mint: TestMint, seed: Uint8Array, start: number, amounts: number[]) {
  return (await mintToPhrase(mint, seed, { start, amounts })).keysetId;
}

async function freshDevice(discoverMints: DiscoverMints, options: { phrase?: Phrase } = {}) {
  const storage = dev.track(testStorage(freshDbName()));
  storage.now.value = Date.now();
  const { mnemonic, seed } = await seedWallet(storage, dev.mint.url, { ...options, keyByte: 3 });
  const wallets = dev.track(walletsOf(storage));
  const { restore, progress } = restoreServiceOn(storage, wallets, { discoverMints });
  return { mnemonic, seed, storage, restore, progress };
}

describe('restoring every mint the relays list', () => {
  it('scans the onboarding mint and a mint only the lists name, each once, with its sources', async () => {
    const d = await freshDevice(async () => ({
      mints: [
        // The same mint written two ways by two sources, and the onboarding mint again.
        { url: `${second.url}/`, source: 'backup' },
        { url: second.url, source: 'profile' },
        { url: dev.mint.url, source: 'profile' },
      ],
    }));
    const seedOfPhrase = d.seed;
    await issue(dev.mint, seedOfPhrase, 0, [1, 2, 4]);
    const first = await issue(dev.mint, seedOfPhrase, 3, [64]);
    const keyset = await issue(second, seedOfPhrase, 0, [8, 16, 32]);
    const outcome = await d.restore.start('onboarding');
    expect(outcome?.mints).toEqual([
      { mintUrl: dev.mint.url, foundSats: 71, sources: ['settings', 'profile'] },
      { mintUrl: second.url, foundSats: 56, sources: ['backup', 'profile'] },
    ]);
    expect(outcome?.totalSats).toBe(127);
    expect(await d.storage.proofs.balance()).toBe(127);
    // The progress view listed both mints with where they came from before it ended.
    const last = d.progress.filter((p) => p !== null).at(-1);
    expect(last?.mints.map((m) => m.sources)).toEqual([
      ['settings', 'profile'],
      ['backup', 'profile'],
    ]);
    // Each keyset ends past the outputs found plus the margin: room for another device. The
    // global counter (where a keyset never used starts) moves only past what was found.
    const { perKeyset, global } = await d.storage.restore.counters();
    // Batches of 10 here: the margin is two batches, less than the three empty ones that stop a
    // later restore, so that restore still walks across it.
    expect(perKeyset[first]).toBe(4 + 20);
    expect(perKeyset[keyset]).toBe(3 + 20);
    expect(global).toBeLessThan(20);

    // This device sells past the margin; a restore on yet another device still finds it all.
    await issue(second, seedOfPhrase, perKeyset[keyset]!, [128]);
    const third = await freshDevice(
      async () => ({ mints: [{ url: second.url, source: 'backup' }] }),
      { phrase: d },
    );
    expect((await third.restore.start('onboarding'))?.totalSats).toBe(127 + 128);
  });

  it('scans this device’s mints and says so when the relays cannot be read', async () => {
    const d = await freshDevice(async () => ({
      mints: [],
      error: 'Could not read the mint lists from your relays',
    }));
    await issue(dev.mint, d.seed, 0, [2]);
    const outcome = await d.restore.start('onboarding');
    expect(outcome?.totalSats).toBe(2);
    expect(outcome?.discoveryError).toBe('Could not read the mint lists from your relays');
  });
});
