// Replace wallet on real storage: what is counted as left behind, the refusals, and the one
// transaction that forgets the wallet (docs/behaviour.md "Replace wallet").
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../core/errors';
import { NIP06_PHRASE } from '../../core/keys/nip06-vector';
import { DeviceKeys } from '../../core/keys';
import {
  REFUSED_BALANCE,
  REFUSED_IN_PROGRESS,
  REFUSED_INVOICES,
  replaceWallet,
} from '../../core/wallet/replace/replace-wallet';
import { onboardedHintKey } from '../first-screen/onboarded-hint';
import { createStorage } from '../index';
import {
  centsProof,
  DEFAULTS,
  freshDbName,
  MINT_A,
  MINT_B,
  proof,
  putPaidQuote,
  recordingLogger,
  type TestStorage,
} from '../../testing/storage/db';
import { memoryWebStorage } from '../../testing/memory-web-storage';

const opened: TestStorage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

/** localStorage stand-in for the flag's copy. */
const memoryStorage = memoryWebStorage;

const NOW = 1_700_000_000_000;

/** An onboarded wallet: settings, keys, the flag (and its copy), a shop name. */
async function onboardedDevice() {
  const hints = memoryStorage();
  const dbName = freshDbName();
  const storage = {
    ...createStorage({
      dbName,
      defaults: DEFAULTS,
      logger: recordingLogger(),
      clock: () => NOW,
      hintStorage: hints,
    }),
    logger: recordingLogger(),
    now: { value: NOW },
  };
  opened.push(storage);
  await storage.config.saveSettings({ mintUrl: MINT_A, relays: ['wss://relay.example'] });
  await new DeviceKeys(storage.keys).createFromMnemonic(NIP06_PHRASE);
  await storage.config.setShopName('Cafe');
  await storage.config.setOnboarded(true);
  await storage.cashierLinks.setPairingSecret('npub1other', new Uint8Array(32).fill(7));
  return { storage, hints, dbName };
}

/** Every row of every table, to compare before and after. */
async function allRows(storage: TestStorage) {
  const rows: Record<string, unknown[]> = {};
  for (const table of storage.db.tables) rows[table.name] = await table.toArray();
  return rows;
}

