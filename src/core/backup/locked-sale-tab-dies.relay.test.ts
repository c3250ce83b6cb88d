// A locked sale's tab closed between two steps of its backup's life (decision 0050), on the real
// storage against the dev mint and a dev relay: after the backup was published and before the
// mint request, and between the swap into the phrase's outputs and the backup's removal. Each
// device ends holding the sale once, and a restore elsewhere counts it once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { storedMoney } from '../../testing/storage/stored-money';
import { freezeAt } from '../../testing/wallet/freeze-at';
import {
  type LockedTab,
  type Phrase,
  LOCKED_WAIT as WAIT,
  TEST_PIN,
  lockedTabSuite,
  newDevice,
  newPhrase,
} from '../../testing/backup/locked-sale-tab';
import { Wallet } from '@cashu/cashu-ts';
import type { WriteStep } from '../checkpoint';
import type { StoredProof } from '../wallet/proof-ports';

const { dev, open, salesOnRelay } = lockedTabSuite();

/** A fresh device restoring the phrase: what its scan found and what it then holds. */
async function restoreElsewhere(phrase: Phrase) {
  const device = open(await newDevice(dev.mint.url, phrase));
  const outcome = await device.restore.start('onboarding');
  return { device, outcome, balance: await device.storage.proofs.balance() };
}

/** Swaps the proofs at the mint: what they are worth to whoever holds them. */
async function spendable(proofs: StoredProof[], unit = 'sat'): Promise<number> {
  const wallet = new Wallet(dev.mint.url, { unit });
  await wallet.loadMint();
  const states = await wallet.checkProofsStates(proofs);
  const unspent = proofs.filter((_, i) => states[i]?.state === 'UNSPENT');
  const amount = unspent.reduce((sum, p) => sum + p.amount, 0);
  if (amount === 0) return 0;
  const { send, keep } = await wallet.send(amount, unspent);
  return [...send, ...keep].reduce((sum, p) => sum + Number(p.amount), 0);
}

/** The page load after the one that died: it resumes its quotes as the app's start does. */
async function reloaded(dbName: string): Promise<LockedTab> {
  const tab = open(dbName);
  await tab.payments.resumeAll();
  await tab.payments.idle();
  return tab;
}

