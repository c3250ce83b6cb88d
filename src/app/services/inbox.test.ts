// The app's remote-payment inbox over the real dev relay: remote quotes go to the PaymentService,
// bad messages raise the error toast at most once a minute, restart follows new relays.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startRelay } from '../../../dev/relay/server';
import { silentLogger } from '../../core/logger';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import {
  createRelayPool,
  noLockProvider,
  publishToRelays,
  sendPaymentMessage,
  wrapPaymentMessage,
  type PaymentMessage,
  type RemotePaymentInbox,
} from '../../core/remote-payments';
import { MemoryProcessedQuoteStore } from '../../testing/remote-payments/memory-processed-quotes';
import { createInbox } from './inbox';

type Relay = Awaited<ReturnType<typeof startRelay>>;
const WS = WebSocket as unknown as typeof globalThis.WebSocket;
const MINT = 'http://127.0.0.1:3338';

let relays: Relay[] = [];
const inboxes: RemotePaymentInbox[] = [];

beforeAll(async () => {
  relays = [await startRelay({ port: 0 }), await startRelay({ port: 0 })];
});
afterEach(() => {
  for (const inbox of inboxes.splice(0)) void inbox.stop();
});
afterAll(async () => {
  for (const relay of relays) await relay.close();
});

function merchant(relayUrls: string[]) {
  const secretKey = generateSecretKey();
  const config = {
    relays: relayUrls,
    getRelays: () => Promise.resolve(config.relays),
    getMintUrl: () => Promise.resolve(MINT),
  };
  const tracked: PendingMintQuote[] = [];
  const onInvalidMessage = vi.fn();
  const logger = { ...silentLogger, error: vi.fn() };
  const processedQuotes = new MemoryProcessedQuoteStore();
  const inbox = createInbox({
    config,
    processedQuotes,
    getSecretKey: () => Promise.resolve(secretKey),
    takeOver: async (quote) => {
      if (!(await processedQuotes.claim(quote.quote, quote.amount))) return false;
      tracked.push(quote);
      return true;
    },
    onInvalidMessage,
    logger,
    clock: Date.now,
    WebSocket: WS,
    lockProvider: noLockProvider,
  });
  inboxes.push(inbox);
  return { pubkey: getPublicKey(secretKey), config, tracked, onInvalidMessage, logger, inbox };
}

function message(quote: string, amount: number): PaymentMessage {
  return { quote, amount, request: `lnbcrt${amount}0n1test`, unit: 'sat', mint: MINT };
}

async function send(relayUrl: string, to: string, payment: PaymentMessage) {
  const pool = createRelayPool({ WebSocket: WS });
  try {
    await sendPaymentMessage({
      recipientPubkeyHex: to,
      message: payment,
      relays: [relayUrl],
      pool,
    });
  } finally {
    pool.destroy();
  }
}

describe('createInbox', () => {
  it('hands a delivered quote to the payment service once, as a remote payment', async () => {
    const m = merchant([relays[0]!.url]);
    await m.inbox.start();
    await m.inbox.start(); // ignored while listening
    await vi.waitFor(() => expect(m.inbox.isActive).toBe(true));

    await send(relays[0]!.url, m.pubkey, message('quote-a', 21));
    await vi.waitFor(() => expect(m.tracked).toHaveLength(1));
    expect(m.tracked[0]).toMatchObject({
      quote: 'quote-a',
      amount: 21,
      mintUrl: MINT,
      kind: 'remote',
      state: 'UNPAID',
    });
    await m.inbox.whenIdle();
    expect(m.tracked).toHaveLength(1);
  });

  it('reports unreadable messages to the notice callback at most once a minute', async () => {
    const m = merchant([relays[0]!.url]);
    await m.inbox.start();
    await vi.waitFor(() => expect(m.inbox.isActive).toBe(true));
    const pool = createRelayPool({ WebSocket: WS });
    try {
      for (const mint of ['https://other.mint', 'https://third.mint']) {
        const wrap = wrapPaymentMessage({
          senderSecretKey: generateSecretKey(),
          recipientPubkeyHex: m.pubkey,
          message: { ...message(`bad-${mint.length}`, 5), mint },
        });
        await publishToRelays(wrap, [relays[0]!.url], pool);
      }
    } finally {
      pool.destroy();
    }
    // Both messages were read and logged; only the first raised the notice.
    await vi.waitFor(() =>
      expect(
        m.logger.error.mock.calls.filter(([text]) => text === 'Error processing remote payment:'),
      ).toHaveLength(2),
    );
    expect(m.onInvalidMessage).toHaveBeenCalledTimes(1);
    expect(m.tracked).toHaveLength(0);
  });

  it('listens on the new relays after restart', async () => {
    const m = merchant([relays[0]!.url]);
    await m.inbox.start();
    await vi.waitFor(() => expect(m.inbox.isActive).toBe(true));
    m.config.relays = [relays[1]!.url];
    await m.inbox.restart();
    await vi.waitFor(() => expect(m.inbox.isActive).toBe(true));

    await send(relays[1]!.url, m.pubkey, message('quote-b', 8));
    await vi.waitFor(() => expect(m.tracked.map((q) => q.quote)).toEqual(['quote-b']));
  });
});
