// Lightning address / LNURL-pay: parsing what was pasted, http only on loopback, and every way the
// receiver can fail (no answer, nonsense, refusal, wrong invoice, wrong description hash, redirect
// elsewhere) as a clear message, the server's own words quoted and attributed.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { encodeInvoice, randomPreimage } from '../../../../dev/mint/bolt11';
import { outsideInvoice } from '../../../../dev/mint/test-support';
import {
  checkPayAmount,
  cleanReason,
  fetchPayParams,
  metadataHash,
  parseDestination,
  requestInvoice,
  type Fetch,
  type PayParams,
} from './lnurl';
import * as texts from './texts';
import * as messages from './texts.json';

const PARAMS = {
  tag: 'payRequest',
  callback: 'https://pay.example/cb',
  minSendable: 1_000,
  maxSendable: 500_000,
  metadata: '[["text/plain","Shop"]]',
  commentAllowed: 20,
};

function fakeFetch(routes: Record<string, () => Response | Promise<Response>>): Fetch {
  return async (url) => {
    const key = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    if (!key) throw new TypeError('Failed to fetch');
    return routes[key]!();
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('parseDestination', () => {
  it('reads an invoice, an address (https, http on loopback) and a bech32 LNURL', () => {
    const invoice = outsideInvoice(10);
    expect(parseDestination(`lightning:${invoice.toUpperCase()}`)).toEqual({
      kind: 'invoice',
      invoice,
    });
    expect(parseDestination('Shop@Pay.Example')).toEqual({
      kind: 'lnurl',
      url: 'https://pay.example/.well-known/lnurlp/shop',
      label: 'shop@pay.example',
    });
    expect(parseDestination('shop@127.0.0.1:4000')).toMatchObject({
      url: 'http://127.0.0.1:4000/.well-known/lnurlp/shop',
    });
    const lnurl = bech32.encode(
      'lnurl',
      bech32.toWords(new TextEncoder().encode('https://pay.example/lnurlp/x')),
      2000,
    );
    expect(parseDestination(lnurl.toUpperCase())).toMatchObject({
      kind: 'lnurl',
      url: 'https://pay.example/lnurlp/x',
    });
  });

  it('refuses http away from loopback and text that is none of the three', () => {
    const lnurl = bech32.encode(
      'lnurl',
      bech32.toWords(new TextEncoder().encode('http://pay.example/lnurlp/x')),
      2000,
    );
    expect(() => parseDestination(lnurl)).toThrow(messages.LNURL_INSECURE);
    expect(() => parseDestination('hello')).toThrow(messages.UNRECOGNISED_DESTINATION);
  });
});

describe('fetchPayParams', () => {
  const address = {
    kind: 'lnurl' as const,
    url: 'https://pay.example/.well-known/lnurlp/shop',
    label: 'shop@pay.example',
  };

  it('gives the limits in sats and the comment length', async () => {
    const params = await fetchPayParams(
      address,
      fakeFetch({ 'https://pay.example/': () => json(PARAMS) }),
    );
    expect(params).toMatchObject({
      minSat: 1,
      maxSat: 500,
      commentAllowed: 20,
      description: 'Shop',
      metadata: PARAMS.metadata,
      speaker: 'shop@pay.example',
    });
  });

  it('takes a callback on another host: LUD-06/16 allow it, the description hash binds it', async () => {
    const params = await fetchPayParams(
      address,
      fakeFetch({
        'https://pay.example/': () => json({ ...PARAMS, callback: 'https://cb.example/x' }),
      }),
    );
    expect(params.callback).toBe('https://cb.example/x');
  });

  it('follows a redirect on the same origin only, asking fetch not to follow any itself', async () => {
    const redirects: Array<RequestRedirect | undefined> = [];
    const hop = (location: string) => new Response(null, { status: 302, headers: { location } });
    const sameHost: Fetch = async (url, init) => {
      redirects.push(init?.redirect);
      if (url.includes('/.well-known/')) return hop('/lnurlp/shop');
      return json(PARAMS);
    };
    expect((await fetchPayParams(address, sameHost)).minSat).toBe(1);
    expect(redirects).toEqual(['manual', 'manual']);

    const asked: string[] = [];
    const otherHost: Fetch = async (url) => {
      asked.push(url);
      if (url.startsWith('https://pay.example/')) return hop('https://evil.example/shop');
      return json(PARAMS);
    };
    await expect(fetchPayParams(address, otherHost)).rejects.toThrow(
      texts.lnurlRedirected('shop@pay.example').message,
    );
    expect(asked).toEqual([address.url]);

    // A browser hides where an opaque redirect goes: refused as well.
    const hidden = {
      type: 'opaqueredirect',
      status: 0,
      ok: false,
      headers: new Headers(),
    } as unknown as Response;
    await expect(fetchPayParams(address, async () => hidden)).rejects.toThrow(
      texts.lnurlRedirected('shop@pay.example').message,
    );
  });

  it("quotes the server's reason, attributed, as short plain text", async () => {
    const reason = `Account \u202eblocked\u202c\n\n<b>contact</b> us ${'x'.repeat(300)}`;
    const error = fetchPayParams(
      address,
      fakeFetch({ 'https://': () => json({ status: 'ERROR', reason }, 400) }),
    );
    await expect(error).rejects.toThrow(
      texts.lnurlRefused('shop@pay.example', cleanReason(reason)).message,
    );
    expect(cleanReason(reason)).toMatch(/^Account blocked <b>contact<\/b> us x+…$/);
    expect(cleanReason(reason)).toHaveLength(140);
    await expect(
      fetchPayParams(address, fakeFetch({ 'https://': () => json({ status: 'ERROR' }) })),
    ).rejects.toThrow('shop@pay.example says: "no reason given"');
  });

  it.each([
    ['does not answer', fakeFetch({}), messages.LNURL_UNREACHABLE],
    [
      'answers 404',
      fakeFetch({ 'https://': () => new Response('nope', { status: 404 }) }),
      messages.LNURL_UNREACHABLE,
    ],
    [
      'answers HTML',
      fakeFetch({ 'https://': () => new Response('<html>') }),
      messages.LNURL_NONSENSE,
    ],
    [
      'answers another tag',
      fakeFetch({ 'https://': () => json({ ...PARAMS, tag: 'withdrawRequest' }) }),
      messages.LNURL_NONSENSE,
    ],
    [
      'answers min > max',
      fakeFetch({ 'https://': () => json({ ...PARAMS, minSendable: 9e6 }) }),
      messages.LNURL_NONSENSE,
    ],
    [
      'answers an http callback',
      fakeFetch({ 'https://': () => json({ ...PARAMS, callback: 'http://pay.example/cb' }) }),
      messages.LNURL_INSECURE,
    ],
    [
      'refuses',
      fakeFetch({ 'https://': () => json({ status: 'ERROR', reason: 'No such user' }) }),
      texts.lnurlRefused('shop@pay.example', 'No such user').message,
    ],
  ])('an address that %s', async (_label, fetchFn, message) => {
    await expect(fetchPayParams(address, fetchFn)).rejects.toThrow(message);
  });
});

describe('requestInvoice', () => {
  const metadata = '[["text/plain","Shop"],["text/identifier","shop@pay.example"]]';
  const params: PayParams = {
    callback: 'https://pay.example/cb',
    minSat: 1,
    maxSat: 500,
    commentAllowed: 5,
    description: 'Shop',
    metadata,
    label: 'shop@pay.example',
    speaker: 'shop@pay.example',
  };
  /** A real BOLT11 invoice committing to `hash` (the dev mint's encoder). */
  const invoiceFor = (sats: number, hash = metadataHash(metadata)) =>
    encodeInvoice({
      sats,
      paymentHash: randomPreimage().paymentHash,
      description: '',
      descriptionHash: hexToBytes(hash),
      expirySeconds: 600,
      nodeKey: secp256k1.utils.randomSecretKey(),
    });

  it('asks for the amount in msat with the comment and checks amount and description hash', async () => {
    const invoice = invoiceFor(21);
    let asked = '';
    const fetchFn: Fetch = async (url) => {
      asked = url;
      return json({ pr: invoice.toUpperCase(), routes: [] });
    };
    expect(await requestInvoice(params, 21, 'hi', fetchFn)).toBe(invoice);
    expect(asked).toBe('https://pay.example/cb?amount=21000&comment=hi');
  });

  it('refuses an amount outside min/max and a long comment before asking', () => {
    expect(() => checkPayAmount(params, 501)).toThrow(texts.amountOutOfRange(1, 500).message);
    expect(() => checkPayAmount(params, 0)).toThrow(texts.amountOutOfRange(1, 500).message);
    expect(() => checkPayAmount(params, 10, 'too long')).toThrow(texts.commentTooLong(5).message);
  });

  it('refuses an invoice for another amount, or none', async () => {
    await expect(
      requestInvoice(params, 21, '', async () => json({ pr: invoiceFor(22) })),
    ).rejects.toThrow(texts.lnurlWrongInvoice('shop@pay.example', 21, 22).message);
    await expect(requestInvoice(params, 21, '', async () => json({ nothing: 1 }))).rejects.toThrow(
      messages.LNURL_NONSENSE,
    );
  });

  it('refuses an invoice whose description hash is not sha256 of the metadata (LUD-06)', async () => {
    const other = metadataHash('[["text/plain","Someone else"]]');
    await expect(
      requestInvoice(params, 21, '', async () => json({ pr: invoiceFor(21, other) })),
    ).rejects.toThrow(texts.lnurlWrongDescription('shop@pay.example').message);
    // A plain description instead of the hash: refused too.
    await expect(
      requestInvoice(params, 21, '', async () => json({ pr: outsideInvoice(21) })),
    ).rejects.toThrow(texts.lnurlWrongDescription('shop@pay.example').message);
  });

  it('refuses a callback redirected to another host without asking there', async () => {
    const asked: string[] = [];
    const fetchFn: Fetch = async (url) => {
      asked.push(url);
      return new Response(null, { status: 307, headers: { location: 'https://evil.example/cb' } });
    };
    await expect(requestInvoice(params, 21, '', fetchFn)).rejects.toThrow(
      texts.lnurlRedirected('shop@pay.example').message,
    );
    expect(asked).toHaveLength(1);
  });
});