describe('a locked sale whose tab dies after its backup is published, before its mint request', () => {
  /** Device 1, locked, stopped with its paid sale's backup on the relay and no mint request. */
  async function stoppedBeforeMint(amount: number, unit?: 'usd') {
    const phrase = newPhrase();
    const dbName = await newDevice(dev.mint.url, phrase, { pin: TEST_PIN });
    const frozen = freezeAt('mint:backup-offered');
    const tab = open(dbName, { checkpoint: frozen.checkpoint });
    const quote = await tab.payments.createInvoice({ amount, ...(unit ? { unit } : {}) });
    await dev.mint.pay(quote.quote);
    await frozen.reached;
    tab.kill();
    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('PAID');
    expect((await salesOnRelay(phrase)).map((s) => s.amount)).toEqual([amount]);
    return { phrase, dbName, quote: quote.quote };
  }

  it('is minted once by the same device after a reload, and a restore elsewhere gets it once', async () => {
    const { phrase, dbName, quote } = await stoppedBeforeMint(21);

    const device1 = await reloaded(dbName);
    await expect.poll(() => device1.settled.length, WAIT).toBe(1);
    expect(device1.storage.lock.state()).toBe('locked');
    expect(await storedMoney(device1.storage)).toEqual({
      balance: 21,
      history: [{ type: 'direct-payment', amount: 21, quoteId: quote }],
      pendingQuotes: 0,
      withdrawals: 0,
    });

    const { device: device2, outcome, balance } = await restoreElsewhere(phrase);
    expect(outcome).toMatchObject({ totalSats: 21, mints: [{ lockedSats: 21 }] });
    expect(balance).toBe(21);
    expect((await device2.restore.start('settings'))?.totalSats).toBe(0);
    expect(await device2.storage.proofs.balance()).toBe(21);
    // Another start of device 1 adds nothing either.
    const again = await reloaded(dbName);
    expect(await again.storage.proofs.balance()).toBe(21);
  });

  it('is recovered by a restore elsewhere before the device ever reloads; each device holds it once', async () => {
    const { phrase, dbName, quote } = await stoppedBeforeMint(34);

    // Device 1 never came back yet: the restore finds the paid quote in the backup and mints it.
    const { device: device2, outcome, balance } = await restoreElsewhere(phrase);
    expect(outcome).toMatchObject({ totalSats: 34, mints: [{ lockedSats: 34 }] });
    expect(balance).toBe(34);
    expect(dev.mint.mintQuote(quote)?.state).toBe('ISSUED');
    expect((await device2.restore.start('settings'))?.totalSats).toBe(0);
    expect(await device2.storage.proofs.balance()).toBe(34);

    // Device 1 reloads: the mint signed its journaled outputs, so it recovers them (NUT-09), once.
    const device1 = await reloaded(dbName);
    await expect.poll(() => device1.storage.proofs.balance(), WAIT).toBe(34);
    expect((await storedMoney(device1.storage)).history).toEqual([
      { type: 'direct-payment', amount: 34, quoteId: quote },
    ]);
    expect(await device1.storage.mintQuotes.list()).toEqual([]);
    // The same proofs on both: whichever spends them first has the 34 sats.
    expect(await spendable(await device2.storage.proofs.listUnspent())).toBe(34);
  });

  it('in dollars: a restore elsewhere mints the paid quote on the usd keyset, and the reload secures it once', async () => {
    const { phrase, dbName, quote } = await stoppedBeforeMint(350, 'usd');
    expect((await salesOnRelay(phrase)).map((s) => s.unit)).toEqual(['usd']);

    // Minted by the restore in cents on the usd keyset (decision 0061), never counted as sats.
    const { device: device2, outcome, balance } = await restoreElsewhere(phrase);
    expect(outcome).toMatchObject({ totalSats: 0, mints: [{ foundInUnits: { usd: 350 } }] });
    expect(balance).toBe(0);
    expect(dev.mint.mintQuote(quote)?.state).toBe('ISSUED');
    const held = await device2.storage.proofs.listUnspent(undefined, 'usd');
    expect(held.reduce((sum, p) => sum + p.amount, 0)).toBe(350);
    expect((await device2.restore.start('settings'))?.mints[0]?.foundInUnits).toBeUndefined();

    // Device 1 reloads: it recovers its journaled outputs once, and the PIN secures them into the
    // phrase's usd outputs, after which the backup leaves the relay.
    const device1 = await reloaded(dbName);
    // Still locked, its proofs are sealed: the quote row leaving says they are stored.
    await expect.poll(async () => (await device1.storage.mintQuotes.list()).length, WAIT).toBe(0);
    expect(await device1.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
    const cents = async () =>
      (await device1.storage.proofs.listUnspent(undefined, 'usd')).reduce(
        (n, p) => n + p.amount,
        0,
      );
    expect(await cents()).toBe(350);
    await device1.withdraw.secureLockedSales();
    await device1.backups.retry();
    const secured = await device1.storage.proofs.listUnspent(undefined, 'usd');
    expect(secured.some((p) => p.random)).toBe(false);
    expect(await cents()).toBe(350);
    expect(await device1.storage.proofs.balance()).toBe(0);
    expect(await salesOnRelay(phrase)).toEqual([]);
    // The restored copy was spent by that swap; the secured one is the 3.50 USD.
    expect(await spendable(held, 'usd')).toBe(0);
    expect(await spendable(secured, 'usd')).toBe(350);
  });
});

describe('a locked sale whose tab dies between its swap into the phrase outputs and its backup removal', () => {
  it.each(['swap:journaled', 'swap:signed'] as WriteStep[])(
    'at %s: the reload finishes the swap and removes the backup; a restore counts the sale once',
    async (step) => {
      const phrase = newPhrase();
      const dbName = await newDevice(dev.mint.url, phrase, { pin: TEST_PIN });
      const frozen = freezeAt(step);
      const first = open(dbName, { checkpoint: frozen.checkpoint });
      const quote = await first.payments.createInvoice({ amount: 55 });
      await dev.mint.pay(quote.quote);
      await expect.poll(() => first.settled.length, WAIT).toBe(1);
      await first.payments.idle();
      expect(await first.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
      void first.withdraw.secureLockedSales();
      await frozen.reached;
      first.kill();
      // The backup is still on the relay, and so are the sale's outputs it names.
      expect((await salesOnRelay(phrase)).map((s) => s.amount)).toEqual([55]);

      // A restore elsewhere now: the envelope's proofs and the phrase's outputs are one sale.
      const before = await restoreElsewhere(phrase);
      expect(before.outcome?.totalSats).toBe(55);
      expect(before.balance).toBe(55);

      // Device 1's next start, unlocked as the app's start after the PIN: swap, then removal.
      const second = open(dbName);
      expect(await second.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
      await second.withdraw.secureLockedSales();
      await second.backups.retry();
      expect(await second.storage.proofs.balance()).toBe(55);
      expect((await second.storage.proofs.listUnspent()).some((p) => p.random)).toBe(false);
      expect(await second.storage.withdrawals.list()).toEqual([]);
      expect(await second.storage.lockedSaleBackups.list()).toEqual([]);
      expect(await salesOnRelay(phrase)).toEqual([]);

      // A restore after the removal finds the sale by the phrase, once.
      const after = await restoreElsewhere(phrase);
      expect(after.outcome?.totalSats).toBe(55);
      expect(after.outcome?.mints[0]?.lockedSats).toBeUndefined();
      expect(after.balance).toBe(55);
      expect(await spendable(await second.storage.proofs.listUnspent())).toBe(55);
    },
  );
});
