// The phrase restore scan against the real dev mint and Dexie on fake-indexeddb: what a fresh
// device with the same phrase gets back, the stop rule, resuming, running twice, spent proofs,
// unreachable mints and mints without NUT-09.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { Wallet, type Proof } from '@cashu/cashu-ts';
import { freshDbName, testStorage, type TestStorage } from '../../../testing/storage/db';
import type { Checkpoint } from '../../checkpoint';
import { toNewProof } from '../proof-convert';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import { mintToPhrase } from '../../../testing/wallet/phrase-proofs';
import { restoreServiceOn } from '../../../testing/wallet/restore-service';
import {
  newPhrase,
  seedWallet,
  walletsOf,
  type Phrase,
} from '../../../testing/wallet/seeded-wallet';
import type { WalletProvider } from '../wallet-provider';
import {
  counterLimitMessage,
  NO_RESTORE_SUPPORT_MESSAGE,
  refusedSignaturesMessage,
  SIGNS_ANYTHING_MESSAGE,
} from './restore-messages';
import type { RestoreService, RestoreProgress } from './restore-service';

const DEAD_MINT = 'http://127.0.0.1:9';
const dev = devMintSuite({ fresh: true });

/** Mints proofs of the given amounts for `seed` at counters start, start+1, … on the active keyset. */
async function issue(seed: Uint8Array, start: number, amounts: number[]): Promise<Proof[]> {
  return (await mintToPhrase(dev.mint, seed, { start, amounts })).proofs;
}

/** Spends proofs at the mint (swapped into random outputs nobody keeps). */
async function spend(proofs: Proof[]): Promise<void> {
  const wallet = new Wallet(dev.mint.url, { unit: 'sat' });
  await wallet.loadMint();
  await wallet.receive({ mint: dev.mint.url, proofs, unit: 'sat' }, undefined, { type: 'random' });
}

interface Device {
  storage: TestStorage;
  restore: RestoreService;
  wallets: WalletProvider;
  progress: Array<RestoreProgress | null>;
}

/** A device with the phrase's keys and the dev mint configured (a fresh profile by default). */
async function device(
  phrase: { seed: Uint8Array; mnemonic: string },
  options: {
    dbName?: string;
    checkpoint?: Checkpoint;
    noNut09?: boolean;
    counterLimit?: number;
  } = {},
): Promise<Device> {
  const dbName = options.dbName ?? freshDbName();
  const storage = testStorage(dbName);
  storage.now.value = Date.now();
  if (!options.dbName) await seedWallet(storage, dev.mint.url, { phrase, keyByte: 3 });
  const provider = walletsOf(storage);
  const wallets = options.noNut09
    ? {
        invalidate: (url: string) => provider.invalidate(url),
        getSeededWallet: async (url: string) => {
          const loaded = await provider.getSeededWallet(url);
          const info = loaded.wallet.getMintInfo();
          vi.spyOn(info, 'isSupported').mockReturnValue({ supported: false } as never);
          return loaded;
        },
      }
    : provider;
  const { restore, progress } = restoreServiceOn(storage, wallets, {
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    ...(options.counterLimit ? { counterLimit: options.counterLimit } : {}),
  });
  dev.track({ close: () => provider.close() });
  dev.track(storage);
  return { storage, restore, wallets: provider, progress };
}

async function restoreEvents(d: Device) {
  return (await d.storage.history.page(1, 100)).events
    .filter((e) => e.type === 'restore')
    .map(({ amount, mintUrl, metadata }) => ({
      amount,
      mintUrl,
      metadata: JSON.parse(metadata ?? '{}') as Record<string, unknown>,
    }));
}

/** A restore from Settings the dev mint's answers stopped: nothing found, and why. */
const refusedByDevMint = (error: string, key: string) => [
  {
    mintUrl: dev.mint.url,
    foundSats: 0,
    error,
    errorTexts: [{ key, values: {} }],
    sources: ['settings'],
  },
];

