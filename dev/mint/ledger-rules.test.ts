// Refusals and rules of the ledger: double spends, re-signing, balance, fees, rotation, expiry, HTTP shape.
import { afterAll, describe, expect, it } from 'vitest';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import { WebSocket } from 'ws';
import {
  call,
  cleanupTempDirs,
  fund,
  newWallet,
  proofsWire,
  randomOutputs,
  startTestMint,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

const mints: TestMint[] = [];
async function mintFor(options: Parameters<typeof startTestMint>[0] = {}) {
  const mint = await startTestMint(options);
  mints.push(mint);
  return mint;
}

afterAll(async () => {
  await Promise.all(mints.map((m) => m.cleanup()));
  cleanupTempDirs();
});

describe('double spending and re-signing', () => {
  it('refuses to spend a proof twice (11001) and to sign a B_ twice (10002)', async () => {
    const mint = await mintFor();
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 16);

    const first = randomOutputs(wallet, 16);
    const swap = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: first.wire,
    });
    expect(swap.status).toBe(200);

    const spendAgain = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(wallet, 16).wire,
    });
    expect(spendAgain).toMatchObject({ status: 400, body: { code: 11001 } });

    const fresh = await fund(wallet, mint, 16);
    const resign = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(fresh),
      outputs: first.wire,
    });
    expect(resign).toMatchObject({ status: 400, body: { code: 10002 } });
    expect(mint.isSpent(fresh[0]!.secret)).toBe(false);
  });

  it('refuses unbalanced swaps (11002), forged proofs (10003) and unknown keysets (12001)', async () => {
    const mint = await mintFor();
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 8);
    const tooMuch = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(wallet, 9).wire,
    });
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 11002 } });

    const forged = proofsWire(proofs).map((p) => ({ ...p, secret: `${p.secret}00` }));
    const bad = await call(mint.url, 'POST', '/v1/swap', {
      inputs: forged,
      outputs: randomOutputs(wallet, 8).wire,
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 10003 } });

    const unknown = randomOutputs(wallet, 8).wire.map((o) => ({ ...o, id: '00ffffffffffffff' }));
    const reply = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: unknown,
    });
    expect(reply).toMatchObject({ status: 400, body: { code: 12001 } });
    expect(proofs.some((p) => mint.isSpent(p.secret))).toBe(false);
  });
});

describe('input fees', () => {
  it('charges ceil(sum of input_fee_ppk / 1000) per swap', async () => {
    const mint = await mintFor({ inputFeePpk: 400 });
    const keysets = await call(mint.url, 'GET', '/v1/keysets');
    const satKeysets = (keysets.body.keysets as { unit: string }[]).filter((k) => k.unit === 'sat');
    expect(satKeysets).toMatchObject([{ input_fee_ppk: 400, active: true }]);

    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 7); // 4 + 2 + 1: three inputs, fee ceil(1200/1000) = 2
    expect(proofs.length).toBe(3);

    const noFee = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(wallet, 7).wire,
    });
    expect(noFee).toMatchObject({ status: 400, body: { code: 11002 } });

    const withFee = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(wallet, 5).wire,
    });
    expect(withFee.status).toBe(200);
  });

  it('lets a cashu-ts wallet pay the fee when sending', async () => {
    const mint = await mintFor({ inputFeePpk: 1000 });
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 32);
    const { keep, send } = await wallet.send(10, proofs, { includeFees: true });
    const swapFee = wallet.getFeesForProofs(proofs).toNumber();
    expect(swapFee).toBe(1);
    expect(total(keep) + total(send)).toBe(32 - swapFee);
  });
});

describe('keyset rotation', () => {
  it('makes a new active keyset while old proofs stay spendable and old outputs are refused (12002)', async () => {
    const mint = await mintFor();
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 8);
    const oldId = wallet.keysetId;

    const rotated = await call(mint.url, 'POST', '/dev/rotate', {});
    expect(rotated.status).toBe(200);
    const newId = rotated.body.id as string;
    expect(newId).not.toBe(oldId);
    expect(newId.startsWith('00')).toBe(true);
    const keysets = (await call(mint.url, 'GET', '/v1/keysets')).body.keysets as {
      id: string;
      active: boolean;
    }[];
    expect(keysets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: oldId, active: false }),
        expect.objectContaining({ id: newId, active: true }),
      ]),
    );

    const oldOutputs = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(wallet, 8).wire,
    });
    expect(oldOutputs).toMatchObject({ status: 400, body: { code: 12002 } });

    const fresh = await newWallet(mint.url);
    expect(fresh.keysetId).toBe(newId);
    // /v1/keys lists active keysets only (NUT-01), so the old keys are fetched by id.
    await fresh.keyChain.ensureKeysetKeys(oldId);
    const received = await fresh.receive(proofs);
    expect(total(received)).toBe(8);
    expect(received.every((p) => p.id === newId)).toBe(true);
  });
});

