// Every multi-step money write stopped between two of its steps, as a closed tab stops it, then the
// app started afresh on the same IndexedDB (fake-indexeddb) against the real dev mint: the money
// ends stored exactly once. See docs/architecture.md, "Money under interruption".
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CheckStateEnum, Wallet } from '@cashu/cashu-ts';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { newCashOutDevice } from '../../testing/storage/cash-out-tab';
import { testStorage, type TestStorage } from '../../testing/storage/db';
import { walletDeps } from '../../testing/storage/wallet-deps';
import { storedMoney } from '../../testing/storage/stored-money';
import type { Checkpoint, WriteStep } from '../checkpoint';
import { WalletEvents } from '../events';
import type { MintQuoteStore, PendingMintQuote } from './mint/ports';
import type { StoredProof } from './proof-ports';
import { lockedRemoteQuote } from '../../testing/wallet/remote-quote';
import { lockPubkeyForNostrKey } from './mint/nut20-key';
import { PaymentService, type PaymentSettled } from './receive/payment-service';
import { toNewProof } from './proof-convert';
import { devMintSuite } from '../../testing/wallet/dev-mint-suite';
import { freezeAt } from '../../testing/wallet/freeze-at';
import { TEST_INTERVALS } from '../../testing/wallet/payment-harness';
import { WalletProvider } from './wallet-provider';
import { WithdrawService } from './withdraw/withdraw-service';
import { isWithdrawError } from './withdraw/withdraw-plan';

const WAIT = { timeout: 20_000, interval: 25 };
const dev = devMintSuite({ fresh: true });

interface App {
  storage: TestStorage;
  payments: PaymentService;
  withdraw: WithdrawService;
  settled: PaymentSettled[];
  /** The tab is gone: timers stop and the database connection closes; frozen work never resumes. */
  kill(): void;
}

interface Device {
  dbName: string;
  nostrKey: Uint8Array;
}

async function newDevice(): Promise<Device> {
  const nostrKey = generateSecretKey();
  return { dbName: await newCashOutDevice(dev.mint.url, nostrKey), nostrKey };
}

/**
 * The quote store without its one-transaction reserve: counters reserved, then recorded, as for a
 * store that keeps no counters (foreign ecash's quotes).
 */
function inTwoSteps(quotes: MintQuoteStore): MintQuoteStore {
  return {
    put: (quote) => quotes.put(quote),
    get: (id) => quotes.get(id),
    list: () => quotes.list(),
    update: (id, changes) => quotes.update(id, changes),
    remove: (id) => quotes.remove(id),
  };
}

/** The app as one tab runs it, on the device's database. */
function start(device: Device, checkpoint?: Checkpoint, twoSteps = false): App {
  const storage = testStorage(device.dbName);
  storage.now.value = Date.now();
  const wallets = new WalletProvider({ keys: storage.keys, counters: storage.counterSource });
  const events = new WalletEvents();
  const common = walletDeps(storage, { wallets, events, logger: storage.logger, checkpoint });
  const payments = new PaymentService({
    ...common,
    keys: storage.keys,
    quotes: twoSteps ? inTwoSteps(storage.mintQuotes) : storage.mintQuotes,
    getSigningKey: async () => device.nostrKey,
    intervals: TEST_INTERVALS,
  });
  const withdraw = new WithdrawService({
    ...common,
    withdrawals: storage.withdrawals,
    intervals: { pollMs: 60, safetyPollMs: 200, resubscribeMs: 100, batchMs: 100 },
  });
  const settled: PaymentSettled[] = [];
  payments.onSettled((p) => settled.push(p));
  const app: App = {
    storage,
    payments,
    withdraw,
    settled,
    kill() {
      payments.stop();
      withdraw.stop();
      wallets.close();
      storage.close();
    },
  };
  return dev.track(app);
}

/** What the device stored: balance, history and what is still pending. */
const stored = (app: App) => storedMoney(app.storage);

