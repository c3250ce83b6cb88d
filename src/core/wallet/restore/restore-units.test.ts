// The phrase brings back every unit it holds at a mint: the sat keysets' and the usd keysets'
// proofs, walked each with its own counters, stored and counted apart (never sats plus cents).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbName, testStorage } from '../../../testing/storage/db';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { restoreServiceOn } from '../../../testing/wallet/restore-service';
import { seedWallet, walletsOf } from '../../../testing/wallet/seeded-wallet';
import { issueToPhrase } from '../../../testing/wallet/phrase-issue';
import { amountOf } from '../../units/amount';

const dev = devMintSuite({ fresh: true });

/** Mints `amounts` on the unit's keyset to the phrase's outputs from counter `start`. */
async function issue(seed: Uint8Array, unit: 'sat' | 'usd', start: number, amounts: number[]) {
  return (await issueToPhrase(dev.mint, seed, unit, start, amounts)).keysetId;
}

async function freshDevice() {
  const storage = dev.track(testStorage(freshDbName()));
  storage.now.value = Date.now();
  const { seed } = await seedWallet(storage, dev.mint.url, { keyByte: 7 });
  const wallets = dev.track(walletsOf(storage));
  const { restore, progress } = restoreServiceOn(storage, wallets);
  return { seed, storage, restore, progress };
}

describe('restore per unit', () => {
  it('brings back sats and dollars separately, each keyset walked with its own counters', async () => {
    const d = await freshDevice();
    const satKeyset = await issue(d.seed, 'sat', 0, [1, 2, 4]);
    const usdKeyset = await issue(d.seed, 'usd', 0, [32, 64, 256]);

    const outcome = await d.restore.start('onboarding');

    expect(outcome?.mints).toEqual([
      expect.objectContaining({ mintUrl: dev.mint.url, foundSats: 7, foundInUnits: { usd: 352 } }),
    ]);
    expect(outcome?.totalSats).toBe(7);
    expect(await d.storage.proofs.balance()).toBe(7);
    expect(await d.storage.proofs.unitBalances()).toEqual([
      { mintUrl: dev.mint.url, amount: amountOf(7, 'sat') },
      { mintUrl: dev.mint.url, amount: amountOf(352, 'usd') },
    ]);
    // Each keyset's counter moved past its own outputs (plus the margin), not the other's.
    const { perKeyset } = await d.storage.restore.counters();
    expect(perKeyset[satKeyset]).toBe(3 + 20);
    expect(perKeyset[usdKeyset]).toBe(3 + 20);
    // The history says each unit apart: one row of sats, one of cents.
    const restores = (await d.storage.history.page(1)).events.filter((e) => e.type === 'restore');
    expect(restores.map((e) => [e.amount, e.unit])).toEqual(
      expect.arrayContaining([
        [7, undefined],
        [352, 'usd'],
      ]),
    );
    expect(restores).toHaveLength(2);
  });

  it('a second restore adds nothing twice, in any unit', async () => {
    const d = await freshDevice();
    await issue(d.seed, 'usd', 0, [16]);
    await d.restore.start('settings');
    const again = await d.restore.start('settings');
    expect(again?.mints[0]?.foundInUnits).toBeUndefined();
    // The dollars' keyset is listed, so it is not named as one the mint no longer lists.
    expect(again?.mints[0]?.error).toBeUndefined();
    expect(await d.storage.proofs.unitBalances()).toEqual([
      { mintUrl: dev.mint.url, amount: amountOf(16, 'usd') },
    ]);
  });
});
