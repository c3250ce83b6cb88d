// NIP-42 against the real dev relay with AUTH on: the inbox answers with the merchant's key and
// gets its wraps, a relay that refuses the key is reported so, and receipts reach the cashier.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from '../../../dev/relay/server';
import type { PaymentMessage } from './payment-message';
import { publishToRelays, sendPaymentMessage } from './publish';
import { createRelayPool, type RelayPool } from './relay-pool';
import { RelayStatusBoard, type RelayDelivery } from './merchant/relay-status';
import { memoryInboxes } from '../../testing/remote-payments/inbox-harness';
import {
  awaitedSale,
  receiptListening,
  wrappedReceipt,
} from '../../testing/remote-payments/receipt-listening';

const WS = WebSocket as unknown as typeof globalThis.WebSocket;
const MINT = 'http://mint.test';

const relays: DevRelay[] = [];
const pools: RelayPool[] = [];
const stoppers: Array<() => unknown> = [];

function pool(): RelayPool {
  const created = createRelayPool({ WebSocket: WS });
  pools.push(created);
  return created;
}

async function relay(options: Parameters<typeof startRelay>[0] = {}): Promise<DevRelay> {
  const started = await startRelay({ port: 0, ...options });
  relays.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(stoppers.splice(0).map((stop) => stop()));
  for (const created of pools.splice(0)) created.destroy();
  await Promise.all(relays.splice(0).map((started) => started.close()));
});
// Registered after the hook above, so (hooks run as a stack) these inboxes stop before the pools go.
const memoryInbox = memoryInboxes({ retryDelaysMs: [100, 200, 400] });

function message(quote: string): PaymentMessage {
  return { quote, amount: 21, request: 'lnbc210n1pdev', unit: 'sat', mint: MINT };
}

/** A cashier's message for `quote`, sent to the merchant of `merchant` through `relayUrl`. */
function sendTo(merchant: Uint8Array, quote: string, relayUrl: string) {
  return sendPaymentMessage({
    recipientPubkeyHex: getPublicKey(merchant),
    message: message(quote),
    relays: [relayUrl],
    pool: pool(),
  });
}

function merchantInbox(secretKey: Uint8Array, urls: string[]) {
  const status = new RelayStatusBoard();
  const { inbox, tracked } = memoryInbox({
    createPool: pool,
    getRelays: async () => urls,
    getSecretKey: async () => secretKey,
    getMintUrl: async () => MINT,
    relayStatus: status,
  });
  const deliveryOf = (url: string): RelayDelivery | undefined =>
    status.snapshot().find((entry) => entry.relay === url)?.delivery;
  return { inbox, tracked, deliveryOf };
}

describe('the merchant inbox on relays that require AUTH', () => {
  it('answers the challenge with the merchant key, sends the REQ again and takes the sale', async () => {
    const guarded = await relay({ auth: {} });
    const merchant = generateSecretKey();
    await sendTo(merchant, 'q-auth', guarded.url);
    const { inbox, tracked, deliveryOf } = merchantInbox(merchant, [guarded.url]);
    await inbox.start();
    await vi.waitFor(() => expect(tracked.map((quote) => quote.quote)).toEqual(['q-auth']), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(deliveryOf(guarded.url)).toEqual({ state: 'authenticated' }));

    // Live, too: a wrap sent while listening arrives on the re-sent REQ.
    await sendTo(merchant, 'q-live', guarded.url);
    await vi.waitFor(() => expect(tracked).toHaveLength(2), { timeout: 10_000 });
  });

  it('reports a relay that refuses the merchant key, and one that cannot be reached', async () => {
    const refusing = await relay({ auth: { allow: [getPublicKey(generateSecretKey())] } });
    const open = await relay();
    const gone = await relay();
    const goneUrl = gone.url;
    await gone.close();
    const merchant = generateSecretKey();
    await sendTo(merchant, 'q-refused', refusing.url);
    const { inbox, tracked, deliveryOf } = merchantInbox(merchant, [
      refusing.url,
      open.url,
      goneUrl,
    ]);
    await inbox.start();
    await vi.waitFor(
      () => {
        expect(deliveryOf(refusing.url)).toEqual({
          state: 'refused',
          reason: expect.stringMatching(/^AUTH refused: restricted: .* may not read here$/),
          // Our words carry a key for the merchant's language; the relay's own text stays as said.
          text: {
            key: 'RELAY_AUTH_REFUSED',
            values: { why: expect.stringMatching(/^restricted: .* may not read here$/) },
          },
        });
        expect(deliveryOf(open.url)).toEqual({ state: 'connected' });
        expect(deliveryOf(goneUrl)).toMatchObject({ state: 'unreachable' });
      },
      { timeout: 10_000 },
    );
    expect(tracked).toEqual([]);
    await inbox.stop();
    expect(deliveryOf(open.url)).toBeUndefined();
  });
});

describe('the cashier receipt listener on a relay that requires AUTH', () => {
  it('proves the newest sale key, then the next sale key once the set changes', async () => {
    const guarded = await relay({ auth: {} });
    const merchant = generateSecretKey();
    const { listener, received } = receiptListening(pool(), merchant);
    stoppers.push(() => listener.stop());
    const sale = (quote: string, createdAt: number) => awaitedSale(quote, [guarded.url], createdAt);
    const first = sale('q-first', Date.now() - 60_000);
    const second = sale('q-second', Date.now());
    const publisher = pool();
    for (const [awaited, amount] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const event = wrappedReceipt(merchant, awaited.receiptSecretKey, {
        quote: awaited.quote,
        amount,
        time: amount,
      });
      expect((await publishToRelays(event, [guarded.url], publisher)).accepted).toHaveLength(1);
    }

    listener.listen([first, second]);
    await vi.waitFor(() => expect(received.map(([quote]) => quote)).toEqual(['q-second']), {
      timeout: 10_000,
    });
    // The second sale is confirmed: the cashier now waits on the first alone.
    listener.listen([first]);
    await vi.waitFor(
      () => expect(received.map(([quote]) => quote)).toEqual(['q-second', 'q-first']),
      { timeout: 10_000 },
    );
  });

  it('proves a paid sale’s key before a newer unpaid one’s', async () => {
    const guarded = await relay({ auth: {} });
    const merchant = generateSecretKey();
    const { listener, received } = receiptListening(pool(), merchant);
    stoppers.push(() => listener.stop());
    const paid = {
      ...awaitedSale('q-paid', [guarded.url], Date.now() - 60_000),
      status: 'paid',
    };
    const unpaid = { ...awaitedSale('q-unpaid', [guarded.url]), status: 'unpaid' };
    listener.listen([paid, unpaid]);
    const event = wrappedReceipt(merchant, paid.receiptSecretKey, {
      quote: 'q-paid',
      amount: 3,
      time: 3,
    });
    expect((await publishToRelays(event, [guarded.url], pool())).accepted).toHaveLength(1);
    await vi.waitFor(() => expect(received.map(([quote]) => quote)).toEqual(['q-paid']), {
      timeout: 10_000,
    });
  });
});
