// Tests for the wallet's factory: its services work on the storage and the lock they are given.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { WalletEvents } from '../../core/events';
import { DeviceKeys } from '../../core/keys';
import { silentLogger } from '../../core/logger';
import { closedAfterEach, DEFAULTS, proof, type TestStorage } from '../../testing/storage/db';
import { createWalletServices } from './wallet-services';

const storages = closedAfterEach();
const NOW = 1_700_000_000_000;

function build(storage: TestStorage, sealed: boolean) {
  return createWalletServices({
    base: { events: new WalletEvents(), logger: silentLogger, clock: () => NOW },
    storage,
    keys: {
      deviceKeys: new DeviceKeys(storage.keys),
      seedSealed: vi.fn(async () => sealed),
      inboxKeyFor: async () => undefined,
      lock: storage.lock,
    },
    prices: { remoteFiatFor: async () => undefined },
    lockedSaleBackups: {} as never,
    restoreSources: {},
  });
}

describe('createWalletServices', () => {
  it('withdrawals see the proofs and tokens of the storage they are given', async () => {
    const storage = await storages.withPhrase();
    await storage.proofs.add([proof('a', 16), proof('b', 4)], DEFAULTS.mintUrl);
    const token = { id: 't', mintUrl: DEFAULTS.mintUrl, token: 'cashuB', secrets: ['b'] };
    await storage.withdrawals.put({ ...token, amount: 4, createdAt: 1 });
    const wallet = build(storage, false);
    expect(await wallet.withdraw.availability()).toMatchObject({ available: 16, pending: 4 });
    expect((await wallet.withdraw.listPending()).map((w) => w.id)).toEqual(['t']);
    expect(await wallet.cashOut.listPending()).toEqual([]);
    expect(await wallet.foreignFailed.list()).toEqual([]);
  });

  it('offers no ecash request beside an invoice while the seed is sealed', async () => {
    const storage = await storages.withPhrase();
    const quote = {
      quote: 'q1',
      mintUrl: DEFAULTS.mintUrl,
      amount: 21,
      request: 'lnbc1',
      kind: 'direct' as const,
      state: 'UNPAID' as const,
      createdAt: NOW,
      expiry: NOW / 1000 + 600,
    };
    await storage.mintQuotes.put(quote);
    const wallet = build(storage, true);
    expect(await wallet.saleRequests.forQuote(quote)).toBeNull();
    expect((await storage.mintQuotes.get('q1'))?.ecashRequestId).toBeUndefined();
  });
});