/** Exactly one payment of `amount` for `quoteId`, and nothing else, stored and settled at the dev.mint. */
async function expectPaidOnce(
  app: App,
  payment: { type: 'direct-payment' | 'remote-payment'; amount: number; quoteId: string },
): Promise<void> {
  await expect.poll(() => app.settled.length, WAIT).toBe(1);
  expect(await stored(app)).toEqual({
    balance: payment.amount,
    history: [payment],
    pendingQuotes: 0,
    withdrawals: 0,
  });
  expect(dev.mint.mintQuote(payment.quoteId)?.state).toBe('ISSUED');
}

async function unspentAtMint(proofs: StoredProof[]): Promise<boolean> {
  const wallet = new Wallet(dev.mint.url, { unit: 'sat' });
  await wallet.loadMint();
  const states = await wallet.checkProofsStates(proofs);
  return states.every((s) => s.state === CheckStateEnum.UNSPENT);
}

/** A cashier's NUT-20 quote locked to the merchant's nostr key, as the remote page creates it. */
function lockedQuote(device: Device, amount: number): Promise<PendingMintQuote> {
  return lockedRemoteQuote(
    dev.mint.url,
    amount,
    lockPubkeyForNostrKey(getPublicKey(device.nostrKey)),
  );
}

describe('a direct payment interrupted', () => {
  // The till's store reserves and records in one transaction (no step between them); a store
  // without it takes two, and a stop between them must be as safe.
  const steps: Array<[WriteStep, 'one transaction' | 'two steps']> = [
    ['mint:reservation-recorded', 'one transaction'],
    ['mint:signed', 'one transaction'],
    ['mint:counters-reserved', 'two steps'],
    ['mint:reservation-recorded', 'two steps'],
    ['mint:signed', 'two steps'],
  ];

  it.each(steps)('at %s (%s) lands once after the next start', async (step, how) => {
    const device = await newDevice();
    const frozen = freezeAt(step);
    const first = start(device, frozen.checkpoint, how === 'two steps');
    const quote = await first.payments.createInvoice({ amount: 21 });
    await dev.mint.pay(quote.quote);
    await frozen.reached;
    first.kill();
    if (step === 'mint:signed') expect(dev.mint.mintQuote(quote.quote)?.state).toBe('ISSUED');

    const second = start(device);
    await second.payments.resumeAll();
    await expectPaidOnce(second, { type: 'direct-payment', amount: 21, quoteId: quote.quote });
    expect(await unspentAtMint(await second.storage.proofs.listUnspent())).toBe(true);
  });
});

