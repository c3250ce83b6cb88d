// The cashier's sale from creation to the merchant's receipt: pairing proof and receipt key in the
// message, re-sends with backoff (also after a reload), the receipt ending them, a revoked link.
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../logger';
import { CashierLinkRevokedError, RelayPublishError } from '../errors';
import { unwrapPaymentEvent } from '../gift-wrap';
import { merchantProfileTemplate } from '../merchant-profile';
import { hasValidPairing, newPairingSecret, pairingId } from '../pairing';
import { parsePaymentMessage } from '../payment-message';
import { wrapReceipt } from '../receipt-message';
import { RemoteCashier, type RemoteConfirmed } from './remote-cashier';
import { RESEND_WINDOW_MS, WAITING_RETRY_MS, waitsToBeSent } from './cashier-sales';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';
import { fakeQuoteMint } from '../../../testing/remote-payments/fake-quote-mint';
import { MemoryCashierSaleStore } from '../../../testing/remote-payments/memory-cashier-sales';

const MINT = 'http://127.0.0.1:3338';
const RELAY = 'wss://relay.test';
const merchantSk = generateSecretKey();
const merchantHex = getPublicKey(merchantSk);
const cashiers: RemoteCashier[] = [];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const cashier of cashiers.splice(0)) cashier.stop();
  vi.useRealTimers();
});

function cashierOn(
  pool: FakeRelayPool,
  store: MemoryCashierSaleStore,
  options: { pairingSecret?: Uint8Array; mint?: ReturnType<typeof fakeQuoteMint> } = {},
) {
  const mint = options.mint ?? fakeQuoteMint();
  const confirmed: RemoteConfirmed[] = [];
  const cashier = new RemoteCashier({
    merchantPubkeyHex: merchantHex,
    target: () => Promise.resolve({ mintUrl: MINT, relays: [RELAY] }),
    wallets: {
      getSeedlessWallet: () => Promise.resolve(mint.wallet),
      getMint: () => mint.mint,
    },
    createPool: () => pool,
    sales: store,
    pairingSecret: options.pairingSecret,
    logger: silentLogger,
  });
  cashier.onConfirmed((event) => confirmed.push(event));
  cashiers.push(cashier);
  return { cashier, mint, confirmed };
}

/** Every message the relay holds for the merchant, as the merchant would read it. */
function messagesAtRelay(pool: FakeRelayPool) {
  return (pool.events.get(RELAY) ?? [])
    .filter((event) => event.tags.some((tag) => tag[0] === 'p' && tag[1] === merchantHex))
    .map((event) => ({
      id: event.id,
      message: parsePaymentMessage(unwrapPaymentEvent(event, merchantSk).content, {
        currentMintUrl: MINT,
      }),
    }));
}

function sendReceipt(pool: FakeRelayPool, receiptPubkeyHex: string, quote: string, amount: number) {
  pool.deliver(
    RELAY,
    wrapReceipt({
      merchantSecretKey: merchantSk,
      receiptPubkeyHex,
      receipt: { quote, amount, time: 1 },
    }),
  );
}

/** One relay, one store and one mint a cashier's page is opened on, again after each reload. */
function cashierPage() {
  const pool = new FakeRelayPool();
  const store = new MemoryCashierSaleStore();
  const mint = fakeQuoteMint();
  const open = async () => {
    const page = cashierOn(pool, store, { mint });
    await page.cashier.start();
    return page;
  };
  return { pool, store, mint, open };
}

/** The page with a sale of `amount` paid and seen paid, before the page goes away. */
async function paidOnPage(amount: number) {
  const page = cashierPage();
  const before = await page.open();
  const invoice = await before.cashier.createInvoice({ amount });
  page.mint.state.paid.add(invoice.quote);
  await vi.advanceTimersByTimeAsync(1_500);
  return { ...page, before, invoice };
}

