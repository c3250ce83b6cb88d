// ForeignEcash against two real dev mints (the other mint's melts pay our mint's invoices over
// simulated Lightning) and Dexie storage: what arrived lands once, whatever step the tab dies at.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Proof } from '@cashu/cashu-ts';
import {
  fund,
  newWallet,
  startTestMint,
  token,
  type TestMint,
} from '../../../../../dev/mint/test-support';
import type { TestStorage } from '../../../../testing/storage/db';
import { devMints } from '../../../../testing/wallet/dev-mints';
import { ecashReceiverOn } from '../../../../testing/wallet/ecash-receiver';
import { freezeAt } from '../../../../testing/wallet/freeze-at';
import { recordedEvents } from '../../../../testing/wallet/recorded-events';
import type { Checkpoint } from '../../../checkpoint';
import { inProcessQuoteLock } from '../../../cross-tab-lock';
import { ForeignEcashArrivingError, MintUnreachableError } from '../../../errors';
import type { EcashLanded } from '../ecash-receiver';
import { ECASH_SPENT_MESSAGE, notAcceptedMessage } from '../ecash-receiver';
import { EcashRouter } from './ecash-router';
import { FOREIGN_UNARRIVED_MAX_AGE_MS, ForeignEcash } from './foreign-ecash';
import { FOREIGN_PENDING_MESSAGE, NOT_ARRIVED_MESSAGE } from './foreign-texts.json';
import {
  FOREIGN_DOWN_MESSAGE,
  NEVER_ARRIVED_MESSAGE,
  shortAfterFeesMessage,
} from './foreign-texts';

let ours: TestMint;
let other: TestMint;
/** melts "pay" outside invoices without reaching ours: says PAID, our invoice stays unpaid */
let liar: TestMint;
const mints = devMints(async () => {
  ours = await startTestMint();
  other = await startTestMint({ lightningPeers: [ours.url] });
  liar = await startTestMint();
  return [ours, other, liar];
});

const tills: ForeignEcash[] = [];
afterEach(() => {
  for (const foreign of tills.splice(0)) foreign.stop();
});

interface Till {
  storage: TestStorage;
  foreign: ForeignEcash;
  /** what the app uses: our mint's ecash to the receipt core, other mints' here */
  router: EcashRouter;
}

async function till(
  options: {
    storage?: TestStorage;
    checkpoint?: Checkpoint;
    enabled?: boolean;
    maxUnarrivedLooks?: number;
    /** looks again at a kept row by itself (off: only the test's resumeAll looks) */
    followUp?: { firstMs: number; longestMs: number };
  } = {},
): Promise<Till> {
  const { storage, wallets } = await mints.tillStorage(ours.url, options.storage);
  const foreign = new ForeignEcash({
    store: storage.foreignEcash,
    proofs: storage.proofs,
    counters: storage.counterSource,
    wallets,
    merchantMint: () => storage.config.getMintUrl(),
    enabled: async () => options.enabled ?? true,
    getSigningKey: async () => new Uint8Array(32).fill(7),
    events: recordedEvents().events,
    logger: storage.logger,
    clock: () => storage.now.value,
    lock: inProcessQuoteLock(),
    arrivalWaitMs: 300,
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    ...(options.maxUnarrivedLooks ? { maxUnarrivedLooks: options.maxUnarrivedLooks } : {}),
    followUp: options.followUp ?? false,
  });
  tills.push(foreign);
  const acceptedMints = async () => [await storage.config.getMintUrl()];
  const local = ecashReceiverOn(storage, wallets, { acceptedMints });
  return { storage, foreign, router: new EcashRouter({ local, foreign, acceptedMints }) };
}

async function customer(on: TestMint, amount: number): Promise<Proof[]> {
  return fund(await newWallet(on.url), on, amount);
}