const activeKeysetId = async () => {
  const wallet = new Wallet(dev.mint.url, { unit: 'sat' });
  await wallet.loadMint();
  return wallet.getKeyset().id;
};

describe('restoring from the phrase on a fresh profile', () => {
  it('brings back every unspent proof of an old and a rotated keyset and moves both counters', async () => {
    const phrase = newPhrase();
    const first = await activeKeysetId();
    await issue(phrase.seed, 0, [1, 2, 4, 8, 16]);
    await issue(phrase.seed, 5, Array<number>(35).fill(1));
    dev.mint.rotateKeyset();
    const second = await activeKeysetId();
    expect(second).not.toBe(first);
    // The old device's global counter was 40 when the new keyset was first used: 40 empty counters
    // (four empty batches) come before its first signature.
    await issue(phrase.seed, 40, [32, 64]);

    const d = await device(phrase);
    const outcome = await d.restore.start('onboarding');

    expect(outcome).toEqual({
      mints: [{ mintUrl: dev.mint.url, foundSats: 31 + 35 + 96, sources: ['settings'] }],
      totalSats: 162,
      cancelled: false,
    });
    expect(await d.storage.proofs.balance()).toBe(162);
    const counters = await d.storage.counterSource.snapshot!();
    expect(counters[first]).toBeGreaterThanOrEqual(40);
    expect(counters[second]).toBeGreaterThanOrEqual(42);
    expect(await restoreEvents(d)).toEqual([
      {
        amount: 162,
        mintUrl: dev.mint.url,
        // The two sat keysets, and the dev mint's usd and eur keysets walked too (nothing there).
        metadata: expect.objectContaining({ keysets: 4 }) as never,
      },
    ]);
    expect(await d.storage.restore.current()).toBeUndefined();
    // Progress named the dev.mint, the keysets and the sats found, and ended.
    expect(d.progress).toContainEqual(
      expect.objectContaining({
        mintUrl: dev.mint.url,
        mintIndex: 1,
        mintCount: 1,
        keysetCount: 4,
      }),
    );
    expect(d.progress.at(-1)).toBeNull();

    // The next payment's outputs do not collide: the new keyset's counter is past what was used.
    const next = await d.storage.counterSource.reserve(second, 2);
    const again = await issue(phrase.seed, next.start, [1, 1]);
    expect(again).toHaveLength(2);
  });
});

describe('the stop rule', () => {
  it('stops after three empty batches, as cashu-ts batchRestore does', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, [1, 1, 1, 1, 1]);
    // Counters 10..39 are three empty batches: 45 and 46 lie beyond what the scan looks at.
    await issue(phrase.seed, 45, [2, 2]);
    const d = await device(phrase);
    const outcome = await d.restore.start('settings');
    expect(outcome?.totalSats).toBe(5);
  });

  it('walks on past empty batches up to the counter this device used on the keyset', async () => {
    const phrase = newPhrase();
    const keyset = await activeKeysetId();
    await issue(phrase.seed, 0, [1, 1, 1, 1, 1]);
    await issue(phrase.seed, 45, [2, 2]);
    const d = await device(phrase);
    await d.storage.counterSource.setNext!(keyset, 47);
    const outcome = await d.restore.start('settings');
    expect(outcome?.totalSats).toBe(9);
  });

  it('walks a never-used keyset from 0 up to the global counter before stopping', async () => {
    const phrase = newPhrase();
    dev.mint.rotateKeyset();
    await issue(phrase.seed, 70, [4]);
    const d = await device(phrase);
    await d.storage.config.setCounter(71);
    const outcome = await d.restore.start('settings');
    expect(outcome?.totalSats).toBe(4);
  });
});

