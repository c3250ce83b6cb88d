// The dev Lightning address: LUD-06/16 payRequest, callback invoices the dev mint settles internally, faults.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeInvoice } from '../mint/bolt11.ts';
import { cleanupTempDirs, fund, newWallet, startTestMint, total } from '../mint/test-support.ts';
import type { TestMint } from '../mint/test-support.ts';
import { descriptionHash } from './pay-request.ts';
import { startLnurl } from './server.ts';
import type { DevLnurl } from './server.ts';

let mint: TestMint;
let lnurl: DevLnurl;

beforeAll(async () => {
  mint = await startTestMint();
  lnurl = await startLnurl({ mintUrl: mint.url, port: 0 });
});

beforeEach(() => lnurl.clearFaults());

afterAll(async () => {
  await lnurl.close();
  await mint.cleanup();
  cleanupTempDirs();
});

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const hostPort = () => lnurl.url.replace('http://', '');
const docUrl = (name = 'merchant') => `${lnurl.url}/.well-known/lnurlp/${name}`;
const callbackUrl = (query: string, name = 'merchant') =>
  `${lnurl.url}/lnurlp/${name}/callback?${query}`;

describe('payRequest (LUD-06/16)', () => {
  it('serves the address document with bounds in msat, metadata and commentAllowed', async () => {
    expect(lnurl.address).toBe(`merchant@${hostPort()}`);
    const res = await fetch(docUrl());
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc).toEqual({
      tag: 'payRequest',
      callback: `${lnurl.url}/lnurlp/merchant/callback`,
      minSendable: 1_000,
      maxSendable: 1_000_000_000,
      metadata: JSON.stringify([
        ['text/plain', 'Pay merchant on the Cashew dev stack'],
        ['text/identifier', lnurl.address],
      ]),
      commentAllowed: 140,
    });
  });

  it('serves any LUD-16 name and refuses what is not one', async () => {
    const alice = await getJson(docUrl('alice.shop'));
    expect(JSON.parse(alice.body.metadata as string)).toContainEqual([
      'text/identifier',
      `alice.shop@${hostPort()}`,
    ]);
    const bad = await getJson(docUrl('Not%20a%20name'));
    expect(bad.status).toBe(404);
    expect(bad.body.status).toBe('ERROR');
  });
});

describe('callback', () => {
  it('answers a real dev mint invoice that commits to the metadata, and paying it settles internally', async () => {
    const doc = (await getJson(docUrl())).body;
    const reply = await getJson(callbackUrl('amount=21000&comment=thanks%20for%20lunch'));
    expect(reply.status).toBe(200);
    expect(reply.body.routes).toEqual([]);
    const pr = reply.body.pr as string;
    const invoice = decodeInvoice(pr);
    expect(invoice).toMatchObject({ amountSat: 21, network: 'bc' });
    expect(invoice?.descriptionHash).toBe(descriptionHash(doc.metadata as string));
    const [issued] = lnurl.invoices();
    expect(issued).toMatchObject({
      name: 'merchant',
      amountMsat: 21_000,
      comment: 'thanks for lunch',
      pr,
    });
    expect(mint.mintQuote(issued!.quote)?.state).toBe('UNPAID');
    const verifyUrl = reply.body.verify as string;
    expect((await getJson(verifyUrl)).body).toMatchObject({ status: 'OK', settled: false, pr });

    const wallet = await newWallet(mint.url);
    const proofs = await fund(wallet, mint, 22);
    const meltQuote = await wallet.createMeltQuoteBolt11(pr);
    const { quote, change } = await wallet.meltProofsBolt11(meltQuote, proofs);
    expect(quote.state).toBe('PAID');
    expect(total(change)).toBe(1); // internal: no routing fee, the whole reserve comes back
    expect(mint.mintQuote(issued!.quote)?.state).toBe('PAID');
    expect((await getJson(verifyUrl)).body).toMatchObject({ status: 'OK', settled: true });
  });

  it.each([
    ['amount=999', 'amount 999 msat is outside 1000-1000000000 msat'],
    ['amount=1000000001', 'amount 1000000001 msat is outside 1000-1000000000 msat'],
    ['amount=1500', 'amount 1500 msat is not a whole number of sats'],
    ['comment=hi', 'amount (in millisatoshis) is missing or not a whole number'],
    ['amount=-5', 'amount (in millisatoshis) is missing or not a whole number'],
    [
      `amount=1000&comment=${'x'.repeat(141)}`,
      'comment is 141 characters, at most 140 are accepted',
    ],
  ])('answers an LNURL error for %s', async (query, reason) => {
    const before = lnurl.invoices().length;
    expect((await getJson(callbackUrl(query))).body).toEqual({ status: 'ERROR', reason });
    expect(lnurl.invoices()).toHaveLength(before);
  });

  it('takes its bounds and comment length from the options', async () => {
    const strict = await startLnurl({
      mintUrl: mint.url,
      port: 0,
      minSendable: 10_000,
      maxSendable: 50_000,
      commentAllowed: 0,
    });
    try {
      const doc = (await getJson(`${strict.url}/.well-known/lnurlp/merchant`)).body;
      expect(doc).toMatchObject({ minSendable: 10_000, maxSendable: 50_000 });
      expect(doc.commentAllowed).toBeUndefined();
      const cb = `${strict.url}/lnurlp/merchant/callback`;
      expect((await getJson(`${cb}?amount=9000`)).body.status).toBe('ERROR');
      expect((await getJson(`${cb}?amount=10000&comment=a`)).body).toEqual({
        status: 'ERROR',
        reason: 'comments are not accepted',
      });
      expect(
        decodeInvoice((await getJson(`${cb}?amount=50000`)).body.pr as string)?.amountSat,
      ).toBe(50);
    } finally {
      await strict.close();
    }
  });
});

