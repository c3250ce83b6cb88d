// The money flows against the real dev mint in the current NUT error table, where a renumbered
// refusal decides what the app does: a second install of one phrase meets "outputs already signed"
// as 11003 (10002 in the older table) when it mints a payment, swaps a customer's ecash, swaps to
// consolidate a withdrawal or to cancel a token, and melts with change outputs. Each must move its
// counters past the used ones and land once (docs/protocol.md "How a failure is read").
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { Wallet, type Proof } from '@cashu/cashu-ts';
import { fund, newWallet, outsideInvoice } from '../../dev/mint/test-support';
import { NutCode, refusalCode } from '../core/wallet/mint-errors';
import { toNewProof } from '../core/wallet/proof-convert';
import { WithdrawService } from '../core/wallet/withdraw/withdraw-service';
import { isWithdrawError, type WithdrawResult } from '../core/wallet/withdraw/withdraw-plan';
import { toCashuProof } from '../core/wallet/withdraw/withdraw-token';
import { CashOutService } from '../core/wallet/cash-out/cash-out-service';
import { inProcessQuoteLock } from '../core/cross-tab-lock';
import { WalletEvents } from '../core/events';
import { testStorage, type TestStorage } from '../testing/storage/db';
import { walletDeps } from '../testing/storage/wallet-deps';
import { devMintSuite } from '../testing/wallet/dev-mint-suite';
import { ecashReceiverOn } from '../testing/wallet/ecash-receiver';
import { paymentHarness } from '../testing/wallet/payment-harness';
import { recordedEvents } from '../testing/wallet/recorded-events';
import { newPhrase, seedWallet, walletsOf, type Phrase } from '../testing/wallet/seeded-wallet';

/** Skipping past used counters takes NUT-09 batches: room for a loaded machine. */
const WAIT = { timeout: 60_000, interval: 25 };
const HOUR = 3_600_000;
/** Mint replies the dev mint logged, as `METHOD PATH STATUS`. */
const replies: string[] = [];
const dev = devMintSuite({
  nutErrorCodes: 'current',
  log: (line) => void replies.push(line),
});
// Each test first mints with the phrase's earlier install, then skips past it: room under load.
vi.setConfig({ testTimeout: 120_000 });

/** Whether the mint refused `path` with a 400 since `from` (an index into `replies`). */
const refusedSince = (from: number, path: string) =>
  replies.slice(from).some((line) => line.startsWith(`POST ${path} 400`));

/** The phrase's first install: uses counters from 0 by minting `amount` through the app. */
async function earlierInstall(phrase: Phrase, amount: number): Promise<void> {
  const h = paymentHarness({ mintUrl: dev.mint.url, seed: phrase.seed });
  try {
    const quote = await h.service.createInvoice({ amount });
    await dev.mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
  } finally {
    await h.shutdown();
  }
}

/** A new device restored from `phrase`: its counters start at 0 again. */
async function restoredDevice(phrase: Phrase) {
  const storage = testStorage();
  await seedWallet(storage, dev.mint.url, { phrase });
  const wallets = dev.track(walletsOf(storage));
  return { storage, wallets };
}

async function allUnspent(proofs: Array<{ id: string; secret: string }>): Promise<boolean> {
  const wallet = new Wallet(dev.mint.url, { unit: 'sat' });
  await wallet.loadMint();
  const states = await wallet.checkProofsStates(proofs);
  return states.every((s) => s.state === 'UNSPENT');
}

/** Real proofs of 1 sat each from a customer's wallet, stored as the device's payments. */
async function storePayments(storage: TestStorage, amounts: number[]): Promise<void> {
  const payer = await newWallet(dev.mint.url);
  for (const amount of amounts) {
    const quote = await payer.createMintQuoteBolt11(amount);
    await dev.mint.pay(quote.quote);
    const denominations = Array<number>(amount).fill(1);
    const proofs = await payer.mintProofsBolt11(amount, quote.quote, undefined, {
      type: 'random',
      denominations,
    });
    await storage.proofs.add(proofs.map(toNewProof), dev.mint.url);
  }
}

/** A device restored after an earlier install minted 100 sats, holding `amounts` as payments. */
async function restoredHolding(amounts: number[]) {
  const phrase = newPhrase();
  await earlierInstall(phrase, 100);
  const device = await restoredDevice(phrase);
  await storePayments(device.storage, amounts);
  return device;
}

function withdrawService(storage: TestStorage, wallets: ReturnType<typeof walletsOf>) {
  const service = new WithdrawService({
    ...walletDeps(storage, {
      wallets,
      events: recordedEvents().events,
      logger: storage.logger,
      clock: () => storage.now.value,
    }),
    withdrawals: storage.withdrawals,
    intervals: { pollMs: HOUR, safetyPollMs: HOUR, resubscribeMs: HOUR, batchMs: 100 },
  });
  dev.track({ close: () => service.stop() });
  return service;
}

function ok(result: WithdrawResult): Exclude<WithdrawResult, { code: string }> {
  if (isWithdrawError(result)) throw new Error(`withdraw failed: ${result.error}`);
  return result;
}

