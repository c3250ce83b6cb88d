// The mint's own refusals in both NUT error tables: the older numbers (default) and the current ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '@cashu/cashu-ts';
import {
  call,
  cleanupTempDirs,
  fund,
  newWallet,
  outsideInvoice,
  proofsWire,
  randomOutputs,
  startTestMint,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;
let wallet: Wallet;

beforeAll(async () => {
  mint = await startTestMint({ nutErrorCodes: 'current' });
  wallet = await newWallet(mint.url);
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

/** Provokes one refusal of each renumbered kind (and one that kept its number); returns the codes. */
async function refusalCodes(): Promise<Record<string, unknown>> {
  const proofs = await fund(wallet, mint, 16);
  const outputs = randomOutputs(wallet, 16).wire;
  const swap = (inputs: unknown, outs: unknown) =>
    call(mint.url, 'POST', '/v1/swap', { inputs, outputs: outs });

  const forged = proofsWire(proofs).map((p) => ({ ...p, secret: `${p.secret}00` }));
  const unbalanced = await swap(proofsWire(proofs), randomOutputs(wallet, 17).wire);
  const proofInvalid = await swap(forged, outputs);
  await swap(proofsWire(proofs), outputs);
  const spent = await swap(proofsWire(proofs), randomOutputs(wallet, 16).wire);
  const resigned = await swap(proofsWire(await fund(wallet, mint, 16)), outputs);
  const unit = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 5, unit: 'gbp' });

  const held = await fund(wallet, mint, 64);
  const quote = await wallet.createMeltQuoteBolt11(outsideInvoice(50));
  mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
  await wallet.meltProofsBolt11(quote, held);
  const pending = await swap(proofsWire(held), randomOutputs(wallet, 64).wire);
  mint.settleMelt(quote.quote, 'UNPAID');

  return {
    notBalanced: unbalanced.body.code,
    proofInvalid: proofInvalid.body.code,
    spent: spent.body.code,
    outputsSigned: resigned.body.code,
    unit: unit.body.code,
    proofsPending: pending.body.code,
    pendingDetail: pending.body.detail,
  };
}

describe('NUT error code generations', () => {
  it('answers with the current table when started with nutErrorCodes: current', async () => {
    expect(await refusalCodes()).toEqual({
      notBalanced: 11005,
      proofInvalid: 10001,
      spent: 11001,
      outputsSigned: 11003,
      unit: 11013,
      proofsPending: 11002,
      pendingDetail: 'proofs are pending',
    });
  });

  it('switches to the older numbers over /dev/config', async () => {
    const reply = await call(mint.url, 'POST', '/dev/config', { nutErrorCodes: 'older' });
    expect(reply.body).toMatchObject({ nutErrorCodes: 'older' });
    expect(await refusalCodes()).toEqual({
      notBalanced: 11002,
      proofInvalid: 10003,
      spent: 11001,
      outputsSigned: 10002,
      unit: 11005,
      proofsPending: 11000,
      pendingDetail: 'proofs are pending',
    });
    const bad = await call(mint.url, 'POST', '/dev/config', { nutErrorCodes: 'newest' });
    expect(bad.status).toBe(400);
  });

  it('leaves codes the refuse fault sends as they are', async () => {
    await call(mint.url, 'POST', '/dev/config', { nutErrorCodes: 'current' });
    mint.addFault({ path: '/v1/swap', action: 'refuse', code: 10002, count: 1 });
    expect((await call(mint.url, 'POST', '/v1/swap', {})).body.code).toBe(10002);
  });
});
