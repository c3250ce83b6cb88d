// The request beside an invoice: one id per sale, kept across reloads, offered only while the
// sale is open and the till unlocked; the inbox finds the sale by that id.
import { PaymentRequest } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { memoryPorts } from '../../../testing/wallet/memory-ports';
import type { PendingMintQuote } from '../mint/ports';
import { SaleRequests } from './sale-requests';

const PUBKEY = 'b'.repeat(64);

function setup(options: { locked?: boolean; now?: number; lock?: string | null } = {}) {
  const ports = memoryPorts();
  const requests = new SaleRequests({
    quotes: ports.quotes,
    config: ports.config,
    merchantPubkey: async () => PUBKEY,
    locked: async () => options.locked ?? false,
    lockPubkey: async () => options.lock ?? null,
    clock: () => options.now ?? 1_000_000,
  });
  return { ports, requests };
}

const quote = (changes: Partial<PendingMintQuote> = {}): PendingMintQuote => ({
  quote: 'q1',
  mintUrl: 'http://127.0.0.1:3338',
  amount: 21,
  request: 'lnbc…',
  kind: 'direct',
  state: 'UNPAID',
  createdAt: 1,
  expiry: null,
  ...changes,
});

describe('SaleRequests', () => {
  it('gives an open sale one request id, the same after a reload, and finds the sale by it', async () => {
    const { ports, requests } = setup();
    await ports.quotes.put(quote());
    const first = await requests.forQuote(quote());
    const again = await requests.forQuote((await ports.quotes.get('q1')) ?? quote());
    expect(first?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(again?.id).toBe(first?.id);
    expect(again?.creqA).toBe(first?.creqA);
    const decoded = PaymentRequest.fromEncodedRequest(first?.creqA ?? '');
    expect(decoded.amount?.toNumber()).toBe(21);
    expect(decoded.mints).toEqual(['http://127.0.0.1:3338']);
    expect((await requests.findOpen(first?.id ?? ''))?.quote).toBe('q1');
    expect(await requests.findOpen('other')).toBeUndefined();
  });

  it('asks for proofs locked to the merchant’s key (NUT-18 locking field) where the mint enforces it, and the inbox knows', async () => {
    const key = `02${'c'.repeat(64)}`;
    const locked = setup({ lock: key });
    await locked.ports.quotes.put(quote());
    const offered = await locked.requests.forQuote(quote());
    for (const text of [offered?.creqA, offered?.creqB]) {
      const decoded = PaymentRequest.fromEncodedRequest(text ?? '');
      expect(decoded.nut10).toMatchObject({ kind: 'P2PK', data: key });
    }
    expect((await locked.requests.findOpen(offered?.id ?? ''))?.ecashLock).toBe(key);

    const plain = setup({ lock: null });
    await plain.ports.quotes.put(quote());
    const open = await plain.requests.forQuote(quote());
    expect(PaymentRequest.fromEncodedRequest(open?.creqA ?? '').nut10).toBeUndefined();
    expect((await plain.requests.findOpen(open?.id ?? ''))?.ecashLock).toBeUndefined();
  });

  it('offers nothing for a paid, expired or remote sale, or while the till is locked', async () => {
    const expired = setup({ now: 10_000 });
    await expired.ports.quotes.put(quote({ expiry: 5 }));
    expect(await expired.requests.forQuote(quote({ expiry: 5 }))).toBeNull();

    const paid = setup();
    await paid.ports.quotes.put(quote({ state: 'PAID' }));
    expect(await paid.requests.forQuote(quote({ state: 'PAID' }))).toBeNull();

    const remote = setup();
    expect(await remote.requests.forQuote(quote({ kind: 'remote' }))).toBeNull();

    const locked = setup({ locked: true });
    await locked.ports.quotes.put(quote());
    expect(await locked.requests.forQuote(quote())).toBeNull();
  });

  it('asks for the sale’s unit: a 3.50 USD sale requests 350 usd, a sat sale sat', async () => {
    const { ports, requests } = setup();
    await ports.quotes.put(quote({ unit: 'usd', amount: 350 }));
    const offered = await requests.forQuote(quote({ unit: 'usd', amount: 350 }));
    for (const text of [offered?.creqA, offered?.creqB]) {
      const decoded = PaymentRequest.fromEncodedRequest(text ?? '');
      expect(decoded.unit).toBe('usd');
      expect(decoded.amount?.toNumber()).toBe(350);
    }
    expect(PaymentRequest.fromEncodedRequest(offered?.creqA ?? '').description).toBe('3.50 USD');
    expect((await requests.findOpen(offered?.id ?? ''))?.unit).toBe('usd');

    const sats = setup();
    await sats.ports.quotes.put(quote());
    const satOffer = await sats.requests.forQuote(quote());
    expect(PaymentRequest.fromEncodedRequest(satOffer?.creqA ?? '').unit).toBe('sat');
  });

  it('a sale no longer open is not found by its request id', async () => {
    const { ports, requests } = setup();
    await ports.quotes.put(quote());
    const open = await requests.forQuote(quote());
    await ports.quotes.update('q1', { state: 'PAID' });
    expect(await requests.findOpen(open?.id ?? '')).toBeUndefined();
  });

  it('finds a remote sale by the request its cashier named, while it is open', async () => {
    const { ports, requests } = setup();
    await ports.quotes.put(quote({ quote: 'r1', kind: 'remote', ecashRequestId: 'ab'.repeat(8) }));
    expect((await requests.findOpen('ab'.repeat(8)))?.quote).toBe('r1');
    await ports.quotes.update('r1', { state: 'PAID' });
    expect(await requests.findOpen('ab'.repeat(8))).toBeUndefined();
  });
});