describe('the current NUT error table: outputs already signed is 11003', () => {
  it('the mint answers 11003, which the money path reads as outputs already signed', async () => {
    const phrase = newPhrase();
    await earlierInstall(phrase, 8);
    const again = await newWallet(dev.mint.url, phrase.seed);
    const quote = await again.createMintQuoteBolt11(8);
    await dev.mint.pay(quote.quote);
    const error = await again
      .mintProofsBolt11(8, quote.quote, undefined, { type: 'deterministic', counter: 0 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 11003 });
    expect(refusalCode(error)).toBe(NutCode.outputsAlreadySigned);
  });

  it('a payment: minted once past the used counters', async () => {
    const phrase = newPhrase();
    await earlierInstall(phrase, 100);
    const from = replies.length;
    const h = paymentHarness({ mintUrl: dev.mint.url, seed: phrase.seed });
    try {
      const quote = await h.service.createInvoice({ amount: 50 });
      await dev.mint.pay(quote.quote);
      await expect.poll(() => h.settled.length, WAIT).toBe(1);
      await h.service.idle();
      expect(refusedSince(from, '/v1/mint/bolt11')).toBe(true);
      expect(h.failed).toEqual([]);
      expect(h.balance()).toBe(50);
      expect(h.db.history).toHaveLength(1);
      expect(await allUnspent([...h.db.proofs.values()])).toBe(true);
    } finally {
      await h.shutdown();
    }
  });

  it('a customer’s ecash: swapped once past the used counters', async () => {
    const phrase = newPhrase();
    await earlierInstall(phrase, 100);
    const { storage, wallets } = await restoredDevice(phrase);
    const receiver = ecashReceiverOn(storage, wallets, { seedSealed: async () => false });
    const customer = await newWallet(dev.mint.url);
    const proofs: Proof[] = await fund(customer, dev.mint, 17);
    const from = replies.length;

    const outcome = await receiver.receive({
      id: 'req-current',
      mintUrl: dev.mint.url,
      proofs,
      unit: 'sat',
      amount: 17,
    });

    expect(outcome).toMatchObject({ status: 'received' });
    expect(refusedSince(from, '/v1/swap')).toBe(true);
    expect(await storage.proofs.balance()).toBe(17);
    const events = (await storage.history.page(1, 100)).events;
    expect(events.filter((e) => e.type === 'ecash-payment')).toHaveLength(1);
    expect(await allUnspent(await storage.proofs.listUnspent())).toBe(true);
  });

  it('a withdrawal consolidation: swapped once past the used counters, the token real', async () => {
    const { storage, wallets } = await restoredHolding([7, 13]);
    const service = withdrawService(storage, wallets);
    const from = replies.length;

    const result = ok(await service.createToken({ consolidate: true }));

    expect(refusedSince(from, '/v1/swap')).toBe(true);
    expect(result.amount).toBe(20);
    expect(await storage.proofs.balance()).toBe(20);
    const received = await (await newWallet(dev.mint.url)).receive(result.token);
    expect(received.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(20);
  });

  it('cancelling a token: swapped back once past the used counters', async () => {
    const { storage, wallets } = await restoredHolding([8, 13]);
    const service = withdrawService(storage, wallets);
    const token = ok(await service.createToken({ consolidate: false }));
    const from = replies.length;

    expect(await service.cancelToken(token.id)).toEqual({
      status: 'cancelled',
      amount: 21,
      fee: 0,
    });

    expect(refusedSince(from, '/v1/swap')).toBe(true);
    expect(await storage.proofs.balance()).toBe(21);
    expect(await service.availability()).toMatchObject({ available: 21, pending: 0 });
    const stored = await storage.proofs.listUnspent();
    expect(await allUnspent(stored.map(toCashuProof))).toBe(true);
    const events = (await storage.history.page(1, 100)).events;
    expect(events.filter((e) => e.type === 'token-cancelled')).toHaveLength(1);
  });

  it('a cash-out: its change outputs past the used counters, paid once', async () => {
    const { storage, wallets } = await restoredHolding([64]);
    const cashOut = new CashOutService({
      ...walletDeps(storage, { wallets, events: new WalletEvents(), logger: storage.logger }),
      withdrawals: storage.withdrawals,
      melts: storage.melts,
      intervals: { checkMs: 50, checkMaxMs: 200 },
      lock: inProcessQuoteLock(),
      feeLimit: { get: async () => (await storage.autoCashOut.get()).feeLimit },
    });
    dev.track({ close: () => cashOut.stop() });
    const plan = await cashOut.prepare(outsideInvoice(20));
    const from = replies.length;

    const outcome = await cashOut.pay(plan);

    expect(outcome).toMatchObject({ status: 'paid' });
    expect(dev.mint.meltQuote(plan.quote)?.state).toBe('PAID');
    // The first melt was refused (the mint did nothing); the second, past the used counters, paid.
    expect(refusedSince(from, '/v1/melt/bolt11')).toBe(true);
    expect(await storage.proofs.balance()).toBe(64 - 20 - 1);
    expect(await storage.melts.list()).toEqual([]);
    const events = (await storage.history.page(1, 100)).events;
    expect(events.filter((e) => e.type === 'cash-out')).toHaveLength(1);
    expect(await allUnspent(await storage.proofs.listUnspent())).toBe(true);
  });
});