describe('fault switches', () => {
  it('answers malformed JSON, once', async () => {
    lnurl.addFault({ target: 'payRequest', action: 'malformedJson', count: 1 });
    const res = await fetch(docUrl());
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
    expect((await getJson(docUrl())).body.tag).toBe('payRequest');
  });

  it('answers a document with the wrong tag, or without callback and bounds', async () => {
    lnurl.addFault({ target: 'payRequest', action: 'wrongTag', count: 1 });
    expect((await getJson(docUrl())).body.tag).toBe('withdrawRequest');
    lnurl.addFault({ target: 'payRequest', action: 'missingCallback', count: 1 });
    const doc = (await getJson(docUrl())).body;
    expect(doc.callback).toBeUndefined();
    expect(doc.minSendable).toBeUndefined();
  });

  it('answers an LNURL error or HTTP 500', async () => {
    lnurl.addFault({ target: 'callback', action: 'error', count: 1 });
    expect((await getJson(callbackUrl('amount=1000'))).body).toEqual({
      status: 'ERROR',
      reason: 'refused by a fault switch',
    });
    lnurl.addFault({ action: 'error500', count: 1 });
    expect((await fetch(docUrl())).status).toBe(500);
  });

  it('hands out an invoice for another amount, or something that is not an invoice', async () => {
    lnurl.addFault({ target: 'callback', action: 'wrongAmount', count: 1 });
    const wrong = (await getJson(callbackUrl('amount=21000'))).body.pr as string;
    expect(decodeInvoice(wrong)?.amountSat).toBe(22);
    lnurl.addFault({ target: 'callback', action: 'notAnInvoice', count: 1 });
    const junk = (await getJson(callbackUrl('amount=21000'))).body.pr as string;
    expect(decodeInvoice(junk)).toBeNull();
  });

  it('hands out an invoice committing to other metadata than the document', async () => {
    const doc = (await getJson(docUrl())).body;
    lnurl.addFault({ target: 'callback', action: 'wrongDescriptionHash', count: 1 });
    const pr = (await getJson(callbackUrl('amount=21000'))).body.pr as string;
    const invoice = decodeInvoice(pr);
    expect(invoice?.amountSat).toBe(21);
    expect(invoice?.descriptionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(invoice?.descriptionHash).not.toBe(descriptionHash(doc.metadata as string));
  });

  it('redirects to the same path under another host name, with CORS', async () => {
    lnurl.addFault({ action: 'redirectOtherHost', count: 2 });
    const doc = await fetch(docUrl(), { redirect: 'manual' });
    expect(doc.status).toBe(302);
    expect(doc.headers.get('access-control-allow-origin')).toBe('*');
    const location = new URL(doc.headers.get('location')!);
    expect(location.hostname).toBe('localhost');
    expect(location.port).toBe(String(lnurl.port));
    expect(location.pathname).toBe('/.well-known/lnurlp/merchant');
    const cb = await fetch(callbackUrl('amount=1000'), { redirect: 'manual' });
    expect(cb.headers.get('location')).toMatch(
      /^http:\/\/localhost:\d+\/lnurlp\/merchant\/callback\?amount=1000$/,
    );
  });

  it('hangs without answering, and delays', async () => {
    lnurl.addFault({ target: 'payRequest', action: 'hang', count: 1 });
    await expect(fetch(docUrl(), { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    lnurl.addFault({ target: 'payRequest', delayMs: 300, count: 1 });
    const started = Date.now();
    expect((await getJson(docUrl())).body.tag).toBe('payRequest');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('is switched over HTTP: POST, GET and DELETE /dev/faults, refusing bad rules', async () => {
    const post = await fetch(`${lnurl.url}/dev/faults`, {
      method: 'POST',
      body: JSON.stringify({ target: 'callback', action: 'wrongTag' }),
    });
    expect(await post.json()).toEqual({ faults: [{ target: 'callback', action: 'wrongTag' }] });
    expect((await getJson(callbackUrl('amount=1000'))).body.tag).toBe('withdrawRequest');
    await fetch(`${lnurl.url}/dev/faults`, { method: 'DELETE' });
    expect((await getJson(callbackUrl('amount=1000'))).body.pr).toBeTypeOf('string');
    const bad = await fetch(`${lnurl.url}/dev/faults`, {
      method: 'POST',
      body: JSON.stringify({ action: 'explode' }),
    });
    expect(bad.status).toBe(400);
  });
});
