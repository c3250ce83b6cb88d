// Paying the sale's invoice from a Bolt Card through the dev Bolt Card service and the dev mint:
// the invoice is paid once; an amount outside the card's limits asks nothing of the card; a used
// tap, a dead service, a payRequest and a plain-http host are each refused with their kind.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupTempDirs, newWallet, startTestMint } from '../../../dev/mint/test-support';
import type { TestMint } from '../../../dev/mint/test-support';
import { startBoltCard, type DevBoltCard } from '../../../dev/boltcard/server';
import { payInvoiceFromCard } from './lnurl-withdraw';
import { createCardTaps } from './tap-to-pay';
import { readTap } from './read-tap';

let mint: TestMint;
let card: DevBoltCard;
const fetchJson = (url: string, init?: { signal?: AbortSignal; redirect?: RequestRedirect }) =>
  globalThis.fetch(url, init);

beforeAll(async () => {
  mint = await startTestMint();
  card = await startBoltCard({
    mintUrl: mint.url,
    port: 0,
    minWithdrawable: 10_000,
    maxWithdrawable: 50_000,
  });
});
afterAll(async () => {
  await card.close();
  await mint.cleanup();
  cleanupTempDirs();
});

async function saleInvoice(amount: number) {
  const wallet = await newWallet(mint.url);
  const quote = await wallet.createMintQuoteBolt11(amount);
  const state = async () => (await wallet.checkMintQuoteBolt11(quote.quote)).state;
  return { invoice: quote.request, state };
}

const cardUrl = () => (readTap(card.cardUrl) as { url: string }).url;

describe('a Bolt Card tap', () => {
  it('pays the sale’s invoice through the card’s service, once', async () => {
    const sale = await saleInvoice(21);
    const taps = createCardTaps(fetchJson);
    expect(await taps.payFromCard(card.cardUrl, sale.invoice, 21)).toEqual({
      status: 'requested',
    });
    expect(await sale.state()).toBe('PAID');
    // The same card tapped again on the paid invoice: the service cannot pay it twice.
    expect(await taps.payFromCard(card.cardUrl, sale.invoice, 21)).toMatchObject({
      status: 'refused',
    });
    expect(card.payments().filter((paid) => paid.pr === sale.invoice)).toEqual([
      { pr: sale.invoice, amountSat: 21 },
    ]);
  });

  it('an amount outside the card’s limits is refused before the card is asked to pay', async () => {
    const before = card.payments().length;
    const sale = await saleInvoice(51);
    expect(await payInvoiceFromCard(fetchJson, cardUrl(), sale.invoice, 51)).toEqual({
      status: 'out-of-range',
      minSat: 10,
      maxSat: 50,
    });
    expect(await payInvoiceFromCard(fetchJson, cardUrl(), sale.invoice, 9)).toMatchObject({
      status: 'out-of-range',
    });
    expect(card.payments()).toHaveLength(before);
    expect(await sale.state()).toBe('UNPAID');
  });

  it('a card the service does not know is refused with the service’s reason', async () => {
    const sale = await saleInvoice(21);
    const stranger = cardUrl().replace(/c=[0-9a-f]+/, 'c=ffff');
    expect(await payInvoiceFromCard(fetchJson, stranger, sale.invoice, 21)).toEqual({
      status: 'refused',
      reason: 'Unknown card',
    });
  });

  it('a service that does not answer, or answers a payRequest, pays nothing', async () => {
    const dead = 'http://127.0.0.1:1/card';
    expect(await payInvoiceFromCard(fetchJson, dead, 'lnbc1', 21)).toEqual({
      status: 'unreachable',
    });
    const payRequest = async () =>
      new Response(JSON.stringify({ tag: 'payRequest', callback: 'https://x.example/cb' }));
    expect(await payInvoiceFromCard(payRequest, 'https://x.example/w', 'lnbc1', 21)).toEqual({
      status: 'not-a-card',
    });
  });

  it('a service over plain http off loopback is never asked', async () => {
    let asked = false;
    const spy = async () => {
      asked = true;
      return new Response('{}');
    };
    expect(await payInvoiceFromCard(spy, 'http://card.example/w', 'lnbc1', 21)).toEqual({
      status: 'not-a-card',
    });
    expect(asked).toBe(false);
  });

  it('a tag that holds something else than a card is not paid from, a token or a request said as such', async () => {
    const fetch = vi.fn(fetchJson);
    const taps = createCardTaps(fetch);
    expect(await taps.payFromCard('cashuBo2F0', 'lnbc1', 21)).toEqual({ status: 'token-tag' });
    expect(await taps.payFromCard('creqAeyJ0IjpbXX0', 'lnbc1', 21)).toEqual({
      status: 'request-tag',
    });
    expect(await taps.payFromCard('hello', 'lnbc1', 21)).toEqual({ status: 'not-a-card' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
