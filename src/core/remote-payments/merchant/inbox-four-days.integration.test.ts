// A merchant whose device was off for four days, over the real dev relay and dev mint: every
// remote sale paid meanwhile, back-dated as NIP-59 allows, lands once when it comes back
// (docs/protocol.md "Receiving (merchant inbox)").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startMint, type DevMint } from '../../../../dev/mint/server';
import { giftWrapAt } from '../../../../dev/relay/pinned-wrap';
import { startRelay } from '../../../../dev/relay/server';
import { paymentHarness } from '../../../testing/wallet/payment-harness';
import { noLockProvider } from '../../cross-tab-lock';
import { GIFT_WRAP_BACKDATE_SECONDS, INBOX_LOOKBACK_SECONDS } from '../constants';
import { createRemoteInvoice } from '../cashier/remote-invoice';
import { serializePaymentMessage, type PaymentMessage } from '../payment-message';
import { publishToRelays } from '../publish';
import { createRelayPool, type RelayPool } from '../relay-pool';
import { RemotePaymentInbox } from './inbox';

type Relay = Awaited<ReturnType<typeof startRelay>>;
const WS = WebSocket as unknown as typeof globalThis.WebSocket;
const DAY = 24 * 60 * 60;

let relay: Relay;
/** where the cashier's first delivery goes: the merchant's relay gets only the back-dated copies */
let scratch: Relay;
let mint: DevMint;
let dataDir: string;
const pools: RelayPool[] = [];

function pool(): RelayPool {
  const created = createRelayPool({ WebSocket: WS });
  pools.push(created);
  return created;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cashew-four-days-'));
  [relay, scratch, mint] = await Promise.all([
    startRelay({ port: 0 }),
    startRelay({ port: 0 }),
    startMint({ port: 0, fresh: true, dataDir }),
  ]);
});

afterAll(async () => {
  for (const created of pools.splice(0)) created.destroy();
  await Promise.all([relay?.close(), scratch?.close(), mint?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A paid remote sale for the merchant: its quote at the dev mint and the message sent. */
async function paidSale(merchantPubkeyHex: string, amount: number): Promise<PaymentMessage> {
  let sent: PaymentMessage | undefined;
  await createRemoteInvoice({
    merchantPubkeyHex,
    amount,
    mintUrl: mint.url,
    relays: [scratch.url],
    pool: pool(),
    beforePublish: async (message) => {
      sent = message;
    },
  });
  await mint.pay(sent!.quote);
  return sent!;
}

describe('a merchant back after four days', () => {
  it('takes every remote sale paid while it was away once, the oldest wrap six days back', async () => {
    const merchant = generateSecretKey();
    const merchantPub = getPublicKey(merchant);
    const now = Math.floor(Date.now() / 1000);
    const lastListen = now - 4 * DAY;
    const cursors = new Map([[relay.url, lastListen]]);

    // Sent right after the merchant left, back-dated by the whole two days NIP-59 allows; one in
    // the middle; one today; and the first one again (a cashier's re-send, a new wrap).
    const sales = await Promise.all([
      paidSale(merchantPub, 11),
      paidSale(merchantPub, 22),
      paidSale(merchantPub, 33),
    ]);
    const times = [lastListen + 60 - GIFT_WRAP_BACKDATE_SECONDS, now - 3 * DAY, now - 60, now - 30];
    // A fixed three-day lookback would miss the oldest.
    expect(now - times[0]!).toBeGreaterThan(INBOX_LOOKBACK_SECONDS);
    const publisher = pool();
    for (const [i, message] of [...sales, sales[0]!].entries()) {
      const wrap = giftWrapAt(
        serializePaymentMessage(message),
        generateSecretKey(),
        merchantPub,
        times[i]!,
      );
      expect((await publishToRelays(wrap, [relay.url], publisher)).accepted).toEqual([relay.url]);
    }

    const wallet = paymentHarness({
      mintUrl: mint.url,
      seed: mnemonicToSeedSync(generateMnemonic(wordlist)),
      signingKey: merchant,
    });
    const inbox = new RemotePaymentInbox({
      createPool: pool,
      getRelays: async () => [relay.url],
      getSecretKey: async () => merchant,
      getMintUrl: async () => mint.url,
      processedQuotes: wallet.processedQuotes,
      takeOver: (quote) => wallet.service.takeOverRemote(quote),
      lockProvider: noLockProvider,
      cursors: {
        lastListen: async (url) => cursors.get(url),
        recordListen: async (url, seconds) => void cursors.set(url, seconds),
      },
    });
    try {
      await inbox.start();
      await vi.waitFor(() => expect(wallet.settled).toHaveLength(3), { timeout: 15_000 });
      await inbox.whenIdle();
      await new Promise((resolve) => setTimeout(resolve, 500));

      expect(wallet.balance()).toBe(66);
      const history = wallet.db.history.map((event) => [event.type, event.amount, event.quoteId]);
      expect(history.sort()).toEqual(
        sales.map((sale) => ['remote-payment', sale.amount, sale.quote]).sort(),
      );
      // The listen is recorded again: the next start asks from now, not from four days back.
      await vi.waitFor(() => expect(cursors.get(relay.url)).toBeGreaterThan(now - 60));
    } finally {
      await inbox.stop();
      await wallet.shutdown();
    }
  });
});
