// Sales taken while the till is locked (decision 0024), on the real Dexie storage and till lock
// (fake-indexeddb) against the dev mint: they land without the PIN, a lost answer or a closed tab
// still ends with the sale stored once, and the proofs are spendable.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Wallet } from '@cashu/cashu-ts';
import type { FaultRule } from '../../../../dev/mint/faults';
import { MALFORMATIONS } from '../../../../dev/mint/malform';
import { newCashOutDevice } from '../../../testing/storage/cash-out-tab';
import { testStorage, type TestStorage } from '../../../testing/storage/db';
import type { Checkpoint, WriteStep } from '../../checkpoint';
import { WalletEvents } from '../../events';
import type { StoredProof } from '../proof-ports';
import { walletDeps } from '../../../testing/storage/wallet-deps';
import { storedMoney } from '../../../testing/storage/stored-money';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import { TEST_INTERVALS } from '../../../testing/wallet/payment-harness';
import { WalletProvider } from '../wallet-provider';
import { WithdrawService } from '../withdraw/withdraw-service';
import { PaymentService, type PaymentSettled } from './payment-service';
import { getPublicKey } from 'nostr-tools/pure';
import { salesKeyForLock } from '../../remote-payments/merchant/sales-inbox';
import { lockPubkeyForNostrKey } from '../mint/nut20-key';
import { lockedRemoteQuote } from '../../../testing/wallet/remote-quote';

const WAIT = { timeout: 20_000, interval: 25 };
const PIN = '482915';
const dev = devMintSuite({ fresh: true });

interface Tab {
  storage: TestStorage;
  payments: PaymentService;
  withdraw: WithdrawService;
  settled: PaymentSettled[];
  seedReads: { count: number };
  warnings: string[];
  kill(): void;
}

/** A device onboarded on the dev mint, with a PIN set. */
async function deviceWithPin(): Promise<string> {
  const dbName = await newCashOutDevice(dev.mint.url);
  const storage = testStorage(dbName);
  await storage.lock.setPin(PIN);
  storage.close();
  return dbName;
}

/** One page load: the lock starts locked, as after a reload. */
function open(dbName: string, checkpoint?: Checkpoint, salesInbox = false): Tab {
  const storage = testStorage(dbName);
  storage.now.value = Date.now();
  const seedReads = { count: 0 };
  const warnings: string[] = [];
  const logger = { ...storage.logger, warn: (message: string) => void warnings.push(message) };
  const keys = {
    getSeed: () => {
      seedReads.count++;
      return storage.keys.getSeed();
    },
  };
  const wallets = new WalletProvider({ keys, counters: storage.counterSource });
  const payments = new PaymentService({
    ...walletDeps(storage, { wallets, events: new WalletEvents(), logger, checkpoint }),
    keys: storage.keys,
    quotes: storage.mintQuotes,
    getSigningKey: () => Promise.reject(new Error('no signing key in this test')),
    ...(salesInbox
      ? {
          inboxKeyFor: async (lock: string) =>
            salesKeyForLock(await storage.salesInboxKey.getOrCreate(), lock),
        }
      : {}),
    seedSealed: async () => {
      await storage.lock.init();
      return storage.lock.state() === 'locked';
    },
    salesPublicKey: () => storage.lock.salesPublicKey(),
    intervals: TEST_INTERVALS,
  });
  const withdraw = new WithdrawService({
    // The same seam: a test freezes the secure step's swap (`swap:*`) as it does a mint.
    ...walletDeps(storage, { wallets, events: new WalletEvents(), logger, checkpoint }),
    withdrawals: storage.withdrawals,
  });
  const settled: PaymentSettled[] = [];
  payments.onSettled((p) => settled.push(p));
  return dev.track({
    storage,
    payments,
    withdraw,
    settled,
    seedReads,
    warnings,
    kill() {
      payments.stop();
      withdraw.stop();
      wallets.close();
      storage.close();
    },
  });
}

const stored = (tab: Tab) => storedMoney(tab.storage);

/** What `stored` reads once a sale of `amount` sats has landed, and nothing else. */
function landedOnce(amount: number, quoteId: string, type = 'direct-payment') {
  return {
    balance: amount,
    history: [{ type, amount, quoteId }],
    pendingQuotes: 0,
    withdrawals: 0,
  };
}

/** A till with a PIN whose tab is killed at `step` of minting a paid sale of `amount` sats. */
async function paidSaleKilledAt(step: WriteStep, amount: number) {
  const dbName = await deviceWithPin();
  const frozen = freezeAt(step);
  const first = open(dbName, frozen.checkpoint);
  const quote = await first.payments.createInvoice({ amount });
  await dev.mint.pay(quote.quote);
  await frozen.reached;
  first.kill();
  return { dbName, quote };
}

