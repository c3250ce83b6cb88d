// NUT-18 payloads from the inbox against the real dev mint and Dexie: a payload for an open sale
// lands once and closes its invoice; one matching no open request stores nothing and says nothing;
// a held one lands once, after a reload or a page that stopped before its held row went.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Proof } from '@cashu/cashu-ts';
import { fund, newWallet, startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import type { TestStorage } from '../../../testing/storage/db';
import { devMints } from '../../../testing/wallet/dev-mints';
import { ecashReceiverOn } from '../../../testing/wallet/ecash-receiver';
import type { PendingMintQuote } from '../mint/ports';
import type { HeldEcashStore } from './ports';
import { EcashInbox, type EcashRefusal } from './ecash-inbox';
import { shortMessage } from './ecash-receiver';
import { HELD_ECASH_MAX, HELD_ECASH_MAX_AGE_MS, HELD_ECASH_MAX_CHARS } from './held-ecash';
import {
  cashierRequestId,
  isCashierRequestId,
} from '../../remote-payments/cashier/cashier-request-id';
import { newPairingSecret } from '../../remote-payments/pairing';
import { SaleRequests } from './sale-requests';

let mint: TestMint;
const mints = devMints(async () => [(mint = await startTestMint())]);

interface Setup {
  storage: TestStorage;
  inbox: EcashInbox;
  /** the same inbox as after a reload: a new one on the same storage (or another held store) */
  reloaded: (held?: HeldEcashStore) => EcashInbox;
  paid: Array<{ quote: string; amount: number }>;
  refused: EcashRefusal[];
  requestId: string;
}

const USD = { currency: 'USD', price: 100_000, value: 0.03 };
/** The merchant's pairing secret: its cashiers tag their request ids with it. */
const PAIRING_SECRET = newPairingSecret();

async function setup(amount: number): Promise<Setup> {
  const { storage, wallets } = await mints.tillStorage(mint.url);
  const receiver = ecashReceiverOn(storage, wallets, { acceptedMints: async () => [mint.url] });
  const requests = new SaleRequests({
    quotes: storage.mintQuotes,
    config: storage.config,
    merchantPubkey: async () => 'c'.repeat(64),
    clock: () => storage.now.value,
  });
  const sale: PendingMintQuote = {
    quote: 'q-sale',
    mintUrl: mint.url,
    amount,
    request: 'lnbc…',
    kind: 'direct',
    state: 'UNPAID',
    createdAt: storage.now.value,
    expiry: null,
  };
  await storage.mintQuotes.put(sale);
  const request = await requests.forQuote(sale);
  const paid: Setup['paid'] = [];
  const refused: EcashRefusal[] = [];
  const reloaded = (held: HeldEcashStore = storage.heldEcash) => {
    const inbox = new EcashInbox({
      requests,
      receiver,
      paid: (quote, got) => paid.push({ quote: quote.quote, amount: got }),
      fiatFor: async (sats) => ({ ...USD, value: sats / 1000 }),
      held,
      issued: async (id) => isCashierRequestId(id, PAIRING_SECRET),
      clock: () => storage.now.value,
      logger: storage.logger,
    });
    inbox.onRefused((refusal) => refused.push(refusal));
    return inbox;
  };
  return { storage, inbox: reloaded(), reloaded, paid, refused, requestId: request?.id ?? '' };
}

/** A remote cashier's sale the merchant took, naming its NUT-18 request. */
function remoteQuote(
  storage: TestStorage,
  amount: number,
  ecashRequestId: string,
): PendingMintQuote {
  return {
    quote: 'q-remote',
    mintUrl: mint.url,
    amount,
    request: 'lnbc…',
    kind: 'remote',
    state: 'UNPAID',
    createdAt: storage.now.value,
    expiry: null,
    receipt: 'd'.repeat(64),
    ecashRequestId,
  };
}

async function proofs(amount: number): Promise<Proof[]> {
  return fund(await newWallet(mint.url), mint, amount);
}

const payload = (id: string, p: Proof[], mintUrl = mint.url) =>
  JSON.stringify({ id, mint: mintUrl, unit: 'sat', proofs: p });

async function ecashSales(storage: TestStorage) {
  return (await storage.history.page(1, 100)).events.filter((e) => e.type === 'ecash-payment');
}

describe('EcashInbox', () => {
  it('a payload for the open sale lands once and closes its invoice', async () => {
    const s = await setup(21);
    const p = await proofs(21);
    expect(await s.inbox.take(payload(s.requestId, p))).toBe(true);
    expect(await s.inbox.take(payload(s.requestId, p))).toBe(true);
    expect(s.paid).toEqual([{ quote: 'q-sale', amount: 21 }]);
    expect(await s.storage.proofs.balance()).toBe(21);
    expect(await ecashSales(s.storage)).toHaveLength(1);
    expect(await s.storage.mintQuotes.get('q-sale')).toBeUndefined();
    expect(s.refused).toEqual([]);
  });

  it('a payload matching no open request stores nothing and raises nothing', async () => {
    const s = await setup(21);
    const p = await proofs(21);
    expect(await s.inbox.take(payload('not-ours', p))).toBe(true);
    expect(await s.inbox.take('{"proofs": "junk"}')).toBe(true);
    expect(await s.storage.proofs.balance()).toBe(0);
    expect(s.paid).toEqual([]);
    expect(s.refused).toEqual([]);
    for (const proof of p) expect(mint.isSpent(proof.secret)).toBe(false);
    // Held, untouched, for a day: a remote sale's message may still name the request.
    expect((await s.storage.heldEcash.list()).map((row) => row.requestId)).toEqual(['not-ours']);
    s.storage.now.value += HELD_ECASH_MAX_AGE_MS + 1;
    await s.inbox.landHeld();
    expect(await s.storage.heldEcash.list()).toEqual([]);
    expect(await s.storage.proofs.balance()).toBe(0);
    expect(await ecashSales(s.storage)).toEqual([]);
    for (const proof of p) expect(mint.isSpent(proof.secret)).toBe(false);
  });

  it('a payload that comes before its remote sale’s message lands once that message is taken, after a reload too', async () => {
    const s = await setup(21);
    const p = await proofs(34);
    await s.inbox.take(payload('0123456789abcdef', p));
    await s.inbox.take(payload('0123456789abcdef', p));
    // Nothing is counted while the request is unknown, and a reload keeps it.
    await s.reloaded().landHeld();
    expect(await s.storage.proofs.balance()).toBe(0);
    expect(await s.storage.heldEcash.list()).toHaveLength(1);
    expect(s.paid).toEqual([]);

    // The cashier's message, taken: the claim and the pending quote in one transaction.
    expect(
      await s.storage.ledger.claimRemoteQuote(remoteQuote(s.storage, 34, '0123456789abcdef')),
    ).toBe(true);
    const after = s.reloaded();
    await Promise.all([after.landHeld('0123456789abcdef'), after.landHeld()]);
    expect(s.paid).toEqual([{ quote: 'q-remote', amount: 34 }]);
    expect(await s.storage.proofs.balance()).toBe(34);
    expect(await ecashSales(s.storage)).toHaveLength(1);
    expect(await s.storage.heldEcash.list()).toEqual([]);
    expect(await s.storage.mintQuotes.get('q-remote')).toBeUndefined();
    // Closed by the ecash: start-up reconciliation does not reopen the claim.
    expect(await s.storage.ledger.unsettledClaims()).toEqual([]);
  });

  it('a page that stops after a held payload landed, before its row went, counts it once', async () => {
    const s = await setup(21);
    const p = await proofs(34);
    await s.inbox.take(payload('0123456789abcdef', p));
    await s.storage.ledger.claimRemoteQuote(remoteQuote(s.storage, 34, '0123456789abcdef'));
    // The sale lands, then the page closes before the held row is removed.
    const store = s.storage.heldEcash;
    const stops: HeldEcashStore = {
      hold: (row, bounds) => store.hold(row, bounds),
      list: (requestId) => store.list(requestId),
      remove: () => Promise.reject(new Error('the page closed')),
    };
    await s.reloaded(stops).landHeld('0123456789abcdef');
    expect(await s.storage.proofs.balance()).toBe(34);
    expect(await s.storage.heldEcash.list()).toHaveLength(1);
    // Next start: the row's sale is closed, so it lands nothing again; it goes once out of time.
    await s.reloaded().landHeld();
    s.storage.now.value += 60_000;
    await s.reloaded().landHeld();
    expect(s.paid).toEqual([{ quote: 'q-remote', amount: 34 }]);
    expect(await s.storage.proofs.balance()).toBe(34);
    expect(await ecashSales(s.storage)).toHaveLength(1);
    s.storage.now.value += HELD_ECASH_MAX_AGE_MS;
    await s.reloaded().landHeld();
    expect(await s.storage.heldEcash.list()).toEqual([]);
    expect(await s.storage.proofs.balance()).toBe(34);
  });

  it('holds at most 20 payloads, none too long, so strangers cannot fill storage', async () => {
    const s = await setup(21);
    const p = await proofs(1);
    for (let i = 0; i < HELD_ECASH_MAX + 5; i++) {
      s.storage.now.value += 1;
      await s.inbox.take(payload(`junk-${i}`, p));
    }
    const long = JSON.stringify({
      id: 'long',
      mint: mint.url,
      proofs: p,
      memo: 'x'.repeat(HELD_ECASH_MAX_CHARS),
    });
    await s.inbox.take(long);
    const held = (await s.storage.heldEcash.list()).map((row) => row.requestId);
    expect(held).toHaveLength(HELD_ECASH_MAX);
    expect(held[0]).toBe('junk-5');
    expect(held).not.toContain('long');
  });

  describe('a payload naming a request of one of our cashiers, among 25 strangers’ payloads', () => {
    /** An id of the same form, not tagged with our secret (one in 65,536 would pass: skipped). */
    function strangerId(): string {
      for (;;) {
        const id = cashierRequestId(newPairingSecret());
        if (!isCashierRequestId(id, PAIRING_SECRET)) return id;
      }
    }

    /** The strangers' junk: ids of the same form, not tagged with our secret. */
    async function junk(s: Setup, count: number) {
      const p = await proofs(1);
      for (let i = 0; i < count; i++) {
        s.storage.now.value += 1;
        await s.inbox.take(payload(strangerId(), p));
      }
    }

    async function landsOnceItsSaleIsTaken(s: Setup, id: string, amount: number) {
      expect((await s.storage.heldEcash.list(id)).map((row) => row.issued)).toEqual([true]);
      await s.storage.ledger.claimRemoteQuote(remoteQuote(s.storage, amount, id));
      await s.reloaded().landHeld(id);
      expect(s.paid).toEqual([{ quote: 'q-remote', amount }]);
      expect(await s.storage.proofs.balance()).toBe(amount);
      // Strangers' payloads still within their own bound.
      expect((await s.storage.heldEcash.list()).length).toBe(HELD_ECASH_MAX);
    }

    it('is kept and lands when it came after them', async () => {
      const s = await setup(21);
      await junk(s, 25);
      const id = cashierRequestId(PAIRING_SECRET);
      s.storage.now.value += 1;
      await s.inbox.take(payload(id, await proofs(34)));
      await landsOnceItsSaleIsTaken(s, id, 34);
    });

    it('is kept and lands when they came after it', async () => {
      const s = await setup(21);
      const id = cashierRequestId(PAIRING_SECRET);
      await s.inbox.take(payload(id, await proofs(34)));
      await junk(s, 25);
      await landsOnceItsSaleIsTaken(s, id, 34);
    });
  });

  it('a short payment for the open sale is refused with the reason; the sale stays open', async () => {
    const s = await setup(21);
    const p = await proofs(20);
    await s.inbox.take(payload(s.requestId, p));
    expect(s.refused.map((r) => (r.error as Error).message)).toEqual([shortMessage(20, 0, 21)]);
    expect(await s.storage.proofs.balance()).toBe(0);
    expect(await s.storage.mintQuotes.get('q-sale')).toBeDefined();
    expect(s.paid).toEqual([]);
  });

  it('leaves anything that is not a payload to the remote-payment reader', async () => {
    const s = await setup(21);
    expect(await s.inbox.take('{"quote":"q","amount":1}')).toBe(false);
    expect(await s.inbox.take('hello')).toBe(false);
  });

  it('a remote sale paid by its request keeps the cashier’s lines and the merchant’s fiat record, the overpayment added to its tip', async () => {
    const s = await setup(21);
    const lines = {
      lines: [
        { name: 'Coffee', quantity: 2, unitSats: 10_000 },
        { name: 'Cake', quantity: 1, unitSats: 5_000, taxRatePercent: 7.5 },
      ],
      subtotalSats: 25_000,
      taxSats: 375,
      tipSats: 625,
      method: 'lightning' as const,
    };
    await s.storage.mintQuotes.put({
      ...remoteQuote(s.storage, 26_000, 'cashier-request'),
      sale: lines,
    });
    await s.inbox.take(payload('cashier-request', await proofs(26_002)));
    expect(s.paid).toEqual([{ quote: 'q-remote', amount: 26_002 }]);
    const [sale] = await ecashSales(s.storage);
    expect(sale).toMatchObject({
      amount: 26_002,
      fiat: { ...USD, value: 26 },
      sale: { ...lines, tipSats: 627, method: 'ecash' },
    });
    expect(await s.storage.mintQuotes.get('q-remote')).toBeUndefined();
    // The cashier asking again for its receipt finds the sale (merchant-trust.ts onDuplicate).
    expect(await s.storage.merchantTrust.creditedSale('q-remote', 'cashier-request')).toMatchObject(
      { amount: 26_002 },
    );
  });

  it('a remote sale paid by its request keeps the cashier’s fiat record near the merchant’s price (decision 0046)', async () => {
    const s = await setup(21);
    // 26,000 sats at 95,000 USD/BTC is 24.70 USD; the merchant's own price here is 100,000.
    const cashierFiat = { currency: 'USD', price: 95_000, value: 24.7, time: 1_800_000_000_000 };
    await s.storage.mintQuotes.put({
      ...remoteQuote(s.storage, 26_000, 'cashier-request'),
      cashierFiat,
    });
    await s.inbox.take(payload('cashier-request', await proofs(26_000)));
    expect(s.paid).toEqual([{ quote: 'q-remote', amount: 26_000 }]);
    const [sale] = await ecashSales(s.storage);
    expect(sale).toMatchObject({ amount: 26_000, fiat: cashierFiat });
  });
});