describe('RemoteCashier sales', () => {
  it('proves the pairing over the final message with its receipt key, and re-sends it with backoff until the receipt', async () => {
    const pool = new FakeRelayPool();
    const store = new MemoryCashierSaleStore();
    const secret = newPairingSecret();
    const { cashier, confirmed } = cashierOn(pool, store, { pairingSecret: secret });
    await cashier.start();
    const invoice = await cashier.createInvoice({ amount: 21 });

    const [first] = messagesAtRelay(pool);
    expect(first!.message).toMatchObject({ quote: invoice.quote, amount: 21, mint: MINT });
    expect(first!.message.receipt).toMatch(/^[0-9a-f]{64}$/);
    expect(first!.message.pairing?.id).toBe(pairingId(secret));
    expect(hasValidPairing(secret, first!.message)).toBe(true);
    expect(store.rows.get(invoice.quote)).toMatchObject({ status: 'unpaid', sends: 1 });

    await vi.advanceTimersByTimeAsync(9_000);
    expect(messagesAtRelay(pool)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(30_000);
    const sent = messagesAtRelay(pool);
    expect(sent).toHaveLength(3);
    // The same message each time (same quote, receipt key, proof), in a new wrap.
    expect(new Set(sent.map((s) => s.id)).size).toBe(3);
    for (const again of sent) expect(again.message).toEqual(first!.message);

    sendReceipt(pool, first!.message.receipt!, invoice.quote, 21);
    await vi.advanceTimersByTimeAsync(0);
    expect(confirmed).toEqual([{ quote: invoice.quote, amount: 21, unit: 'sat' }]);
    expect(cashier.list()[0]).toMatchObject({ status: 'confirmed', confirmedAmount: 21 });
    expect(store.rows.get(invoice.quote)).toMatchObject({ status: 'confirmed' });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(messagesAtRelay(pool)).toHaveLength(3);
  });

  it('after a reload it re-sends the same message and still takes the receipt; a forged one is ignored', async () => {
    const { pool, store, before, invoice, open } = await paidOnPage(34);
    expect(store.rows.get(invoice.quote)?.status).toBe('paid');
    before.cashier.stop(); // the page goes away

    const after = await open();
    expect(after.cashier.list()).toMatchObject([{ quote: invoice.quote, status: 'paid' }]);
    await vi.advanceTimersByTimeAsync(10_000);
    const sent = messagesAtRelay(pool);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.message).toEqual(sent[0]!.message);

    const receiptKey = sent[0]!.message.receipt!;
    pool.deliver(
      RELAY,
      wrapReceipt({
        merchantSecretKey: generateSecretKey(),
        receiptPubkeyHex: receiptKey,
        receipt: { quote: invoice.quote, amount: 34, time: 1 },
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(after.confirmed).toEqual([]);
    sendReceipt(pool, receiptKey, invoice.quote, 34);
    await vi.advanceTimersByTimeAsync(0);
    expect(after.confirmed).toEqual([{ quote: invoice.quote, amount: 34, unit: 'sat' }]);
    expect(store.rows.get(invoice.quote)).toMatchObject({
      status: 'confirmed',
      confirmedAmount: 34,
    });
  });

  it('refuses a sale when the merchant’s profile names another pairing id: nothing sent, nothing listed', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(
      RELAY,
      finalizeEvent(
        merchantProfileTemplate(
          { mints: [MINT], relays: [RELAY], pairingId: pairingId(newPairingSecret()) },
          100,
        ),
        merchantSk,
      ),
    );
    const store = new MemoryCashierSaleStore();
    const { cashier } = cashierOn(pool, store, { pairingSecret: newPairingSecret() });
    await cashier.start();
    await expect(cashier.createInvoice({ amount: 5 })).rejects.toBeInstanceOf(
      CashierLinkRevokedError,
    );
    expect(messagesAtRelay(pool)).toHaveLength(0);
    expect(store.rows.size).toBe(0);
  });

  it('drops the sale from the list when no relay stored its message', async () => {
    const pool = new FakeRelayPool();
    pool.behaviour.set(RELAY, 'down');
    const store = new MemoryCashierSaleStore();
    const { cashier } = cashierOn(pool, store);
    await cashier.start();
    await expect(cashier.createInvoice({ amount: 5 })).rejects.toBeInstanceOf(RelayPublishError);
    expect(store.rows.size).toBe(0);
    expect(cashier.list()).toEqual([]);
  });

  it('keeps a paid sale whose re-send reached no relay waiting, through a reload, and sends it once the relay answers', async () => {
    const { pool, store, before, invoice, open } = await paidOnPage(55);
    pool.behaviour.set(RELAY, 'down');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.rows.get(invoice.quote)).toMatchObject({ status: 'paid', sends: 1 });
    expect(waitsToBeSent(store.rows.get(invoice.quote)!)).toBe(true);
    before.cashier.stop(); // reloaded while the relay is still gone

    const after = await open();
    expect(after.cashier.list().filter(waitsToBeSent)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * WAITING_RETRY_MS);
    expect(messagesAtRelay(pool)).toHaveLength(1);

    pool.behaviour.set(RELAY, 'accept');
    after.cashier.sendWaitingNow();
    await vi.advanceTimersByTimeAsync(0);
    const sent = messagesAtRelay(pool);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.message).toEqual(sent[0]!.message);
    expect(after.cashier.list().filter(waitsToBeSent)).toEqual([]);
    expect(store.rows.get(invoice.quote)).toMatchObject({ status: 'paid', sends: 2 });
    expect(store.rows.get(invoice.quote)!.sendFailedAt).toBeUndefined();
  });

  it('tries waiting sales again on their own past the day of re-sends, all of them once a relay answers', async () => {
    const { pool, mint, open } = cashierPage();
    const before = await open();
    const first = await before.cashier.createInvoice({ amount: 3 });
    const second = await before.cashier.createInvoice({ amount: 4 });
    mint.state.paid.add(first.quote);
    mint.state.paid.add(second.quote);
    pool.behaviour.set(RELAY, 'down');
    await vi.advanceTimersByTimeAsync(11_000);
    expect(before.cashier.list().filter(waitsToBeSent)).toHaveLength(2);
    before.cashier.stop();

    // Opened again two days later, the relay back.
    vi.setSystemTime(Date.now() + 2 * RESEND_WINDOW_MS);
    pool.behaviour.set(RELAY, 'accept');
    const after = await open();
    await vi.advanceTimersByTimeAsync(WAITING_RETRY_MS);
    expect(after.cashier.list().filter(waitsToBeSent)).toEqual([]);
    const quotes = messagesAtRelay(pool).map((sent) => sent.message.quote);
    expect(quotes.filter((quote) => quote === first.quote)).toHaveLength(2);
    expect(quotes.filter((quote) => quote === second.quote)).toHaveLength(2);
  });

  it('marks an unpaid sale expired when its quote expires, and stops re-sending it', async () => {
    const { pool, store, mint, open } = cashierPage();
    mint.state.expiry = Math.floor(Date.now() / 1000) + 5;
    const { cashier } = await open();
    const invoice = await cashier.createInvoice({ amount: 8 });
    await vi.advanceTimersByTimeAsync(7_000);
    expect(store.rows.get(invoice.quote)?.status).toBe('expired');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(messagesAtRelay(pool)).toHaveLength(1);
  });
});

describe('RemoteCashier amount limits', () => {
  it("reads the target mint's NUT-04 limits, as the merchant's keypad does", async () => {
    const mint = fakeQuoteMint();
    mint.state.info = {
      nuts: {
        4: { methods: [{ method: 'bolt11', unit: 'sat', min_amount: 10, max_amount: 500 }] },
      },
    };
    const { cashier } = cashierOn(new FakeRelayPool(), new MemoryCashierSaleStore(), { mint });
    expect(await cashier.amountLimits()).toEqual({ min: 10, max: 500 });
  });

  it('rejects with a mint error when the mint cannot be asked', async () => {
    const { cashier } = cashierOn(new FakeRelayPool(), new MemoryCashierSaleStore());
    await expect(cashier.amountLimits()).rejects.toMatchObject({ name: 'MintUnreachableError' });
  });
});