/** A paid sale of `amount` sats on a till with a PIN, its mint reply hit once by `fault`, settled. */
async function saleThroughFault(
  amount: number,
  fault: Omit<FaultRule, 'path' | 'method' | 'count'>,
) {
  const tab = open(await deviceWithPin());
  const quote = await tab.payments.createInvoice({ amount });
  dev.mint.addFault({ path: '/v1/mint/bolt11', method: 'POST', count: 1, ...fault });
  await dev.mint.pay(quote.quote);
  await expect.poll(() => tab.settled.length, WAIT).toBe(1);
  await tab.payments.idle();
  return { tab, quote };
}

/** Swaps the proofs at the mint: they are real, unspent and ours to spend. */
async function spend(proofs: StoredProof[], unit = 'sat'): Promise<number> {
  const wallet = new Wallet(dev.mint.url, { unit });
  await wallet.loadMint();
  const amount = proofs.reduce((sum, p) => sum + p.amount, 0);
  const { send, keep } = await wallet.send(amount, proofs);
  return [...send, ...keep].reduce((sum, p) => sum + Number(p.amount), 0);
}

/** A cashier's quote at the dev mint, NUT-20 locked to `lock`, taken over as the inbox does. */
async function remoteQuote(tab: Tab, amount: number, lock: string) {
  const quote = await lockedRemoteQuote(dev.mint.url, amount, lock);
  expect(await tab.payments.takeOverRemote(quote)).toBe(true);
  return quote;
}

describe('a remote sale on a locked till (decision 0030, point 7)', () => {
  it('locked to the sales inbox key is minted without the PIN, and spendable after it', async () => {
    const tab = open(await deviceWithPin(), undefined, true);
    await tab.storage.lock.init();
    const inboxKey = await tab.storage.salesInboxKey.getOrCreate();
    const quote = await remoteQuote(tab, 21, lockPubkeyForNostrKey(getPublicKey(inboxKey)));
    await dev.mint.pay(quote.quote);
    await expect.poll(() => tab.settled.length, WAIT).toBe(1);

    expect(tab.storage.lock.state()).toBe('locked');
    expect(tab.seedReads.count).toBe(0);
    expect(await stored(tab)).toEqual(landedOnce(21, quote.quote, 'remote-payment'));
    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('ISSUED');
    expect(await tab.storage.proofs.listUnspent()).toEqual([]);
    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await spend(await tab.storage.proofs.listUnspent())).toBe(21);
  });

  it('locked to any other key waits for the PIN (its signing key is sealed)', async () => {
    const tab = open(await deviceWithPin(), undefined, true);
    const other = lockPubkeyForNostrKey(getPublicKey(new Uint8Array(32).fill(7)));
    const quote = await remoteQuote(tab, 8, other);
    await dev.mint.pay(quote.quote);
    // The identity key is asked for (and refused in this test): nothing is minted or stored.
    await expect.poll(() => dev.mint.mintQuote(quote.quote)?.state, WAIT).toBe('PAID');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('PAID');
    expect(tab.settled).toEqual([]);
    expect(await tab.storage.proofs.balance()).toBe(0);
  });
});

