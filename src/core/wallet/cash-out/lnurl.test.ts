// Lightning address / LNURL-pay: parsing what was pasted, http only on loopback, and every way the
// receiver can fail (no answer, nonsense, refusal, wrong invoice) as a clear message.
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { outsideInvoice } from '../../../../dev/mint/test-support';
import {
  checkPayAmount,
  fetchPayParams,
  parseDestination,
  requestInvoice,
  type Fetch,
} from './lnurl';
import {
  amountOutOfRange,
  commentTooLong,
  LNURL_INSECURE,
  LNURL_NONSENSE,
  LNURL_UNREACHABLE,
  LNURL_WRONG_INVOICE,
  lnurlRefused,
  UNRECOGNISED_DESTINATION,
} from './texts';

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
    expect(() => parseDestination(lnurl)).toThrow(LNURL_INSECURE);
    expect(() => parseDestination('hello')).toThrow(UNRECOGNISED_DESTINATION);
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
    });
  });

  it.each([
    ['does not answer', fakeFetch({}), LNURL_UNREACHABLE],
    [
      'answers 404',
      fakeFetch({ 'https://': () => new Response('nope', { status: 404 }) }),
      LNURL_UNREACHABLE,
    ],
    ['answers HTML', fakeFetch({ 'https://': () => new Response('<html>') }), LNURL_NONSENSE],
    [
      'answers another tag',
      fakeFetch({ 'https://': () => json({ ...PARAMS, tag: 'withdrawRequest' }) }),
      LNURL_NONSENSE,
    ],
    [
      'answers min > max',
      fakeFetch({ 'https://': () => json({ ...PARAMS, minSendable: 9e6 }) }),
      LNURL_NONSENSE,
    ],
    [
      'answers an http callback',
      fakeFetch({ 'https://': () => json({ ...PARAMS, callback: 'http://pay.example/cb' }) }),
      LNURL_INSECURE,
    ],
    [
      'refuses',
      fakeFetch({ 'https://': () => json({ status: 'ERROR', reason: 'No such user' }) }),
      lnurlRefused('No such user'),
    ],
  ])('an address that %s', async (_label, fetchFn, message) => {
    await expect(fetchPayParams(address, fetchFn)).rejects.toThrow(message);
  });
});

describe('requestInvoice', () => {
  const params = {
    callback: 'https://pay.example/cb',
    minSat: 1,
    maxSat: 500,
    commentAllowed: 5,
    description: '',
    label: 'x',
  };

  it('asks for the amount in msat with the comment and checks the invoice amount', async () => {
    const invoice = outsideInvoice(21);
    let asked = '';
    const fetchFn: Fetch = async (url) => {
      asked = url;
      return json({ pr: invoice, routes: [] });
    };
    expect(await requestInvoice(params, 21, 'hi', fetchFn)).toBe(invoice);
    expect(asked).toBe('https://pay.example/cb?amount=21000&comment=hi');
  });

  it('refuses an amount outside min/max and a long comment before asking', () => {
    expect(() => checkPayAmount(params, 501)).toThrow(amountOutOfRange(1, 500));
    expect(() => checkPayAmount(params, 0)).toThrow(amountOutOfRange(1, 500));
    expect(() => checkPayAmount(params, 10, 'too long')).toThrow(commentTooLong(5));
  });

  it('refuses an invoice for another amount, or none', async () => {
    await expect(
      requestInvoice(params, 21, '', async () => json({ pr: outsideInvoice(22) })),
    ).rejects.toThrow(LNURL_WRONG_INVOICE);
    await expect(requestInvoice(params, 21, '', async () => json({ nothing: 1 }))).rejects.toThrow(
      LNURL_NONSENSE,
    );
  });
});
