// Outputs derived while an invoice is on screen (PreparedOutputs, shared with the ecash receiver):
// minted when their counters are the ones reserved at pay time, never when another payment took
// those counters in between, and never needed after a reload (docs/performance.md "Taps").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckStateEnum, OutputData, Wallet } from '@cashu/cashu-ts';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { PreparedOutputs } from '../ecash/prepared-outputs';
import { outputCountFor } from '../mint/deterministic-mint';
import { paymentHarness, type PaymentHarness } from '../../../testing/wallet/payment-harness';
import type { HarnessOptions } from '../../../testing/wallet/payment-harness';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';

const suite = devMintSuite();
const WAIT = { timeout: 15_000, interval: 20 };
const harnesses: PaymentHarness[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(harnesses.splice(0).map((h) => h.shutdown()));
});

function harness(options: Partial<HarnessOptions> = {}): PaymentHarness {
  const h = paymentHarness({ mintUrl: suite.mint.url, ...options });
  harnesses.push(h);
  return h;
}

/**
 * What EcashReceiver.prepare does when a sale's request is offered: the outputs of the counters
 * the payment will likely reserve next, derived without reserving any.
 */
async function prepareNext(h: PaymentHarness, prepared: PreparedOutputs, amount: number) {
  const { wallet, seed } = await h.wallets.getSeededWallet(suite.mint.url);
  const { keysetId, count } = outputCountFor(wallet, amount);
  const next = (await h.counters.snapshot())[keysetId] ?? 0;
  prepared.prepare(seed, wallet.getKeyset(), next, count);
  return { keysetId, next, count };
}

/** A first payment, so the keyset has a counter row to prepare from (as after any sale). */
async function paidOnce(h: PaymentHarness, amount: number) {
  const quote = await h.service.createInvoice({ amount });
  await suite.mint.pay(quote.quote);
  await expect.poll(() => h.settled.length, WAIT).toBeGreaterThan(0);
  await h.service.idle();
}

/** A till on a new phrase with its own prepared outputs, after a first sale of `first` sats. */
async function tillAfterASale(first: number) {
  const seed = mnemonicToSeedSync(generateMnemonic(wordlist));
  const prepared = new PreparedOutputs();
  const h = harness({ seed, prepared });
  await paidOnce(h, first);
  return { seed, prepared, h };
}

/** Every stored proof unspent at the mint, and no secret stored twice. */
async function soundProofs(h: PaymentHarness, seed: Uint8Array) {
  const proofs = [...h.db.proofs.values()];
  const wallet = new Wallet(suite.mint.url, { unit: 'sat', bip39seed: seed });
  await wallet.loadMint();
  const states = await wallet.checkProofsStates(
    proofs.map((p) => ({ secret: p.secret, id: p.id })),
  );
  return {
    unspent: states.every((s) => s.state === CheckStateEnum.UNSPENT),
    distinct: new Set(proofs.map((p) => p.secret)).size === proofs.length,
  };
}

describe('outputs prepared while the invoice is on screen', () => {
  it('are the ones minted when their counters are reserved: nothing derived at pay time', async () => {
    const { seed, prepared, h } = await tillAfterASale(3);
    const quote = await h.service.createInvoice({ amount: 77 }); // 64 + 8 + 4 + 1
    const { keysetId, next, count } = await prepareNext(h, prepared, 77);
    const derive = vi.spyOn(OutputData, 'createDeterministicData');
    await suite.mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(2);

    expect(derive).not.toHaveBeenCalled();
    expect(h.counters.reservations.at(-1)).toEqual({ keysetId, start: next, count });
    expect(h.balance()).toBe(80);
    expect(await soundProofs(h, seed)).toEqual({ unspent: true, distinct: true });
    // The phrase finds them at those counters (NUT-09), as any minted without preparing.
    const restorer = new Wallet(suite.mint.url, { unit: 'sat', bip39seed: seed });
    await restorer.loadMint();
    const { proofs } = await restorer.restore(next, count, { keysetId });
    expect(proofs.map((p) => Number(p.amount)).sort((a, b) => a - b)).toEqual([1, 4, 8, 64]);
  });

  it('another tab minting in between takes those counters: ours derive afresh, none reused', async () => {
    const { seed, prepared, h: tabA } = await tillAfterASale(2);
    const ours = await tabA.service.createInvoice({ amount: 21 });
    const { next, count } = await prepareNext(tabA, prepared, 21);
    // Another tab of this browser (the same database) sells and is paid first.
    const tabB = harness({ seed, db: tabA.db });
    const theirs = await tabB.service.createInvoice({ amount: 13 });
    await suite.mint.pay(theirs.quote);
    await expect.poll(() => tabB.settled.length, WAIT).toBe(1);
    const taken = tabB.counters.reservations.at(-1)!;
    expect(taken.start).toBe(next); // the counters ours were prepared for

    const derive = vi.spyOn(OutputData, 'createDeterministicData');
    await suite.mint.pay(ours.quote);
    await expect.poll(() => tabA.settled.length, WAIT).toBe(2);

    const mine = tabA.counters.reservations.at(-1)!;
    expect(mine.start).toBeGreaterThanOrEqual(taken.start + taken.count);
    expect(derive).toHaveBeenCalledWith(
      expect.anything(),
      seed,
      mine.start,
      expect.anything(),
      expect.anything(),
    );
    expect(count).toBeGreaterThan(0);
    expect(tabA.balance()).toBe(2 + 13 + 21);
    // The mint never saw an output twice: no "already signed" refusal, no skip ahead.
    expect(tabA.logs.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
    expect(await soundProofs(tabA, seed)).toEqual({ unspent: true, distinct: true });
  });

  it('a reload between preparing and paying loses only the work: the same counters, derived again', async () => {
    const { seed, h: first } = await tillAfterASale(5);
    const quote = await first.service.createInvoice({ amount: 40 });
    const { keysetId, next, count } = await prepareNext(first, new PreparedOutputs(), 40);
    await first.shutdown(); // the page reloads while the invoice is on screen
    await suite.mint.pay(quote.quote);

    const derive = vi.spyOn(OutputData, 'createDeterministicData');
    const next_ = harness({ seed, db: first.db, prepared: new PreparedOutputs() });
    await next_.service.resumeAll();
    await expect.poll(() => next_.settled.length, WAIT).toBe(1);

    expect(next_.counters.reservations.at(-1)).toEqual({ keysetId, start: next, count });
    expect(derive).toHaveBeenCalled();
    expect(next_.balance()).toBe(45);
    expect(next_.db.history).toHaveLength(2);
    expect(await soundProofs(next_, seed)).toEqual({ unspent: true, distinct: true });
  });

  it('two invoices prepared for the same counters, both paid: each counter minted once', async () => {
    const { seed, prepared, h } = await tillAfterASale(1);
    const a = await h.service.createInvoice({ amount: 11 });
    await prepareNext(h, prepared, 11);
    const b = await h.service.createInvoice({ amount: 11 });
    await prepareNext(h, prepared, 11); // the same next counters: nothing reserved yet
    await Promise.all([suite.mint.pay(a.quote), suite.mint.pay(b.quote)]);
    await expect.poll(() => h.settled.length, WAIT).toBe(3);

    const [x, y] = h.counters.reservations.slice(-2).sort((p, q) => p.start - q.start);
    expect(x!.start + x!.count).toBeLessThanOrEqual(y!.start);
    expect(h.balance()).toBe(23);
    expect(h.logs.filter((l) => l.level === 'warn' || l.level === 'error')).toEqual([]);
    expect(await soundProofs(h, seed)).toEqual({ unspent: true, distinct: true });
  });
});
