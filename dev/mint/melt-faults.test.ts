// Melts that do not end cleanly: PENDING then PAID or UNPAID, a lost reply, a pending melt across restarts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '@cashu/cashu-ts';
import type { Proof, Wallet } from '@cashu/cashu-ts';
import { proofY } from './signing.ts';
import {
  call,
  cleanupTempDirs,
  fund,
  newSeed,
  newWallet,
  outsideInvoice,
  proofsWire,
  randomOutputs,
  startTestMint,
  tempDir,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;
const seed = newSeed();
let wallet: Wallet;
/** Funds the melts from other counters than the seeded wallet's, so restore finds only change. */
let funder: Wallet;
let counter = 0;

beforeAll(async () => {
  mint = await startTestMint();
  wallet = await newWallet(mint.url, seed);
  funder = await newWallet(mint.url);
});

beforeEach(() => mint.clearFaults());

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

async function states(proofs: Proof[]) {
  const reply = await call(mint.url, 'POST', '/v1/checkstate', {
    Ys: proofs.map((p) => proofY(p.secret)),
  });
  return (reply.body.states as { state: string }[]).map((s) => s.state);
}

/** Melts 100 sat out of 200 with deterministic blanks; the fault decides how it ends. */
async function meltWithFault(action: 'pending' | 'dropResponse') {
  const proofs = await fund(funder, mint, 200);
  const quote = await wallet.createMeltQuoteBolt11(outsideInvoice(100));
  await call(mint.url, 'POST', '/dev/faults', { path: '/v1/melt/bolt11', action, count: 1 });
  const start = counter;
  counter += 20;
  const outcome = await wallet
    .meltProofsBolt11(quote, proofs, undefined, { type: 'deterministic', counter: start })
    .catch((error: unknown) => error);
  return { proofs, quote, outcome, start };
}

describe('a melt held PENDING by the pending fault', () => {
  it('answers PENDING and holds the inputs, then PAID on /dev/melt/{quote}/settle', async () => {
    const { proofs, quote, outcome, start } = await meltWithFault('pending');
    expect(outcome).toMatchObject({ quote: { state: 'PENDING' }, change: [] });
    expect(await states(proofs)).toEqual(proofs.map(() => 'PENDING'));
    expect(
      (await call(mint.url, 'GET', `/v1/melt/quote/bolt11/${quote.quote}`)).body,
    ).toMatchObject({ state: 'PENDING', payment_preimage: null });

    // Neither the quote nor the held proofs can be used meanwhile.
    const twice = await call(mint.url, 'POST', '/v1/melt/bolt11', {
      quote: quote.quote,
      inputs: proofsWire(proofs),
      outputs: [],
    });
    expect(twice).toMatchObject({ status: 400, body: { code: 20005 } });
    const swap = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(wallet, 200).wire,
    });
    expect(swap).toMatchObject({
      status: 400,
      body: { code: 11000, detail: 'proofs are pending' },
    });
    const requote = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', {
      request: quote.request,
    });
    expect(requote).toMatchObject({ status: 400, body: { code: 20005 } });

    const settled = await call(mint.url, 'POST', `/dev/melt/${quote.quote}/settle`, {
      state: 'PAID',
    });
    expect(settled.body).toMatchObject({ state: 'PAID' });
    expect(settled.body.payment_preimage).toMatch(/^[0-9a-f]{64}$/);
    expect(await states(proofs)).toEqual(proofs.map(() => 'SPENT'));
    const view = await wallet.checkMeltQuoteBolt11(quote.quote);
    expect(view.state).toBe('PAID');
    expect((view.change ?? []).reduce((sum, c) => sum + Number(c.amount), 0)).toBe(99);
    expect((await call(mint.url, 'GET', `/dev/melt/${quote.quote}`)).body).toMatchObject({
      fee_paid: 1,
    });

    // The change was signed onto the blanks sent with the melt: restore finds it.
    const { proofs: restored } = await wallet.batchRestore(20, 20, start);
    expect(total(restored)).toBe(99);
  });

  it('releases the inputs when settled UNPAID, and the quote can be paid again', async () => {
    const { proofs, quote, outcome } = await meltWithFault('pending');
    expect(outcome).toMatchObject({ quote: { state: 'PENDING' } });
    const settled = await call(mint.url, 'POST', `/dev/melt/${quote.quote}/settle`, {
      state: 'UNPAID',
    });
    expect(settled.body).toMatchObject({ state: 'UNPAID', payment_preimage: null });
    expect(settled.body.change).toBeUndefined();
    expect(await states(proofs)).toEqual(proofs.map(() => 'UNSPENT'));

    const retry = await wallet.meltProofsBolt11(quote, proofs);
    expect(retry.quote.state).toBe('PAID');
    expect(total(retry.change)).toBe(99);
  });

  it('refuses to settle a quote that is not pending, or to an unknown state', async () => {
    const quote = await wallet.createMeltQuoteBolt11(outsideInvoice(10));
    const notPending = await call(mint.url, 'POST', `/dev/melt/${quote.quote}/settle`, {
      state: 'PAID',
    });
    expect(notPending).toMatchObject({
      status: 400,
      body: { code: 10000, detail: 'quote is UNPAID, not PENDING' },
    });
    const badState = await call(mint.url, 'POST', `/dev/melt/${quote.quote}/settle`, {
      state: 'DONE',
    });
    expect(badState.status).toBe(400);
    expect(
      (await call(mint.url, 'POST', '/dev/melt/nope/settle', { state: 'PAID' })).body,
    ).toMatchObject({ code: 20000 });
  });

  it('stays pending across a restart and settles afterwards', async () => {
    const dataDir = tempDir();
    const first = await startTestMint({ dataDir });
    const w = await newWallet(first.url);
    const proofs = await fund(w, first, 64);
    const quote = await w.createMeltQuoteBolt11(outsideInvoice(50));
    first.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    expect((await w.meltProofsBolt11(quote, proofs)).quote.state).toBe('PENDING');
    await first.close();

    const second = await startTestMint({ dataDir });
    try {
      expect(second.meltQuote(quote.quote)?.state).toBe('PENDING');
      expect(second.settleMelt(quote.quote, 'PAID').state).toBe('PAID');
      expect(proofs.every((p) => second.isSpent(p.secret))).toBe(true);
    } finally {
      await second.cleanup();
    }
  });
});

describe('a melt whose reply is lost', () => {
  it('pays, then drops the reply; the quote says PAID and restore recovers the change', async () => {
    const { proofs, quote, outcome, start } = await meltWithFault('dropResponse');
    expect(outcome).toBeInstanceOf(NetworkError);
    expect(proofs.every((p) => mint.isSpent(p.secret))).toBe(true);
    const view = await wallet.checkMeltQuoteBolt11(quote.quote);
    expect(view.state).toBe('PAID');
    expect(view.payment_preimage).toMatch(/^[0-9a-f]{64}$/);
    const { proofs: restored } = await wallet.batchRestore(20, 20, start);
    expect(total(restored)).toBe(99);
  });
});