describe('a remote quote interrupted', () => {
  it('right after its claim: the pending row was written with it and the next start mints it', async () => {
    const device = await newDevice();
    const quote = await lockedQuote(device, 34);
    const frozen = freezeAt('remote:claimed');
    const first = start(device, frozen.checkpoint);
    const taking = first.payments.takeOverRemote(quote);
    await frozen.reached;
    first.kill();
    void taking;
    await dev.mint.pay(quote.quote);

    const second = start(device);
    // A redelivery of the same message finds it claimed and takes nothing twice.
    expect(await second.payments.takeOverRemote(quote)).toBe(false);
    await second.payments.resumeAll();
    await expectPaidOnce(second, { type: 'remote-payment', amount: 34, quoteId: quote.quote });
  });

  it('two tabs taking the same quote over at once: one claim, one pending row', async () => {
    const device = await newDevice();
    const quote = await lockedQuote(device, 8);
    const [a, b] = [start(device), start(device)];
    const taken = await Promise.all([
      a!.payments.takeOverRemote(quote),
      b!.payments.takeOverRemote(quote),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await a!.storage.processedQuotes.list()).toHaveLength(1);
    expect(await a!.storage.mintQuotes.list()).toHaveLength(1);
    expect(await a!.storage.ledger.unsettledClaims()).toEqual([]);
  });
});

describe('start-up reconciliation of claims nothing tracks', () => {
  /** What the versions before the one-transaction claim left when the tab closed in between. */
  async function strandedClaim(app: App, quote: PendingMintQuote): Promise<void> {
    expect(await app.storage.processedQuotes.claim(quote.quote, quote.amount)).toBe(true);
  }

  it('mints a paid claim with no pending row, with the amount the mint reports', async () => {
    const device = await newDevice();
    const quote = await lockedQuote(device, 55);
    const app = start(device);
    // The message claimed more than the quote is for: the mint's figure counts.
    await strandedClaim(app, { ...quote, amount: 500 });
    await dev.mint.pay(quote.quote);

    await app.payments.resumeAll();
    await expectPaidOnce(app, { type: 'remote-payment', amount: 55, quoteId: quote.quote });

    // Settled: a later start finds nothing to reconcile and mints nothing again.
    expect(await app.storage.ledger.unsettledClaims()).toEqual([]);
    await app.payments.resumeAll();
    expect(await app.storage.proofs.balance()).toBe(55);
  });

  it('tracks an unpaid claim again, so a payment after the start still lands', async () => {
    const device = await newDevice();
    const quote = await lockedQuote(device, 13);
    const app = start(device);
    await strandedClaim(app, quote);

    await app.payments.resumeAll();
    expect(await app.storage.mintQuotes.get(quote.quote)).toMatchObject({
      kind: 'remote',
      amount: 13,
      pubkey: quote.pubkey,
    });
    await dev.mint.pay(quote.quote);
    await expect.poll(() => app.settled.length, WAIT).toBe(1);
    expect(await app.storage.proofs.balance()).toBe(13);
  });

  it('closes a claim the mint does not know, storing nothing and never asking again', async () => {
    const device = await newDevice();
    const app = start(device);
    await app.storage.processedQuotes.claim('no-such-quote', 99);

    await app.payments.resumeAll();
    expect(await app.storage.processedQuotes.list()).toEqual([
      expect.objectContaining({ quoteId: 'no-such-quote', outcome: 'unknown-at-mint' }),
    ]);
    expect(await stored(app)).toEqual({
      balance: 0,
      history: [],
      pendingQuotes: 0,
      withdrawals: 0,
    });
    expect(await app.storage.ledger.unsettledClaims()).toEqual([]);
  });

  it('leaves a claim for the next start while its mint is unreachable', async () => {
    const device = await newDevice();
    const app = start(device);
    await app.storage.config.setMintUrl('http://127.0.0.1:9');
    await app.storage.processedQuotes.claim('quote-on-a-dead-mint', 5);

    await app.payments.resumeAll();
    expect(await app.storage.ledger.unsettledClaims()).toEqual([
      expect.objectContaining({ quoteId: 'quote-on-a-dead-mint' }),
    ]);
  });
});

describe('a withdrawal interrupted', () => {
  /** Stores `count` one-sat proofs, so the withdrawal consolidates them in a swap first. */
  async function onesStored(app: App, count: number): Promise<void> {
    const payer = new Wallet(dev.mint.url, { unit: 'sat' });
    await payer.loadMint();
    const quote = await payer.createMintQuoteBolt11(count);
    await dev.mint.pay(quote.quote);
    const proofs = await payer.mintProofsBolt11(count, quote.quote, undefined, {
      type: 'random',
      denominations: Array<number>(count).fill(1),
    });
    await app.storage.proofs.add(proofs.map(toNewProof), dev.mint.url);
  }

  const steps: WriteStep[] = [
    'swap:counters-reserved',
    'swap:journaled',
    'swap:signed',
    'withdraw:token-built',
  ];

  it.each(steps)('at %s keeps every sat after the next start', async (step) => {
    const device = await newDevice();
    const frozen = freezeAt(step);
    const first = start(device, frozen.checkpoint);
    await onesStored(first, 12);
    const withdrawing = first.withdraw.createToken({ consolidate: true });
    await frozen.reached;
    first.kill();
    void withdrawing;

    const second = start(device);
    await second.withdraw.resumeAll();
    const after = await stored(second);
    // The dev mint charges no fee: swapped or not, all 12 sats are stored, and no token exists.
    expect(after).toEqual({ balance: 12, history: [], pendingQuotes: 0, withdrawals: 0 });
    const proofs = await second.storage.proofs.listUnspent();
    expect(await unspentAtMint(proofs)).toBe(true);
    if (step === 'swap:signed') expect(proofs.length).toBeLessThan(12);

    // And the next withdrawal takes all of it.
    const result = await second.withdraw.createToken();
    expect(isWithdrawError(result) ? result.error : result.amount).toBe(12);
  });
});