describe('running it again', () => {
  it('adds nothing twice and records 0 for the mint', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, [8, 4]);
    const d = await device(phrase);
    expect((await d.restore.start('settings'))?.totalSats).toBe(12);
    const proofsAfterFirst = await d.storage.proofs.stats();
    expect((await d.restore.start('settings'))?.totalSats).toBe(0);
    expect(await d.storage.proofs.stats()).toEqual(proofsAfterFirst);
    expect((await restoreEvents(d)).map((e) => e.amount)).toEqual([0, 12]);
  });

  it('leaves proofs already stored as they are (same secrets, no new rows)', async () => {
    const phrase = newPhrase();
    const proofs = await issue(phrase.seed, 0, [2, 16]);
    const d = await device(phrase);
    await d.storage.proofs.add(proofs.map(toNewProof), dev.mint.url);
    const outcome = await d.restore.start('settings');
    expect(outcome?.totalSats).toBe(0);
    expect(await d.storage.proofs.stats()).toMatchObject({ totalProofs: 2, totalBalance: 18 });
  });
});

describe('spent proofs', () => {
  it('are skipped, and the counter still moves past them', async () => {
    const phrase = newPhrase();
    const keyset = await activeKeysetId();
    const kept = await issue(phrase.seed, 0, [1, 2]);
    const gone = await issue(phrase.seed, 2, [4, 8]);
    await spend(gone);
    const d = await device(phrase);
    const outcome = await d.restore.start('settings');
    expect(outcome?.totalSats).toBe(3);
    expect((await d.storage.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(
      kept.map((p) => p.secret).sort(),
    );
    expect((await d.storage.counterSource.snapshot!())[keyset]).toBeGreaterThanOrEqual(4);
  });
});

describe('a mint that cannot be scanned', () => {
  it('gets its own message while the other mints are restored and its proofs stay untouched', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, [16, 4]);
    const d = await device(phrase);
    const stranded = { secret: 'kept-as-is', amount: 5, id: '00aabbccddeeff00', C: '02ab' };
    await d.storage.proofs.add([stranded], DEAD_MINT);

    const outcome = await d.restore.start('settings');
    expect(outcome?.mints).toEqual([
      { mintUrl: dev.mint.url, foundSats: 20, sources: ['settings'] },
      {
        mintUrl: DEAD_MINT,
        foundSats: 0,
        sources: ['wallet'],
        error: expect.stringMatching(/^Could not reach this mint/),
        errorTexts: [{ key: 'RESTORE_UNREACHABLE', values: { detail: expect.any(String) } }],
      },
    ]);
    expect(await d.storage.proofs.balance(DEAD_MINT)).toBe(5);
    expect(await d.storage.proofs.listUnspent(DEAD_MINT)).toEqual([
      expect.objectContaining(stranded),
    ]);
    expect((await restoreEvents(d)).map((e) => [e.mintUrl, e.amount])).toEqual(
      expect.arrayContaining([
        [dev.mint.url, 20],
        [DEAD_MINT, 0],
      ]),
    );
  });

  it('says so for a mint without NUT-09 and stores nothing for it', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, [8]);
    const d = await device(phrase, { noNut09: true });
    const outcome = await d.restore.start('settings');
    expect(outcome?.mints).toEqual(
      refusedByDevMint(NO_RESTORE_SUPPORT_MESSAGE, 'RESTORE_NO_NUT09'),
    );
    expect(await d.storage.proofs.balance()).toBe(0);
  });

  it('names a keyset the mint no longer lists and keeps its proofs', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, [2]);
    const d = await device(phrase);
    await d.storage.proofs.add(
      [{ secret: 'old-keyset', amount: 7, id: '00deadbeef000000', C: '02cd' }],
      dev.mint.url,
    );
    const outcome = await d.restore.start('settings');
    expect(outcome?.mints[0]).toEqual({
      mintUrl: dev.mint.url,
      foundSats: 2,
      error: expect.stringContaining('00deadbeef000000') as never,
      errorTexts: [{ key: 'RESTORE_KEYSET_GONE', values: { ids: '00deadbeef000000' } }],
      sources: ['settings', 'wallet'],
    });
    expect(await d.storage.proofs.balance()).toBe(9);
  });
});

