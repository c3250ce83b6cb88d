// NUT-17 subscriptions: initial state on subscribe and a notification on every state change.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import type { MeltQuoteBolt11Response, MintQuoteBolt11Response } from '@cashu/cashu-ts';
import { WebSocket } from 'ws';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { encodeInvoice, randomPreimage } from './bolt11.ts';
import { cleanupTempDirs, fund, newWallet, startTestMint, token } from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;

beforeAll(async () => {
  injectWebSocketImpl(WebSocket as never);
  mint = await startTestMint();
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

type RpcMessage = {
  id?: number;
  result?: unknown;
  error?: unknown;
  params?: { subId: string; payload: Record<string, unknown> };
};

/** A bare JSON-RPC client, to see exactly what goes over the wire. */
async function rawClient(url: string) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/v1/ws`);
  const messages: RpcMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as RpcMessage));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 0;
  const request = (method: string, params: object) => {
    const id = nextId++;
    ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return id;
  };
  return { ws, messages, request };
}

describe('WebSocket subscriptions (NUT-17)', () => {
  it('notifies a wallet when its mint quote is paid', async () => {
    const wallet = await newWallet(mint.url);
    const quote = await wallet.createMintQuoteBolt11(10);
    const seen: MintQuoteBolt11Response[] = [];
    const cancel = await wallet.on.mintQuoteUpdates(
      [quote.quote],
      (p) => seen.push(p),
      (e) => {
        throw e;
      },
    );
    await vi.waitFor(() => expect(seen.map((p) => p.state)).toEqual(['UNPAID']));
    await mint.pay(quote.quote);
    await vi.waitFor(() => expect(seen.map((p) => p.state)).toEqual(['UNPAID', 'PAID']));
    await wallet.mintProofsBolt11(10, quote.quote);
    await vi.waitFor(() => expect(seen.map((p) => p.state)).toEqual(['UNPAID', 'PAID', 'ISSUED']));
    cancel();
  });

  it('tells a late subscriber at once that the quote was already paid', async () => {
    const wallet = await newWallet(mint.url);
    const quote = await wallet.createMintQuoteBolt11(3);
    await mint.pay(quote.quote);
    const paid = await wallet.on.onceMintPaid(quote.quote, { timeoutMs: 10_000 });
    expect(paid).toMatchObject({ quote: quote.quote, state: 'PAID', amount: 3 });
  });

  it('notifies proof state changes when the proofs are spent', async () => {
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 8);
    const states: string[] = [];
    const cancel = await wallet.on.proofStateUpdates(
      proofs,
      (p) => states.push(p.state),
      (e) => {
        throw e;
      },
    );
    await vi.waitFor(() => expect(states).toEqual(proofs.map(() => 'UNSPENT')));
    const receiver = await newWallet(mint.url);
    await receiver.receive(token(mint.url, proofs));
    await vi.waitFor(() =>
      expect(states).toEqual([...proofs.map(() => 'UNSPENT'), ...proofs.map(() => 'SPENT')]),
    );
    cancel();
  });

  it('notifies melt quote changes through PENDING to PAID', async () => {
    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 16);
    const invoice = encodeInvoice({
      sats: 8,
      paymentHash: randomPreimage().paymentHash,
      description: 'out',
      expirySeconds: 60,
      nodeKey: secp256k1.utils.randomSecretKey(),
    });
    const meltQuote = await wallet.createMeltQuoteBolt11(invoice);
    const seen: MeltQuoteBolt11Response[] = [];
    const cancel = await wallet.on.meltQuoteUpdates(
      [meltQuote.quote],
      (p) => seen.push(p),
      (e) => {
        throw e;
      },
    );
    await vi.waitFor(() => expect(seen.map((p) => p.state)).toEqual(['UNPAID']));
    await wallet.meltProofsBolt11(meltQuote, proofs);
    await vi.waitFor(() => expect(seen.map((p) => p.state)).toEqual(['UNPAID', 'PENDING', 'PAID']));
    cancel();
  });

  it('answers subscribe/unsubscribe in JSON-RPC and stops notifying after unsubscribe', async () => {
    const wallet = await newWallet(mint.url);
    const first = await wallet.createMintQuoteBolt11(2);
    const second = await wallet.createMintQuoteBolt11(2);
    const client = await rawClient(mint.url);
    const subId = 'sub-1';
    const id = client.request('subscribe', {
      kind: 'bolt11_mint_quote',
      subId,
      filters: [first.quote, second.quote],
    });
    await vi.waitFor(() =>
      expect(client.messages).toContainEqual({
        jsonrpc: '2.0',
        id,
        result: { status: 'OK', subId },
      }),
    );
    const unsubscribeId = client.request('unsubscribe', { subId });
    await vi.waitFor(() =>
      expect(client.messages).toContainEqual({
        jsonrpc: '2.0',
        id: unsubscribeId,
        result: { status: 'OK', subId },
      }),
    );
    const before = client.messages.length;
    await mint.pay(first.quote);
    const probe = client.request('unsubscribe', { subId: 'unknown' });
    await vi.waitFor(() => expect(client.messages.some((m) => m.id === probe)).toBe(true));
    expect(client.messages.length).toBe(before + 1);
    client.ws.close();
  });
});