describe('quotes', () => {
  it('refuses paying or minting an expired unpaid quote (20007)', async () => {
    const mint = await mintFor({ quoteExpirySeconds: 0 });
    const quote = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 4, unit: 'sat' });
    const id = quote.body.quote as string;
    const pay = await call(mint.url, 'POST', `/dev/pay/${id}`);
    expect(pay).toMatchObject({ status: 400, body: { code: 20007 } });
    const wallet = await newWallet(mint.url);
    await expect(wallet.mintProofsBolt11(4, id)).rejects.toMatchObject({ code: 20007 });
  });

  it('refuses other units (11005), amounts out of range (11006) and unknown quotes', async () => {
    const mint = await mintFor();
    const gbp = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 4, unit: 'gbp' });
    expect(gbp).toMatchObject({ status: 400, body: { code: 11005 } });
    const zero = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 0, unit: 'sat' });
    expect(zero).toMatchObject({ status: 400, body: { code: 11006 } });
    const missing = await call(mint.url, 'GET', '/v1/mint/quote/bolt11/nope');
    expect(missing.status).toBe(400);
    expect(typeof missing.body.code).toBe('number');
  });

  it('settles an invoice of its own mint quote internally when melting to it', async () => {
    const mint = await mintFor();
    const payer = await newWallet(mint.url);
    const proofs = await fund(payer, mint, 64);
    const payee = await newWallet(mint.url);
    const invoice = await payee.createMintQuoteBolt11(20);
    const meltQuote = await payer.createMeltQuoteBolt11(invoice.request);
    const { quote, change } = await payer.meltProofsBolt11(meltQuote, proofs);
    expect(quote.state).toBe('PAID');
    expect(total(change)).toBe(44);
    expect(mint.mintQuote(invoice.quote)?.state).toBe('PAID');
    expect(total(await payee.mintProofsBolt11(20, invoice.quote))).toBe(20);

    // Paying it again is refused up front, when quoting (20006).
    await expect(payer.createMeltQuoteBolt11(invoice.request)).rejects.toMatchObject({
      code: 20006,
    });
    expect(total(change)).toBe(44);
  });
});

describe('HTTP surface', () => {
  it('answers CORS preflights and puts CORS headers on refusals', async () => {
    const mint = await mintFor();
    const preflight = await fetch(`${mint.url}/v1/swap`, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Headers': 'content-type', Origin: 'http://app' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const refusal = await call(mint.url, 'POST', '/v1/swap', { inputs: [], outputs: [] });
    expect(refusal.status).toBe(400);
    expect(refusal.headers.get('access-control-allow-origin')).toBe('*');
    expect(refusal.body).toEqual({ detail: expect.any(String), code: expect.any(Number) });
  });

  it('lists its capabilities in /v1/info', async () => {
    const mint = await mintFor();
    const info = (await call(mint.url, 'GET', '/v1/info')).body;
    expect(info).toMatchObject({
      name: expect.any(String),
      pubkey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      nuts: {
        '4': { methods: ['sat', 'usd', 'eur'].map((unit) => ({ method: 'bolt11', unit })) },
        '5': { methods: ['sat', 'usd', 'eur'].map((unit) => ({ method: 'bolt11', unit })) },
        '7': { supported: true },
        '8': { supported: true },
        '9': { supported: true },
        '12': { supported: true },
        '17': {
          supported: ['sat', 'usd', 'eur'].map((unit) => ({
            method: 'bolt11',
            unit,
            commands: ['bolt11_mint_quote', 'bolt11_melt_quote', 'proof_state'],
          })),
        },
        '20': { supported: true },
      },
    });
  });

  it('shows open invoices on its page and pays one with the Pay button form', async () => {
    const mint = await mintFor();
    const quote = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
      amount: 21,
      unit: 'sat',
    });
    const id = quote.body.quote as string;
    const page = await (await fetch(`${mint.url}/`)).text();
    expect(page).toContain('21 sat');
    expect(page).toContain(`action="/dev/pay/${id}"`);
    expect(page).toContain('>Pay</button>');

    const pressed = await fetch(`${mint.url}/dev/pay/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/');
    expect(mint.mintQuote(id)?.state).toBe('PAID');
    const after = await (await fetch(`${mint.url}/`)).text();
    expect(after).not.toContain(`action="/dev/pay/${id}"`);
  });

  it('pays new quotes by itself when payDelayMs is set', async () => {
    injectWebSocketImpl(WebSocket as never);
    const mint = await mintFor({ payDelayMs: 10 });
    const wallet = await newWallet(mint.url);
    const quote = await wallet.createMintQuoteBolt11(5);
    const paid = await wallet.on.onceMintPaid(quote.quote, { timeoutMs: 10_000 });
    expect(paid.state).toBe('PAID');
  });
});