describe('interrupted and resumed', () => {
  it.each([
    ['restore:scheduled', 1],
    ['restore:batch-recorded', 1],
    ['restore:batch-recorded', 4],
  ] as const)('at %s (%i) ends with the same balance and one event per mint', async (step, nth) => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, Array<number>(25).fill(1));
    await issue(phrase.seed, 25, [64]);
    const dbName = freshDbName();
    const frozen = freezeAt(step, nth);
    const firstTab = await deviceOn(dbName, phrase, frozen.checkpoint);
    void firstTab.restore.start('onboarding');
    await frozen.reached;
    const midway = await firstTab.storage.restore.current();
    expect(midway).toBeDefined();
    firstTab.storage.close();

    const secondTab = await device(phrase, { dbName });
    const outcome = await secondTab.restore.resume();
    expect(outcome?.totalSats).toBe(89);
    expect(await secondTab.storage.proofs.balance()).toBe(89);
    expect((await restoreEvents(secondTab)).map((e) => e.amount)).toEqual([89]);
    expect(await secondTab.restore.resume()).toBeUndefined();
  });

  it('when the page closes, a mint its aborted requests fail is resumed, not marked failed', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, Array<number>(25).fill(1));
    const dbName = freshDbName();
    const storage = testStorage(dbName);
    await seedWallet(storage, dev.mint.url, { phrase, keyByte: 3 });
    let closing = false;
    const provider = walletsOf(storage);
    // The page goes away once the first batch is stored: the next mint request is aborted.
    const { restore, progress } = restoreServiceOn(
      storage,
      {
        invalidate: (url) => provider.invalidate(url),
        getSeededWallet: async (url) => {
          const loaded = await provider.getSeededWallet(url);
          const mint = loaded.wallet.mint;
          const restoreBatch = mint.restore.bind(mint);
          vi.spyOn(mint, 'restore').mockImplementation((...args) =>
            closing ? Promise.reject(new TypeError('Failed to fetch')) : restoreBatch(...args),
          );
          return loaded;
        },
      },
      { pageClosing: () => closing },
    );
    dev.track({ close: () => provider.close() });
    const running = restore.start('onboarding');
    await vi.waitUntil(() => progress.some((p) => p !== null && p.foundSats > 0), {
      timeout: 20_000,
    });
    closing = true;
    expect(await running).toBeUndefined();
    const left = await storage.restore.current();
    expect(left?.mints.map((m) => m.status)).toEqual(['scanning']);
    expect(left?.mints[0]?.error).toBeUndefined();
    storage.close();

    const nextPage = await device(phrase, { dbName });
    const outcome = await nextPage.restore.resume();
    expect(outcome?.mints).toEqual([
      { mintUrl: dev.mint.url, foundSats: 25, sources: ['settings'] },
    ]);
    expect(await nextPage.storage.proofs.balance()).toBe(25);
  });

  async function deviceOn(
    dbName: string,
    phrase: { seed: Uint8Array; mnemonic: string },
    checkpoint: Checkpoint,
  ): Promise<Device> {
    const storage = testStorage(dbName);
    await seedWallet(storage, dev.mint.url, { phrase, keyByte: 3 });
    storage.close();
    return device(phrase, { dbName, checkpoint });
  }

  it('cancelled: stops, keeps what was found and records it', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, Array<number>(25).fill(1));
    const d = await device(phrase);
    const running = d.restore.start('settings');
    await vi.waitUntil(() => d.progress.some((p) => p !== null && p.foundSats > 0), {
      timeout: 20_000,
    });
    await d.restore.cancel();
    const outcome = await running;
    expect(outcome?.cancelled).toBe(true);
    const balance = await d.storage.proofs.balance();
    expect(outcome?.totalSats).toBe(balance);
    expect(balance).toBeGreaterThan(0);
    expect(await restoreEvents(d)).toEqual([
      expect.objectContaining({
        amount: balance,
        metadata: expect.objectContaining({ cancelled: true }),
      }),
    ]);
  });
});

