// Melts: routing fee and NUT-08 change to the sat, internal settlement, invoices refused up front.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proof, Wallet } from '@cashu/cashu-ts';
import {
  call,
  cleanupTempDirs,
  fund,
  newSeed,
  newWallet,
  outsideInvoice,
  startTestMint,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;
let wallet: Wallet;

beforeAll(async () => {
  mint = await startTestMint();
  wallet = await newWallet(mint.url, newSeed());
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

let counter = 0;
/** Melts with deterministic blank outputs, so the change can also be restored. */
async function meltAll(request: string, proofs: Proof[]) {
  const quote = await wallet.createMeltQuoteBolt11(request);
  const result = await wallet.meltProofsBolt11(quote, proofs, undefined, {
    type: 'deterministic',
    counter,
  });
  counter += 20;
  const record = await call(mint.url, 'GET', `/dev/melt/${quote.quote}`);
  return { quote, result, record: record.body };
}

describe('routing fee and change', () => {
  it('charges the 1-sat routing fee and returns the rest of the reserve as change', async () => {
    const proofs = await fund(wallet, mint, 101); // exactly amount + fee reserve
    const { quote, result, record } = await meltAll(outsideInvoice(100), proofs);
    expect(quote.fee_reserve.toNumber()).toBe(1);
    expect(result.quote.state).toBe('PAID');
    expect(total(result.change)).toBe(0);
    expect(record).toMatchObject({ fee_paid: 1, internal: false });
  });

  it('gives back every sat above amount + routing fee, in NUT-08 change', async () => {
    const proofs = await fund(wallet, mint, 2_000);
    const { quote, result, record } = await meltAll(outsideInvoice(1_000), proofs);
    expect(quote.fee_reserve.toNumber()).toBe(10);
    expect(record).toMatchObject({ fee_paid: 1, state: 'PAID' });
    expect(total(result.change)).toBe(2_000 - 1_000 - 1);
    expect(result.change.map((p) => p.amount.toNumber())).toEqual([512, 256, 128, 64, 32, 4, 2, 1]);
    const states = await wallet.checkProofsStates(result.change);
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true);
  });

  it('takes the configured fee, never more than the reserve', async () => {
    expect((await call(mint.url, 'POST', '/dev/config', { routingFeeSat: 7 })).body).toMatchObject({
      routingFeeSat: 7,
    });
    const seven = await meltAll(outsideInvoice(1_000), await fund(wallet, mint, 1_010));
    expect(seven.record).toMatchObject({ fee_paid: 7 });
    expect(total(seven.result.change)).toBe(3);

    await call(mint.url, 'POST', '/dev/config', { routingFeeSat: 50 });
    const capped = await meltAll(outsideInvoice(1_000), await fund(wallet, mint, 1_010));
    expect(capped.record).toMatchObject({ fee_paid: 10 });
    expect(total(capped.result.change)).toBe(0);

    await call(mint.url, 'POST', '/dev/config', { routingFeeSat: 1 });
    const refused = await call(mint.url, 'POST', '/dev/config', { routingFeeSat: -1 });
    expect(refused.status).toBe(400);
  });

  it('is set by the routingFeeSat option', async () => {
    const other = await startTestMint({ routingFeeSat: 3 });
    try {
      const w = await newWallet(other.url);
      const proofs = await fund(w, other, 1_010);
      const quote = await w.createMeltQuoteBolt11(outsideInvoice(1_000));
      const { change } = await w.meltProofsBolt11(quote, proofs);
      expect(total(change)).toBe(7);
      expect(other.meltQuote(quote.quote)?.state).toBe('PAID');
    } finally {
      await other.cleanup();
    }
  });
});

describe('internal settlement', () => {
  it('pays its own invoice without a routing fee and marks that mint quote PAID', async () => {
    const receiver = await newWallet(mint.url);
    const invoice = await receiver.createMintQuoteBolt11(40);
    const proofs = await fund(wallet, mint, 50);
    const { result, record } = await meltAll(invoice.request, proofs);
    expect(record).toMatchObject({ fee_paid: 0, internal: true, state: 'PAID' });
    expect(total(result.change)).toBe(10);
    expect(mint.mintQuote(invoice.quote)?.state).toBe('PAID');
    expect(total(await receiver.mintProofsBolt11(40, invoice.quote))).toBe(40);

    // Already paid: refused when quoting, before any proof is offered.
    const again = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', {
      request: invoice.request,
      unit: 'sat',
    });
    expect(again).toMatchObject({ status: 400, body: { code: 20006 } });
  });

  it('refuses to quote an own invoice that was paid from the mint page', async () => {
    const invoice = await wallet.createMintQuoteBolt11(5);
    await mint.pay(invoice.quote);
    const reply = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', {
      request: invoice.request,
      unit: 'sat',
    });
    expect(reply).toMatchObject({ status: 400, body: { code: 20006 } });
  });
});

describe('invoices refused at quote time', () => {
  it('refuses an outside invoice this mint already paid (20006)', async () => {
    const request = outsideInvoice(20);
    await meltAll(request, await fund(wallet, mint, 21));
    const reply = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', { request, unit: 'sat' });
    expect(reply).toMatchObject({
      status: 400,
      body: { code: 20006, detail: 'invoice already paid' },
    });
  });

  it('refuses an expired invoice, saying when it expired', async () => {
    const made = Math.floor(Date.now() / 1000) - 700;
    const request = outsideInvoice(20, { timestamp: made, expirySeconds: 600 });
    const reply = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', { request, unit: 'sat' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(10000);
    expect(reply.body.detail).toBe(
      `invoice expired at ${new Date((made + 600) * 1000).toISOString()}`,
    );
    // Still inside its expiry: quoted.
    const fresh = outsideInvoice(20, { timestamp: made, expirySeconds: 3600 });
    expect((await call(mint.url, 'POST', '/v1/melt/quote/bolt11', { request: fresh })).status).toBe(
      200,
    );
  });

  it('pays an expired invoice with acceptExpiredInvoices on, as fake Lightning backends do', async () => {
    const made = Math.floor(Date.now() / 1000) - 7200;
    const request = outsideInvoice(20, { timestamp: made, expirySeconds: 600 });
    await call(mint.url, 'POST', '/dev/config', { acceptExpiredInvoices: true });
    try {
      const melted = await meltAll(request, await fund(wallet, mint, 30));
      expect(melted.record).toMatchObject({ state: 'PAID' });
    } finally {
      await call(mint.url, 'POST', '/dev/config', { acceptExpiredInvoices: false });
    }
    const again = outsideInvoice(20, { timestamp: made, expirySeconds: 600 });
    const reply = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', { request: again });
    expect(reply).toMatchObject({ status: 400, body: { code: 10000 } });
  });

  it.each([
    ['tb', 'testnet'],
    ['bcrt', 'regtest'],
    ['tbs', 'signet'],
  ] as const)('refuses an ln%s invoice (%s)', async (network, name) => {
    const request = outsideInvoice(20, { network });
    expect(request.startsWith(`ln${network}`)).toBe(true);
    const reply = await call(mint.url, 'POST', '/v1/melt/quote/bolt11', { request, unit: 'sat' });
    expect(reply).toMatchObject({ status: 400, body: { code: 10000 } });
    expect(reply.body.detail).toBe(
      `invoice is for ${name} (ln${network}…); this mint pays only mainnet (lnbc…) invoices`,
    );
  });
});