/** A till and a customer's token of PAID sats at `on`, offered: both quotes made, nothing stored. */
async function offered(on: TestMint) {
  const { storage, foreign } = await till();
  const proofs = await customer(on, PAID);
  const offer = await foreign.offerToken(token(on.url, proofs));
  return { storage, foreign, proofs, offer };
}

async function ecashEvents(storage: TestStorage) {
  return (await storage.history.page(1, 100)).events.filter((e) => e.type === 'ecash-payment');
}

/** 100 sats at the other mint: its reserve is 1 sat for 99, so 99 arrive (decided by the mint). */
const PAID = 100;
const ARRIVES = 99;

async function landedOnce(storage: TestStorage, amount = ARRIVES): Promise<void> {
  expect(await storage.proofs.balance()).toBe(amount);
  const events = await ecashEvents(storage);
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ amount, mintUrl: ours.url });
  expect(await storage.foreignEcash.list()).toEqual([]);
}

describe('ForeignEcash', () => {
  it('a token of another mint is offered with its fees, then lands once as what arrived', async () => {
    const { storage, foreign } = await till();
    const proofs = await customer(other, PAID);
    const text = token(other.url, proofs);

    const offer = await foreign.offerToken(text);
    expect([offer.arrive, offer.fee]).toEqual([99, 1]);
    expect(await storage.foreignEcash.list()).toEqual([]); // an offer stores nothing

    const result = await foreign.take(offer, { saleAmount: 50 });
    expect(result).toMatchObject({ status: 'received', amount: ARRIVES, tipSats: 49, fee: 1 });
    await landedOnce(storage);
    expect((await ecashEvents(storage))[0]?.sale).toMatchObject({ tipSats: 49, method: 'ecash' });
    for (const p of proofs) expect(other.isSpent(p.secret)).toBe(true);

    // pasted again: the same receipt id, already recorded
    const again = await foreign.offerToken(text);
    expect(await foreign.take(again, { saleAmount: 50 })).toMatchObject({ status: 'duplicate' });
    await landedOnce(storage);
  });

  it('a payload whose arrival is short of the sale is refused saying why; nothing stored', async () => {
    const { storage, foreign } = await till();
    const proofs = await customer(other, PAID);
    await expect(
      foreign.receive({ id: 'req-short', mintUrl: other.url, proofs, unit: 'sat', amount: PAID }),
    ).rejects.toThrow(shortAfterFeesMessage(other.url, ARRIVES, 1, PAID));
    expect(await storage.foreignEcash.list()).toEqual([]);
    expect(await storage.proofs.balance()).toBe(0);
    for (const p of proofs) expect(other.isSpent(p.secret)).toBe(false);
  });

  it('a payload that covers the sale lands once, named by its request id', async () => {
    const { storage, foreign } = await till();
    const proofs = await customer(other, PAID);
    const payment = { id: 'req-ok', mintUrl: other.url, proofs, unit: 'sat', amount: 90 };
    expect(await foreign.receive(payment)).toMatchObject({ status: 'received', amount: ARRIVES });
    await expect(foreign.receive(payment)).resolves.toMatchObject({ status: 'duplicate' });
    await landedOnce(storage);
  });

  it.each([
    'foreign:journaled',
    'foreign:melted',
    'mint:reservation-recorded',
    'mint:signed',
  ] as const)('a tab killed at %s lands once after the next start', async (step) => {
    const frozen = freezeAt(step);
    const first = await till({ checkpoint: frozen.checkpoint });
    const proofs = await customer(other, PAID);
    const offer = await first.foreign.offerToken(token(other.url, proofs));
    void first.foreign.take(offer, { saleAmount: 1 });
    await frozen.reached;

    const second = await till({ storage: first.storage });
    await second.foreign.resumeAll();
    await second.foreign.resumeAll();
    await landedOnce(second.storage);
  });

  it('a lost melt reply keeps the ecash journaled; the next look finds it paid and lands once', async () => {
    const { storage, foreign, offer } = await offered(other);
    other.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'dropResponse', count: 1 });
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(FOREIGN_DOWN_MESSAGE);
    expect(await storage.foreignEcash.list()).toHaveLength(1);
    await foreign.resumeAll();
    await landedOnce(storage);
  });

  it('a dead other mint keeps the proofs journaled until it answers again, then lands once', async () => {
    const { storage, foreign, proofs, offer } = await offered(other);
    other.addFault({ path: '*', action: 'error500' });
    const taken = foreign.take(offer, { saleAmount: 1 });
    await expect(taken).rejects.toThrow(FOREIGN_DOWN_MESSAGE);
    await expect(taken).rejects.toBeInstanceOf(MintUnreachableError);
    await foreign.resumeAll(); // still dead: nothing changes
    const [row] = await storage.foreignEcash.list();
    expect(row?.inputs.map((p) => p.secret).sort()).toEqual(proofs.map((p) => p.secret).sort());
    expect(await storage.proofs.balance()).toBe(0);

    other.clearFaults();
    await foreign.resumeAll();
    await landedOnce(storage);
  });

  it('a melt PAID at the other mint counts nothing until our mint says our invoice is paid', async () => {
    const { storage, foreign, offer } = await offered(liar);
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(NOT_ARRIVED_MESSAGE);
    await foreign.resumeAll();
    expect(await storage.proofs.balance()).toBe(0);
    expect(await ecashEvents(storage)).toEqual([]);
    expect(await storage.foreignEcash.list()).toHaveLength(1);

    // The payment arrives late after all: the next look counts it, once.
    await ours.pay(offer.mintQuote.quote);
    await foreign.resumeAll();
    await landedOnce(storage);
  });

  it('a melt PAID whose payment never arrives is failed after a bounded number of looks, or days, with its reason', async () => {
    const { storage, foreign } = await till({ maxUnarrivedLooks: 2 });
    const proofs = await customer(liar, PAID);
    const offer = await foreign.offerToken(token(liar.url, proofs));
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(NOT_ARRIVED_MESSAGE);
    await foreign.resumeAll();
    expect(await storage.foreignEcash.list()).toMatchObject([
      { state: 'melting', unarrivedLooks: 1 },
    ]);
    storage.now.value += 1_000;
    await foreign.resumeAll();
    expect(await storage.foreignEcash.list()).toMatchObject([
      {
        state: 'failed',
        failure: { reason: NEVER_ARRIVED_MESSAGE, at: storage.now.value },
        inputs: offer.inputs,
      },
    ]);
    // Failed rows are not asked again at each start; nothing was counted.
    await foreign.resumeAll();
    expect(await storage.foreignEcash.list()).toMatchObject([{ unarrivedLooks: 1 }]);
    expect(await storage.proofs.balance()).toBe(0);

    // By age: the first look after three days fails it.
    const second = await foreign.offerToken(token(liar.url, await customer(liar, PAID)));
    await expect(foreign.take(second, { saleAmount: 1 })).rejects.toThrow(NOT_ARRIVED_MESSAGE);
    storage.now.value += FOREIGN_UNARRIVED_MAX_AGE_MS;
    await foreign.resumeAll();
    expect((await storage.foreignEcash.get(second.id))?.state).toBe('failed');
    expect(await ecashEvents(storage)).toEqual([]);
  });

  it('"Try again" on a payment that never arrived re-checks our invoice and lands once', async () => {
    const { storage, foreign } = await till({ maxUnarrivedLooks: 1 });
    const offer = await foreign.offerToken(token(liar.url, await customer(liar, PAID)));
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(NOT_ARRIVED_MESSAGE);
    await foreign.resumeAll();
    expect(await storage.foreignEcash.get(offer.id)).toMatchObject({
      state: 'failed',
      failure: { kind: 'unarrived' },
    });

    // Still not arrived: failed again with its reason, nothing counted.
    await expect(foreign.retry(offer.id)).rejects.toThrow(NEVER_ARRIVED_MESSAGE);
    expect((await storage.foreignEcash.get(offer.id))?.state).toBe('failed');
    expect(await storage.proofs.balance()).toBe(0);

    await ours.pay(offer.mintQuote.quote);
    await expect(foreign.retry(offer.id)).resolves.toMatchObject({ status: 'received' });
    await expect(foreign.retry(offer.id)).resolves.toMatchObject({ status: 'duplicate' });
    await foreign.resumeAll();
    await landedOnce(storage);
  });

  it('a melt left pending and then failed is tried again, never counted twice', async () => {
    const { storage, foreign, offer } = await offered(other);
    other.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'pending', count: 1 });
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(FOREIGN_PENDING_MESSAGE);
    await foreign.resumeAll();
    expect(await storage.proofs.balance()).toBe(0);

    other.settleMelt(offer.meltQuote, 'UNPAID');
    await foreign.resumeAll();
    await landedOnce(storage);
  });

  it('a melt still paying lands by itself when the other mint settles it: no reload, announced once', async () => {
    const { storage, foreign } = await till({ followUp: { firstMs: 50, longestMs: 200 } });
    const landed: EcashLanded[] = [];
    foreign.onLanded((sale) => landed.push(sale));
    const offer = await foreign.offerToken(token(other.url, await customer(other, PAID)));
    other.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'pending', count: 1 });
    const taken = foreign.take(offer, { saleAmount: 50 });
    await expect(taken).rejects.toThrow(FOREIGN_PENDING_MESSAGE);
    await expect(taken).rejects.toMatchObject({ id: offer.id, arrive: ARRIVES });
    await expect(taken).rejects.toBeInstanceOf(ForeignEcashArrivingError);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(landed).toEqual([]);
    expect(await storage.proofs.balance()).toBe(0);

    other.settleMelt(offer.meltQuote, 'PAID');
    await expect.poll(() => landed.length, { timeout: 15_000 }).toBe(1);
    expect(landed[0]).toMatchObject({ status: 'received', id: offer.id, amount: ARRIVES });
    expect(landed[0]?.balance).toBe(ARRIVES);
    await landedOnce(storage);
    // Nothing left to follow or to repair at the next start.
    expect(await foreign.resumeAll()).toEqual([]);
    await landedOnce(storage);
  });

  it('the same token taken again while on its way is looked at again, never "already taken"', async () => {
    const { storage, router } = await till();
    const text = token(other.url, await customer(other, PAID));
    const first = await router.receiveToken(text, { amount: 50 });
    if (first.status !== 'offer') throw new Error('expected an offer');
    other.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'pending', count: 1 });
    await expect(first.accept()).rejects.toBeInstanceOf(ForeignEcashArrivingError);
    const [row] = await storage.foreignEcash.list();

    // Pasted and taken again: the journaled row, no new quotes, still on its way.
    const again = router.receiveToken(text, { amount: 50 });
    await expect(again).rejects.toBeInstanceOf(ForeignEcashArrivingError);
    await expect(again).rejects.toMatchObject({ arrive: ARRIVES });
    expect(await storage.foreignEcash.list()).toEqual([row]);

    other.settleMelt(row!.meltQuote, 'PAID');
    await expect(router.receiveToken(text, { amount: 50 })).resolves.toMatchObject({
      status: 'received',
      amount: ARRIVES,
    });
    await landedOnce(storage);
    // Landed: now it is taken, and says so once accepted again.
    const after = await router.receiveToken(text, { amount: 50 });
    if (after.status !== 'offer') throw new Error('expected an offer');
    await expect(after.accept()).resolves.toMatchObject({ status: 'duplicate' });
    await landedOnce(storage);
  });

  it('start-up repair returns what it landed, so it is announced as a sale', async () => {
    const { storage, foreign, offer } = await offered(other);
    other.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'pending', count: 1 });
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(FOREIGN_PENDING_MESSAGE);
    other.settleMelt(offer.meltQuote, 'PAID');
    const landed = await foreign.resumeAll();
    expect(landed).toMatchObject([{ status: 'received', id: offer.id, amount: ARRIVES }]);
    await landedOnce(storage);
  });

  it('ecash the customer spent first is refused as spent; nothing stored', async () => {
    const { storage, foreign, proofs, offer } = await offered(other);
    await (await newWallet(other.url)).receive(token(other.url, proofs));
    await expect(foreign.take(offer, { saleAmount: 1 })).rejects.toThrow(ECASH_SPENT_MESSAGE);
    expect(await storage.foreignEcash.list()).toEqual([]);
    expect(await storage.proofs.balance()).toBe(0);
  });

  it('a melt quote whose amount does not add up is refused before anything is stored', async () => {
    const { storage, foreign } = await till();
    const proofs = await customer(other, PAID);
    other.addFault({
      path: '/v1/melt/quote/bolt11',
      action: 'malform',
      malform: 'wrongAmount',
      count: 1,
    });
    await expect(foreign.offerToken(token(other.url, proofs))).rejects.toThrow(
      "The other mint's quote does not add up: 99 sats for an invoice of 100",
    );
    expect(await storage.foreignEcash.list()).toEqual([]);
    for (const p of proofs) expect(other.isSpent(p.secret)).toBe(false);
  });

  it('takes only other mints, only with the setting on', async () => {
    const on = await till();
    expect(await on.foreign.takes(other.url, [ours.url])).toBe(true);
    expect(await on.foreign.takes(`${ours.url}/`, [ours.url])).toBe(false);
    const off = await till({ enabled: false });
    expect(await off.foreign.takes(other.url, [ours.url])).toBe(false);
  });

  describe('the router the inbox and the keypad use', () => {
    it('with the setting off, another mint’s payload is refused with the mint named, nothing stored', async () => {
      const { storage, router } = await till({ enabled: false });
      const proofs = await customer(other, 20);
      await expect(
        router.receive({ id: 'req-off', mintUrl: other.url, proofs, unit: 'sat', amount: 10 }),
      ).rejects.toThrow(notAcceptedMessage(other.url));
      await expect(router.receiveToken(token(other.url, proofs), { amount: 10 })).rejects.toThrow(
        notAcceptedMessage(other.url),
      );
      expect(await storage.foreignEcash.list()).toEqual([]);
      expect(await storage.proofs.balance()).toBe(0);
    });

    it('with it on, our mint’s ecash is swapped as before and another mint’s is melted; each lands once', async () => {
      const { storage, router } = await till();
      const mine = await customer(ours, 10);
      expect(
        await router.receive({ id: 'req-ours', mintUrl: ours.url, proofs: mine, amount: 10 }),
      ).toMatchObject({ status: 'received', amount: 10, fee: 0 });
      const theirs = await customer(other, PAID);
      expect(
        await router.receive({ id: 'req-theirs', mintUrl: other.url, proofs: theirs, amount: 90 }),
      ).toMatchObject({ status: 'received', amount: ARRIVES, tipSats: ARRIVES - 90 });
      expect(await storage.proofs.balance()).toBe(10 + ARRIVES);
      expect(await ecashEvents(storage)).toHaveLength(2);
    });

    it('a pasted token of another mint comes back as an offer; short of the typed amount it is refused', async () => {
      const { storage, router } = await till();
      const proofs = await customer(other, PAID);
      const text = token(other.url, proofs);
      await expect(router.receiveToken(text, { amount: PAID })).rejects.toThrow(
        shortAfterFeesMessage(other.url, ARRIVES, 1, PAID),
      );
      const offer = await router.receiveToken(text, { amount: 60 });
      expect(offer).toMatchObject({ status: 'offer', arrive: ARRIVES, fee: 1 });
      expect(await storage.proofs.balance()).toBe(0);
      if (offer.status !== 'offer') throw new Error('expected an offer');
      expect(await offer.accept()).toMatchObject({ status: 'received', amount: ARRIVES });
      await landedOnce(storage);
    });
  });
});