describe('a sale on a locked till', () => {
  it('is minted and stored without the PIN, and its proofs are spendable', async () => {
    const tab = open(await deviceWithPin());
    await tab.storage.lock.init();
    expect(tab.storage.lock.state()).toBe('locked');

    const quote = await tab.payments.createInvoice({ amount: 21 });
    await dev.mint.pay(quote.quote);
    await expect.poll(() => tab.settled.length, WAIT).toBe(1);

    expect(tab.storage.lock.state()).toBe('locked');
    expect(tab.seedReads.count).toBe(0);
    expect(await stored(tab)).toEqual(landedOnce(21, quote.quote));
    // Sealed to the sales key (decision 0030): nothing to spend until the PIN opens it.
    expect(await tab.storage.proofs.listUnspent()).toEqual([]);
    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await spend(await tab.storage.proofs.listUnspent())).toBe(21);
  });

  it('whose mint answer is lost is recovered by restoring its journaled outputs, once', async () => {
    const { tab, quote } = await saleThroughFault(13, { action: 'dropResponse' });
    expect(await stored(tab)).toEqual(landedOnce(13, quote.quote));
    // The premise: the answer really was lost.
    expect(tab.warnings.some((message) => message.includes('ended ambiguously'))).toBe(true);
    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await spend(await tab.storage.proofs.listUnspent())).toBe(13);
  });

  it.each(['mint:outputs-journaled', 'mint:signed'] as const)(
    'stopped at %s lands once after a reload and the PIN',
    async (step) => {
      const { dbName, quote } = await paidSaleKilledAt(step, 34);
      if (step === 'mint:signed') expect(dev.mint.mintQuote(quote.quote)?.state).toBe('ISSUED');

      const second = open(dbName);
      expect(await second.storage.lock.enter(PIN)).toEqual({ ok: true });
      await second.payments.resumeAll();
      await expect.poll(() => second.settled.length, WAIT).toBe(1);
      await second.payments.idle();
      expect(await stored(second)).toEqual(landedOnce(34, quote.quote));
      expect(await spend(await second.storage.proofs.listUnspent())).toBe(34);
    },
  );

  it('is swapped for outputs the phrase restores once the PIN is entered', async () => {
    const tab = open(await deviceWithPin());
    const quote = await tab.payments.createInvoice({ amount: 42 });
    await dev.mint.pay(quote.quote);
    await expect.poll(() => tab.settled.length, WAIT).toBe(1);
    const minted = await tab.storage.proofs.listUnspent();
    expect(minted.every((p) => p.random)).toBe(true);
    // Locked, nothing can be swapped yet: the seed is sealed.
    expect(tab.seedReads.count).toBe(0);

    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await tab.withdraw.secureLockedSales()).toBe(42);
    const now = await tab.storage.proofs.listUnspent();
    expect(now.some((p) => p.random)).toBe(false);
    expect(await stored(tab)).toMatchObject({ balance: 42, pendingQuotes: 0 });
    // The phrase's seed finds them (NUT-09 restore from counter 0), and nothing else is left.
    const seed = (await tab.storage.keys.getSeed())!;
    const fromPhrase = new Wallet(dev.mint.url, { unit: 'sat', bip39seed: seed });
    await fromPhrase.loadMint();
    const { proofs } = await fromPhrase.restore(0, 20, { keysetId: now[0]!.id });
    const restored = new Set(proofs.map((p) => p.secret));
    expect(now.every((p) => restored.has(p.secret))).toBe(true);
    expect(await spend(now)).toBe(42);
    // A second unlock finds nothing more to swap.
    expect(await tab.withdraw.secureLockedSales()).toBe(0);
  });

  it('journals no secret or blinding factor in plain; a reload between journal and mint reply lands once while locked', async () => {
    const { dbName, quote } = await paidSaleKilledAt('mint:outputs-journaled', 29);

    const second = open(dbName);
    const journal = (await second.storage.mintQuotes.get(quote.quote))!.lockedOutputs!;
    expect(journal.outputs.length).toBeGreaterThan(0);
    for (const output of journal.outputs) {
      expect(Object.keys(output).sort()).toEqual(['blindedMessage', 'key', 'sealed']);
    }
    // Still locked: the journaled outputs are sent again (or restored) and the sale lands at once.
    await second.payments.resumeAll();
    await expect.poll(() => second.settled.length, WAIT).toBe(1);
    await second.payments.idle();
    expect(second.storage.lock.state()).toBe('locked');
    expect(second.seedReads.count).toBe(0);
    expect(await stored(second)).toEqual(landedOnce(29, quote.quote));
    expect(await second.storage.proofs.listUnspent()).toEqual([]);
    second.kill();

    // After the PIN, the same proofs open: their secrets were never in the journal in plain.
    const third = open(dbName);
    expect(await third.storage.lock.enter(PIN)).toEqual({ ok: true });
    const proofs = await third.storage.proofs.listUnspent();
    const journalText = JSON.stringify(journal);
    expect(proofs.some((p) => journalText.includes(p.secret))).toBe(false);
    expect(await stored(third)).toMatchObject({ balance: 29, pendingQuotes: 0 });
    expect(await spend(proofs)).toBe(29);
  });

  it('whose mint answer is lost after a reload while locked is restored by its blinded messages, once', async () => {
    const { dbName, quote } = await paidSaleKilledAt('mint:outputs-journaled', 17);

    dev.mint.addFault({
      path: '/v1/mint/bolt11',
      method: 'POST',
      action: 'dropResponse',
      count: 1,
    });
    const second = open(dbName);
    await second.payments.resumeAll();
    await expect.poll(() => second.settled.length, WAIT).toBe(1);
    await second.payments.idle();
    expect(second.warnings.some((message) => message.includes('ended ambiguously'))).toBe(true);
    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('ISSUED');
    expect(await stored(second)).toEqual(landedOnce(17, quote.quote));
    expect(await second.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await spend(await second.storage.proofs.listUnspent())).toBe(17);
  });

  it('journaled when the PIN is removed is opened with it, and still lands once', async () => {
    const { dbName, quote } = await paidSaleKilledAt('mint:outputs-journaled', 11);

    const second = open(dbName);
    expect(await second.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await second.storage.lock.removePin(PIN)).toEqual({ ok: true });
    const journal = (await second.storage.mintQuotes.get(quote.quote))!.lockedOutputs!;
    expect(journal.outputs.every((o) => 'secret' in o && !('sealed' in o))).toBe(true);
    await second.payments.resumeAll();
    await expect.poll(() => second.settled.length, WAIT).toBe(1);
    await second.payments.idle();
    expect(await stored(second)).toMatchObject({ balance: 11, pendingQuotes: 0 });
    expect(await spend(await second.storage.proofs.listUnspent())).toBe(11);
  });

  // Every spoilt signature list but `keysetIdMismatch`, which spoils `/v1/keys`, not a mint reply.
  it.each(MALFORMATIONS.filter((m) => m !== 'keysetIdMismatch'))(
    'whose mint reply is spoilt (%s) stores nothing wrong: restored once, spendable after the PIN',
    async (malform) => {
      const { tab, quote } = await saleThroughFault(23, { action: 'malform', malform });
      expect(await stored(tab)).toEqual(landedOnce(23, quote.quote));
      expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
      expect(await spend(await tab.storage.proofs.listUnspent())).toBe(23);
    },
  );
});

