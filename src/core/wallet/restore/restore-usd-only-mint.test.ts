// A mint that issues dollars only (no sat keyset at all) is restored like any other: its usd
// keysets walked, the cents stored as dollars, and no sat counted or asked for.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDbName, testStorage } from '../../../testing/storage/db';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { restoreServiceOn } from '../../../testing/wallet/restore-service';
import { seedWallet, walletsOf } from '../../../testing/wallet/seeded-wallet';
import { mintToPhrase } from '../../../testing/wallet/phrase-proofs';
import { amountOf } from '../../units/amount';

const dev = devMintSuite({ fresh: true, units: ['usd'] });

describe('restore at a mint offering only usd', () => {
  it('brings the phrase’s dollars back as dollars, with no sat keyset to walk', async () => {
    const storage = dev.track(testStorage(freshDbName()));
    storage.now.value = Date.now();
    const { seed } = await seedWallet(storage, dev.mint.url, { keyByte: 9 });
    const keysets = (await (await fetch(`${dev.mint.url}/v1/keysets`)).json()) as {
      keysets: { unit: string }[];
    };
    expect(keysets.keysets.map((k) => k.unit)).toEqual(['usd']);
    const { keysetId: usdKeyset } = await mintToPhrase(dev.mint, seed, {
      unit: 'usd',
      start: 0,
      amounts: [32, 64, 256],
    });
    const wallets = dev.track(walletsOf(storage));
    const { restore } = restoreServiceOn(storage, wallets);

    const outcome = await restore.start('onboarding');

    expect(outcome?.mints).toEqual([
      expect.objectContaining({ mintUrl: dev.mint.url, foundSats: 0, foundInUnits: { usd: 352 } }),
    ]);
    expect(outcome?.mints[0]?.error).toBeUndefined();
    expect(outcome?.totalSats).toBe(0);
    expect(await storage.proofs.balance()).toBe(0);
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: dev.mint.url, amount: amountOf(352, 'usd') },
    ]);
    // The usd keyset's counter moved past the phrase's three outputs (plus the margin).
    expect((await storage.restore.counters()).perKeyset[usdKeyset]).toBe(3 + 20);
    const restores = (await storage.history.page(1)).events.filter((e) => e.type === 'restore');
    // The mint's row of sats says 0, its row of dollars 3.52: one row per unit, never summed.
    expect(restores.map((e) => [e.amount, e.unit])).toEqual(
      expect.arrayContaining([
        [0, undefined],
        [352, 'usd'],
      ]),
    );
    expect(restores).toHaveLength(2);
  });
});
