// Each fault switch does what it says: delay, HTTP 500, dropped response, closed sockets, refusal.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CheckStateEnum,
  hasValidDleq,
  HttpResponseError,
  MintOperationError,
  NetworkError,
} from '@cashu/cashu-ts';
import { WebSocket } from 'ws';
import {
  call,
  cleanupTempDirs,
  fund,
  newSeed,
  newWallet,
  startTestMint,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;

beforeAll(async () => {
  mint = await startTestMint();
});

beforeEach(() => mint.clearFaults());

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

function openSocket(): Promise<WebSocket> {
  const ws = new WebSocket(`${mint.url.replace('http', 'ws')}/v1/ws`);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('fault switches', () => {
  it('delays matching requests while others go through', async () => {
    await call(mint.url, 'POST', '/dev/faults', { path: '/v1/keysets', delayMs: 400, count: 1 });
    const order: string[] = [];
    const slow = call(mint.url, 'GET', '/v1/keysets').then(() => order.push('delayed'));
    await call(mint.url, 'GET', '/v1/info').then(() => order.push('other'));
    await slow;
    expect(order).toEqual(['other', 'delayed']);
  });

  it('answers HTTP 500 without touching the ledger, once when count is 1', async () => {
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 8);
    mint.addFault({ path: '/v1/swap', action: 'error500', count: 1 });
    const failed = await wallet.send(3, proofs).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(HttpResponseError);
    expect((failed as HttpResponseError).status).toBe(500);
    expect(proofs.some((p) => mint.isSpent(p.secret))).toBe(false);
    const { send, keep } = await wallet.send(3, proofs);
    expect(total(send) + total(keep)).toBe(8);
  });

  it('drops the response after signing, so only NUT-09 restore recovers the proofs', async () => {
    const seed = newSeed();
    const wallet = await newWallet(mint.url, seed);
    const quote = await wallet.createMintQuoteBolt11(21);
    await mint.pay(quote.quote);
    await call(mint.url, 'POST', '/dev/faults', {
      faults: [{ path: '/v1/mint/bolt11', action: 'dropResponse', count: 1 }],
    });
    const lost = await wallet
      .mintProofsBolt11(21, quote.quote, undefined, { type: 'deterministic', counter: 0 })
      .catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(NetworkError);
    expect(mint.mintQuote(quote.quote)?.state).toBe('ISSUED');

    const { proofs } = await wallet.restore(0, 10);
    expect(total(proofs)).toBe(21);
    const states = await wallet.checkProofsStates(proofs);
    expect(states.every((s) => s.state === CheckStateEnum.UNSPENT)).toBe(true);
  });

  it('signs every restore output with signEveryOutput: 1 sat each, DLEQ valid, never stored', async () => {
    const wallet = await newWallet(mint.url, newSeed());
    await call(mint.url, 'POST', '/dev/faults', { path: '/v1/restore', action: 'signEveryOutput' });
    const { proofs } = await wallet.restore(5000, 10);
    expect(proofs.map((p) => Number(p.amount))).toEqual(Array<number>(10).fill(1));
    expect(proofs.every((p) => hasValidDleq(p, wallet.getKeyset(), { require: true }))).toBe(true);
    mint.clearFaults();
    expect((await wallet.restore(5000, 10)).proofs).toEqual([]);
  });

  it('refuses the next call with the given code, then behaves again', async () => {
    const wallet = await newWallet(mint.url);
    await call(mint.url, 'POST', '/dev/faults', {
      path: '/v1/mint/quote/bolt11',
      method: 'POST',
      action: 'refuse',
      code: 20003,
      detail: 'Minting is disabled',
      count: 1,
    });
    const refused = await wallet.createMintQuoteBolt11(5).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MintOperationError);
    expect(refused).toMatchObject({ code: 20003, message: 'Minting is disabled' });
    expect((await wallet.createMintQuoteBolt11(5)).state).toBe('UNPAID');
  });

  it('keeps persistent faults until DELETE /dev/faults, and lists them', async () => {
    await call(mint.url, 'POST', '/dev/faults', { path: '/v1/keys*', action: 'error500' });
    expect((await call(mint.url, 'GET', '/v1/keysets')).status).toBe(500);
    expect((await call(mint.url, 'GET', '/v1/keys')).status).toBe(500);
    expect((await call(mint.url, 'GET', '/dev/faults')).body.faults).toEqual([
      { path: '/v1/keys*', action: 'error500' },
    ]);
    await call(mint.url, 'DELETE', '/dev/faults');
    expect((await call(mint.url, 'GET', '/v1/keysets')).status).toBe(200);
  });

  it('closes every WebSocket on request', async () => {
    const sockets = await Promise.all([openSocket(), openSocket()]);
    const closed = sockets.map((ws) => new Promise((resolve) => ws.once('close', resolve)));
    await vi.waitFor(() => expect(mint.webSocketCount()).toBe(2));
    await call(mint.url, 'POST', '/dev/faults', { closeWebSockets: true });
    await Promise.all(closed);
    expect(mint.webSocketCount()).toBe(0);
  });

  it('refuses WebSocket connections while /v1/ws has an error500 fault', async () => {
    mint.addFault({ path: '/v1/ws', action: 'error500' });
    await expect(openSocket()).rejects.toThrow(/500/);
    mint.clearFaults();
    const ws = await openSocket();
    ws.close();
  });

  it('holds the reply after acting: the quote is issued, the request never answered', async () => {
    const seed = newSeed();
    const wallet = await newWallet(mint.url, seed);
    const quote = await wallet.createMintQuoteBolt11(8);
    await mint.pay(quote.quote);
    mint.addFault({ path: '/v1/mint/bolt11', method: 'POST', action: 'holdReply', count: 1 });
    const held = wallet.mintProofsBolt11(8, quote.quote);
    await vi.waitFor(() => expect(mint.mintQuote(quote.quote)?.state).toBe('ISSUED'));
    const answered = await Promise.race([
      held.then(
        () => true,
        () => true,
      ),
      new Promise((resolve) => setTimeout(() => resolve(false), 300)),
    ]);
    expect(answered).toBe(false);
  });

  it('hangs a request without answering or acting, while other requests go through', async () => {
    mint.addFault({ path: '/v1/mint/quote/bolt11', method: 'POST', action: 'hang' });
    const hung = fetch(`${mint.url}/v1/mint/quote/bolt11`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ unit: 'sat', amount: 21 }),
      signal: AbortSignal.timeout(500),
    });
    expect((await call(mint.url, 'GET', '/v1/info')).status).toBe(200);
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    mint.clearFaults();
    const quote = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
      unit: 'sat',
      amount: 21,
    });
    expect(quote.status).toBe(200);
  });

  it('announces and enforces the amount limits set over /dev/config', async () => {
    const set = await call(mint.url, 'POST', '/dev/config', { minAmount: 10, maxAmount: 500 });
    expect(set.body).toMatchObject({ minAmount: 10, maxAmount: 500 });
    try {
      const info = await call(mint.url, 'GET', '/v1/info');
      expect(info.body).toMatchObject({
        nuts: {
          '4': {
            methods: ['sat', 'usd', 'eur'].map((unit) => ({
              method: 'bolt11',
              unit,
              min_amount: 10,
              max_amount: 500,
            })),
          },
        },
      });
      const above = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
        unit: 'sat',
        amount: 501,
      });
      expect(above.status).toBe(400);
      const below = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
        unit: 'sat',
        amount: 9,
      });
      expect(below.status).toBe(400);
      const inverted = await call(mint.url, 'POST', '/dev/config', { minAmount: 600 });
      expect(inverted.status).toBe(400);
    } finally {
      await call(mint.url, 'POST', '/dev/config', { minAmount: 1, maxAmount: 1_000_000 });
    }
  });

  it('leaves NUT-20 out of its info while switched off, and still locks a quote that asks', async () => {
    const off = await call(mint.url, 'POST', '/dev/config', { nut20: false });
    expect(off.body).toMatchObject({ nut20: false });
    try {
      const info = await call(mint.url, 'GET', '/v1/info');
      expect((info.body as { nuts: Record<string, unknown> }).nuts['20']).toBeUndefined();
      const pubkey = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
      const quote = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
        unit: 'sat',
        amount: 5,
        pubkey,
      });
      expect(quote.body).toMatchObject({ pubkey });
      expect((await call(mint.url, 'POST', '/dev/config', { nut20: 'no' })).status).toBe(400);
    } finally {
      await call(mint.url, 'POST', '/dev/config', { nut20: true });
    }
    const info = await call(mint.url, 'GET', '/v1/info');
    expect((info.body as { nuts: Record<string, unknown> }).nuts['20']).toEqual({
      supported: true,
    });
  });

  it('rejects malformed fault rules', async () => {
    const reply = await call(mint.url, 'POST', '/dev/faults', {
      path: '/v1/swap',
      action: 'explode',
    });
    expect(reply).toMatchObject({ status: 400, body: { code: 10000 } });
    const noCode = await call(mint.url, 'POST', '/dev/faults', {
      path: '/v1/swap',
      action: 'refuse',
    });
    expect(noCode.status).toBe(400);
  });
});