describe('DexieWalletReset', () => {
  it('counts balance per mint, open invoices, cash-outs, tokens and swaps; an expired unpaid invoice is nothing', async () => {
    const { storage } = await onboardedDevice();
    await storage.proofs.add([proof('a1', 8), proof('a2', 2)], MINT_A);
    await storage.proofs.add([proof('b1', 4)], MINT_B);
    await putPaidQuote(storage, 'paid');
    await storage.mintQuotes.put({
      quote: 'expired',
      mintUrl: MINT_A,
      amount: 5,
      request: 'lnbc50n1x',
      kind: 'direct',
      state: 'UNPAID',
      createdAt: 1,
      expiry: NOW / 1000 - 1,
    });
    await storage.withdrawals.put({
      id: 't1',
      mintUrl: MINT_A,
      token: 'cashuB…',
      secrets: ['a2'],
      amount: 2,
      createdAt: 1,
    });
    await storage.db.melts.put({
      quote: 'm1',
      mintUrl: MINT_B,
      request: 'lnbc1',
      amount: 3,
      feeReserve: 1,
      inputFee: 0,
      inputSecrets: ['b1'],
      inputAmount: 4,
      createdAt: 1,
      expiry: null,
    });

    expect(await storage.walletReset.leftBehind(NOW)).toEqual({
      balances: [
        { mintUrl: MINT_A, sats: 10 },
        { mintUrl: MINT_B, sats: 4 },
      ],
      pendingInvoices: 1,
      pendingMelts: 1,
      pendingTokens: { count: 1, sats: 2 },
      swapsInProgress: 0,
    });
  });

  it('forgets everything of the wallet in one go, keeps the cashier links, and sends the device to onboarding', async () => {
    const { storage, hints, dbName } = await onboardedDevice();
    expect(hints.items.get(onboardedHintKey(dbName))).toBe('1');

    await replaceWallet(storage.walletReset, { phraseChecked: false, now: NOW });

    expect(await storage.config.isOnboarded()).toBe(false);
    expect(hints.items.has(onboardedHintKey(dbName))).toBe(false);
    expect(await storage.db.keys.count()).toBe(0);
    expect(await storage.config.getShopName()).toBe('');
    expect(await storage.cashierLinks.getPairingSecret('npub1other')).toEqual(
      new Uint8Array(32).fill(7),
    );
    // A new wallet can be set up at once.
    await storage.config.saveSettings(
      { mintUrl: MINT_B, relays: ['wss://r'] },
      { newWalletOnly: true },
    );
    await new DeviceKeys(storage.keys).createFromMnemonic(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
      0,
      { newWalletOnly: true },
    );
  });

  it('refuses a balance until the phrase was checked, writing nothing', async () => {
    const { storage } = await onboardedDevice();
    await storage.proofs.add([proof('a1', 8)], MINT_A);
    const before = await allRows(storage);

    await expect(
      replaceWallet(storage.walletReset, { phraseChecked: false, now: NOW }),
    ).rejects.toThrow(new ValidationError(REFUSED_BALANCE));
    expect(await allRows(storage)).toEqual(before);

    await replaceWallet(storage.walletReset, { phraseChecked: true, now: NOW });
    expect(await storage.proofs.balance()).toBe(0);
    expect(await storage.config.isOnboarded()).toBe(false);
  });

  it('gives up dollars only with the phrase checked (it restores them), writing nothing before', async () => {
    const { storage } = await onboardedDevice();
    await storage.proofs.add([centsProof('u350', 350)], MINT_A);
    expect((await storage.walletReset.leftBehind(NOW)).otherUnits).toEqual([
      { mintUrl: MINT_A, amount: { unit: 'usd', minor: 350 } },
    ]);
    const before = await allRows(storage);
    await expect(
      replaceWallet(storage.walletReset, { phraseChecked: false, now: NOW }),
    ).rejects.toThrow(REFUSED_BALANCE);
    expect(await allRows(storage)).toEqual(before);

    await replaceWallet(storage.walletReset, { phraseChecked: true, now: NOW });
    expect(await storage.proofs.unitBalances()).toEqual([]);
  });

  it('refuses an open invoice or a cash-out in flight even with the phrase checked', async () => {
    const { storage } = await onboardedDevice();
    await putPaidQuote(storage);
    await expect(
      replaceWallet(storage.walletReset, { phraseChecked: true, now: NOW }),
    ).rejects.toThrow(REFUSED_INVOICES);
    await storage.db.mintQuotes.delete('q1');
    await storage.db.melts.put({
      quote: 'm1',
      mintUrl: MINT_A,
      request: 'lnbc1',
      amount: 3,
      feeReserve: 1,
      inputFee: 0,
      inputSecrets: [],
      inputAmount: 4,
      createdAt: 1,
      expiry: null,
    });
    await expect(
      replaceWallet(storage.walletReset, { phraseChecked: true, now: NOW }),
    ).rejects.toThrow(REFUSED_IN_PROGRESS);
    expect(await storage.config.isOnboarded()).toBe(true);
    expect(await storage.keys.getMnemonic()).toBe(NIP06_PHRASE);
  });

  it('a sale that lands after the merchant looked is not deleted: the check runs again in the transaction', async () => {
    const { storage } = await onboardedDevice();
    expect((await storage.walletReset.leftBehind(NOW)).balances).toEqual([]);
    // The keypad's payment lands while the merchant reads the summary.
    await storage.proofs.add([proof('late', 21)], MINT_A);
    await expect(
      replaceWallet(storage.walletReset, { phraseChecked: false, now: NOW }),
    ).rejects.toThrow(REFUSED_BALANCE);
    expect(await storage.proofs.balance()).toBe(21);
    expect(await storage.keys.getMnemonic()).toBe(NIP06_PHRASE);
  });

  it('a failure half-way through the deletes leaves the whole wallet as it was', async () => {
    const { storage, hints, dbName } = await onboardedDevice();
    await storage.proofs.add([proof('a1', 8)], MINT_A);
    const before = await allRows(storage);
    // The last table to be emptied fails, after the keys and proofs were deleted in the transaction.
    const last = storage.db.tables
      .filter((t) => !['cashierSales', 'cashierLinks', 'rowCounts'].includes(t.name))
      .at(-1)!;
    const clear = vi.spyOn(last, 'clear').mockRejectedValue(new Error('tab closed'));

    await expect(
      replaceWallet(storage.walletReset, { phraseChecked: true, now: NOW }),
    ).rejects.toThrow('tab closed');
    clear.mockRestore();
    expect(await allRows(storage)).toEqual(before);
    expect(hints.items.get(onboardedHintKey(dbName))).toBe('1');
  });
});