describe('a mint whose restore answers fail their checks', () => {
  it('signs every output it is asked about: caught on the first batch, nothing stored, told why', async () => {
    const phrase = newPhrase();
    const keyset = await activeKeysetId();
    await issue(phrase.seed, 0, [8, 4]);
    const d = await device(phrase);
    dev.mint.addFault({ path: '/v1/restore', action: 'signEveryOutput' });
    const outcome = await d.restore.start('settings');
    expect(outcome?.mints).toEqual(
      refusedByDevMint(SIGNS_ANYTHING_MESSAGE, 'RESTORE_SIGNS_ANYTHING'),
    );
    expect(await d.storage.proofs.balance()).toBe(0);
    expect((await d.storage.counterSource.snapshot!())[keyset] ?? 0).toBe(0);
    expect(await restoreEvents(d)).toEqual([
      expect.objectContaining({
        amount: 0,
        metadata: expect.objectContaining({ error: SIGNS_ANYTHING_MESSAGE }),
      }),
    ]);
  });

  /** Restores `phrase` on a fresh device while the mint malforms every restore answer. */
  async function restoreMalformed(phrase: Phrase, malform: 'wrongDleq' | 'missingDleq') {
    const d = await device(phrase);
    dev.mint.addFault({ path: '/v1/restore', action: 'malform', malform });
    return { d, outcome: await d.restore.start('settings') };
  }

  /** The scan's one mint, the dev mint from settings, with what it found and its error. */
  const devMintOnly = (foundSats: number, error: string) => [
    {
      mintUrl: dev.mint.url,
      foundSats,
      error,
      errorTexts: expect.any(Array),
      sources: ['settings'],
    },
  ];

  it('sends a signature with a bad DLEQ: that one is dropped, the rest stored, the merchant told', async () => {
    const phrase = newPhrase();
    const keyset = await activeKeysetId();
    const issued = await issue(phrase.seed, 0, [1, 2, 4, 8, 16]);
    // The first signature of every restore answer gets a wrong DLEQ: here the 1 sat at counter 0.
    const { d, outcome } = await restoreMalformed(phrase, 'wrongDleq');
    expect(outcome?.mints).toEqual(devMintOnly(30, refusedSignaturesMessage(1)));
    expect((await d.storage.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(
      issued
        .filter((p) => Number(p.amount) !== 1)
        .map((p) => p.secret)
        .sort(),
    );
    // The refused signature's counter was used all the same: it is never handed out again.
    expect((await d.storage.counterSource.snapshot!())[keyset]).toBeGreaterThanOrEqual(5);
  });

  it('sends no DLEQ at all although it offers NUT-12: nothing stored, every signature counted', async () => {
    const phrase = newPhrase();
    await issue(phrase.seed, 0, [1, 2, 4]);
    const { d, outcome } = await restoreMalformed(phrase, 'missingDleq');
    expect(outcome?.mints).toEqual(devMintOnly(0, refusedSignaturesMessage(3)));
    expect(await d.storage.proofs.balance()).toBe(0);
    expect(d.progress).toContainEqual(expect.objectContaining({ refusedSignatures: 3 }));
  });

  it('keeps answering up to the counter limit: the walk stops there and says so', async () => {
    const phrase = newPhrase();
    const keyset = await activeKeysetId();
    await issue(phrase.seed, 0, [1, 1]);
    await issue(phrase.seed, 25, [2]);
    await issue(phrase.seed, 33, [4]);
    const d = await device(phrase, { counterLimit: 30 });
    const outcome = await d.restore.start('settings');
    expect(outcome?.mints).toEqual([
      {
        mintUrl: dev.mint.url,
        foundSats: 4,
        error: counterLimitMessage([keyset], 30),
        errorTexts: [{ key: 'RESTORE_COUNTER_LIMIT', values: { ids: keyset, limit: 30 } }],
        sources: ['settings'],
      },
    ]);
    expect(await d.storage.proofs.balance()).toBe(4);
  });
});