/** A paid sale of `cents` in dollars on a till with a PIN, landed while locked (random proofs). */
async function lockedDollarSale(cents: number) {
  const dbName = await deviceWithPin();
  const tab = open(dbName);
  const quote = await tab.payments.createInvoice({ amount: cents, unit: 'usd' });
  await dev.mint.pay(quote.quote);
  await expect.poll(() => tab.settled.length, WAIT).toBe(1);
  await tab.payments.idle();
  expect(tab.storage.lock.state()).toBe('locked');
  expect(dev.mint.mintQuote(quote.quote)?.state).toBe('ISSUED');
  return { dbName, tab, quote };
}

/** The till's dollars: how many cents, whether any is still random, and none counted as sats. */
async function dollarsOf(tab: Tab) {
  const usd = await tab.storage.proofs.listUnspent(undefined, 'usd');
  return {
    cents: usd.reduce((sum, p) => sum + p.amount, 0),
    random: usd.some((p) => p.random),
    sats: await tab.storage.proofs.balance(),
    journals: (await tab.storage.withdrawals.list()).length,
  };
}

/** The phrase's seed finds every one of these proofs on their usd keyset (NUT-09 from 0). */
async function phraseFinds(tab: Tab, proofs: StoredProof[]): Promise<boolean> {
  const seed = (await tab.storage.keys.getSeed())!;
  const fromPhrase = new Wallet(dev.mint.url, { unit: 'usd', bip39seed: seed });
  await fromPhrase.loadMint();
  const counters = (await tab.storage.counterSource.snapshot?.()) ?? {};
  const found = new Set<string>();
  for (const keysetId of new Set(proofs.map((p) => p.id))) {
    // Everything this device issued on the keyset lies below its counter.
    const { proofs: restored } = await fromPhrase.restore(0, counters[keysetId] ?? 0, {
      keysetId,
    });
    for (const p of restored) found.add(p.secret);
  }
  return proofs.every((p) => found.has(p.secret));
}

const SECURED_350 = { cents: 350, random: false, sats: 0, journals: 0 };

