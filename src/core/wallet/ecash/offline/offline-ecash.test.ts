// Ecash taken while the mint is out of reach, on a till's real storage and a dev mint: recorded
// once, refused for what the caps and the taken secrets say, swapped once when the mint answers,
// and kept with the mint's reason when it refuses the swap.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { newWallet, startTestMint, type TestMint } from '../../../../../dev/mint/test-support';
import { devMints } from '../../../../testing/wallet/dev-mints';
import { ecashReceiverOn } from '../../../../testing/wallet/ecash-receiver';
import { lockedProofs, lockedToken } from '../../../../testing/wallet/locked-ecash';
import { seedWallet } from '../../../../testing/wallet/seeded-wallet';
import { testStorage, type TestStorage } from '../../../../testing/storage/db';
import { WalletProvider } from '../../wallet-provider';
import { mintUrlKey } from '../../../urls/normalise-url';
import { ecashLockKey } from '../ecash-lock';
import { OfflineEcash } from './offline-ecash';
import { OfflineRefusedError } from './offline-refusal';

const sale = (amount: number) => ({ amount, lines: undefined }) as never;

describe('OfflineEcash', () => {
  let mint: TestMint;
  const dev = devMints(async () => [(mint = await startTestMint())]);

  /** A till that met its mint once (keysets cached), then lost it: `online` switches it back. */
  async function till() {
    const storage: TestStorage = testStorage();
    const phrase = await seedWallet(storage, mint.url);
    const shop = ecashLockKey(phrase.seed).pubkey;
    const provider = () =>
      new WalletProvider({
        keys: storage.keys,
        counters: storage.counterSource,
        keysetCache: storage.keysetCache,
      });
    const first = provider();
    await first.getSeededWallet(mint.url);
    first.close();
    await vi.waitFor(async () =>
      expect((await storage.keysetCache.list(mintUrlKey(mint.url))).length).toBeGreaterThan(0),
    );
    const state = { online: false };
    const offline = new OfflineEcash({
      keysets: storage.keysetCache,
      sales: storage.offlineSales,
      receipts: storage.ecashReceipts,
      caps: () => storage.offlineCaps.get(),
      lockPubkey: async () => shop,
      shopName: async () => 'Shop',
      clock: () => storage.now.value,
    });
    const wallets = provider();
    dev.afterTest(() => wallets.close());
    const receiver = ecashReceiverOn(storage, wallets, {
      offline: {
        deviceOffline: () => !state.online,
        take: (text, url, s) => offline.take(text, url, s),
      },
    });
    const customer = await newWallet(mint.url);
    const token = async (amount: number, pubkey = shop) =>
      lockedToken(mint.url, await lockedProofs(customer, mint, amount, { pubkey }));
    return { storage, offline, receiver, state, token };
  }

  async function refusedKind(run: Promise<unknown>) {
    const error: unknown = await run.then(
      () => null,
      (e: unknown) => e,
    );
    return error instanceof OfflineRefusedError ? error.refusal.kind : error;
  }

  it('takes a locked token offline, then swaps it once when the mint answers', async () => {
    const t = await till();
    const token = await t.token(21);
    const taken = await t.receiver.receiveToken(token, sale(21));
    expect(taken).toMatchObject({ status: 'offline', amount: 21, paid: 21 });
    expect(await t.storage.proofs.balance()).toBe(0);
    expect((await t.offline.list()).map((s) => s.status)).toEqual([{ state: 'waiting' }]);

    t.state.online = true;
    const landed = await t.receiver.resumeAll();
    expect(landed.map((l) => l.amount)).toEqual([21]);
    expect(await t.storage.proofs.balance()).toBe(21);
    expect(await t.receiver.resumeAll()).toEqual([]);
    expect(await t.storage.proofs.balance()).toBe(21);
    expect((await t.offline.list()).map((s) => s.status)).toEqual([{ state: 'redeemed' }]);
    expect(await t.offline.waiting()).toBe(false);
  });

  it('refuses the same proofs a second time, before and after their redemption', async () => {
    const t = await till();
    const token = await t.token(8);
    await t.receiver.receiveToken(token, sale(8));
    expect(await refusedKind(t.receiver.receiveToken(token, sale(8)))).toBe('taken-before');
    t.state.online = true;
    await t.receiver.resumeAll();
    t.state.online = false;
    expect(await refusedKind(t.receiver.receiveToken(token, sale(8)))).toBe('taken-before');
    expect(await t.storage.proofs.balance()).toBe(8);
  });

  it('refuses above the caps and stores nothing', async () => {
    const t = await till();
    await t.storage.offlineCaps.set({ enabled: true, perSale: 10, perDay: 15, outstanding: 100 });
    expect(await refusedKind(t.receiver.receiveToken(await t.token(11), sale(11)))).toBe(
      'cap-sale',
    );
    await t.receiver.receiveToken(await t.token(9), sale(9));
    expect(await refusedKind(t.receiver.receiveToken(await t.token(7), sale(7)))).toBe('cap-day');
    expect((await t.offline.list()).map((s) => s.amount)).toEqual([9]);
    expect(await t.storage.ecashReceipts.list()).toHaveLength(1);
  });

  it('refuses ecash locked to another key', async () => {
    const t = await till();
    const other = ecashLockKey(new Uint8Array(64).fill(3)).pubkey;
    expect(await refusedKind(t.receiver.receiveToken(await t.token(5, other), sale(5)))).toBe(
      'locked-elsewhere',
    );
    expect(await t.storage.ecashReceipts.list()).toEqual([]);
  });

  it("keeps a sale the mint refuses with the mint's reason, and redeems it on a retry", async () => {
    const t = await till();
    await t.receiver.receiveToken(await t.token(13), sale(13));
    t.state.online = true;
    mint.addFault({
      path: '/v1/swap',
      action: 'refuse',
      code: 11001,
      detail: 'Token already spent',
      count: 1,
    });
    expect(await t.receiver.resumeAll()).toEqual([]);
    const [row] = await t.offline.list();
    expect(row?.status.state).toBe('refused');
    expect(await t.storage.ecashReceipts.list()).toHaveLength(1);
    expect(await t.offline.waiting()).toBe(true);
    const landed = await t.receiver.resumeAll();
    expect(landed.map((l) => l.amount)).toEqual([13]);
    expect(await t.storage.proofs.balance()).toBe(13);
  });
});