describe('a sale in dollars on a locked till (decision 0094)', () => {
  it("is swapped into the usd keyset's phrase outputs once the PIN is entered, never as sats", async () => {
    const { tab } = await lockedDollarSale(350);
    expect(await dollarsOf(tab)).toMatchObject({ sats: 0 });
    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    const minted = await tab.storage.proofs.listUnspent(undefined, 'usd');
    expect(minted.length).toBeGreaterThan(0);
    expect(minted.every((p) => p.random)).toBe(true);

    // The count is sats: none were secured; the dollars were.
    expect(await tab.withdraw.secureLockedSales()).toBe(0);
    expect(await dollarsOf(tab)).toEqual(SECURED_350);
    const now = await tab.storage.proofs.listUnspent(undefined, 'usd');
    const usdKeysets = (await (await fetch(`${dev.mint.url}/v1/keysets`)).json()) as {
      keysets: Array<{ id: string; unit: string }>;
    };
    const usdIds = usdKeysets.keysets.filter((k) => k.unit === 'usd').map((k) => k.id);
    expect(now.every((p) => usdIds.includes(p.id))).toBe(true);
    // Counters per keyset: the usd keyset's counter covers them, and the phrase finds them there.
    expect(await phraseFinds(tab, now)).toBe(true);
    expect(await spend(now, 'usd')).toBe(350);
    expect(await tab.withdraw.secureLockedSales()).toBe(0);
  });

  it('with sats and dollars both taken while locked swaps each into its own unit', async () => {
    const { tab } = await lockedDollarSale(125);
    const sats = await tab.payments.createInvoice({ amount: 21 });
    await dev.mint.pay(sats.quote);
    await expect.poll(() => tab.settled.length, WAIT).toBe(2);
    await tab.payments.idle();
    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await tab.withdraw.secureLockedSales()).toBe(21);
    expect(await dollarsOf(tab)).toEqual({ cents: 125, random: false, sats: 21, journals: 0 });
    expect(await spend(await tab.storage.proofs.listUnspent(undefined, 'usd'), 'usd')).toBe(125);
    expect(await spend(await tab.storage.proofs.listUnspent())).toBe(21);
  });

  it.each([
    ['answers nothing (HTTP 500 to everything)', { path: '*', action: 'error500' }],
    ['swaps and the answer is lost', { path: '/v1/swap', action: 'dropResponse', count: 1 }],
    ['refuses the swap', { path: '/v1/swap', action: 'refuse', code: 11005, count: 1 }],
  ] as const)('whose mint %s during the secure step keeps the dollars once', async (_, fault) => {
    const { tab } = await lockedDollarSale(350);
    expect(await tab.storage.lock.enter(PIN)).toEqual({ ok: true });
    dev.mint.addFault({ ...fault });
    await tab.withdraw.secureLockedSales();
    dev.mint.clearFaults();
    // Still 350 cents, whatever the mint did: random ones wait for the next unlock.
    expect((await dollarsOf(tab)).cents).toBe(350);
    await tab.withdraw.secureLockedSales();
    expect(await dollarsOf(tab)).toEqual(SECURED_350);
    const now = await tab.storage.proofs.listUnspent(undefined, 'usd');
    expect(await phraseFinds(tab, now)).toBe(true);
    expect(await spend(now, 'usd')).toBe(350);
  });

  it.each(['swap:counters-reserved', 'swap:journaled', 'swap:signed'] as const)(
    'whose tab closes at %s of the secure step has the dollars once after a reload',
    async (step) => {
      const { dbName, tab } = await lockedDollarSale(350);
      tab.kill();
      const frozen = freezeAt(step);
      const first = open(dbName, frozen.checkpoint);
      expect(await first.storage.lock.enter(PIN)).toEqual({ ok: true });
      void first.withdraw.secureLockedSales();
      await frozen.reached;
      first.kill();

      const second = open(dbName);
      expect(await second.storage.lock.enter(PIN)).toEqual({ ok: true });
      await second.withdraw.resumeAll();
      await second.withdraw.secureLockedSales();
      expect(await dollarsOf(second)).toEqual(SECURED_350);
      const now = await second.storage.proofs.listUnspent(undefined, 'usd');
      expect(await phraseFinds(second, now)).toBe(true);
      expect(await spend(now, 'usd')).toBe(350);
    },
  );

  it('secured by two tabs at once is swapped once and held once', async () => {
    const { dbName, tab } = await lockedDollarSale(350);
    tab.kill();
    // Two tabs of one profile, each with its own withdraw lock (the worst case: no Web Locks).
    const [a, b] = [open(dbName), open(dbName)];
    expect(await a.storage.lock.enter(PIN)).toEqual({ ok: true });
    expect(await b.storage.lock.enter(PIN)).toEqual({ ok: true });
    await Promise.all([a.withdraw.secureLockedSales(), b.withdraw.secureLockedSales()]);
    // Whatever one tab left unfinished, the next unlock finishes.
    await a.withdraw.secureLockedSales();
    expect(await dollarsOf(b)).toEqual(SECURED_350);
    const now = await b.storage.proofs.listUnspent(undefined, 'usd');
    expect(await phraseFinds(b, now)).toBe(true);
    expect(await spend(now, 'usd')).toBe(350);
  });
});
