// A merchant whose device was off for four days, over the real dev relay and dev mint: every
// remote sale paid meanwhile, back-dated as NIP-59 allows, lands once when it comes back
// (docs/protocol.md "Receiving (merchant inbox)").
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it, vi } from 'vitest';
import { giftWrapAt } from '../../../../dev/relay/pinned-wrap';
import { devNetwork } from '../../../testing/remote-payments/dev-network';
import { paymentHarness } from '../../../testing/wallet/payment-harness';
import { GIFT_WRAP_BACKDATE_SECONDS, INBOX_LOOKBACK_SECONDS } from '../constants';
import { createRemoteInvoice } from '../cashier/remote-invoice';
import { serializePaymentMessage, type PaymentMessage } from '../payment-message';
import { publishToRelays } from '../publish';

const DAY = 24 * 60 * 60;

// The merchant's relay, and a scratch relay for the cashier's first delivery: the merchant's
// relay gets only the back-dated copies.
const net = devNetwork({ relays: 2 });
const { pool } = net;

/** A paid remote sale for the merchant: its quote at the dev mint and the message sent. */
async function paidSale(merchantPubkeyHex: string, amount: number): Promise<PaymentMessage> {
  let sent: PaymentMessage | undefined;
  await createRemoteInvoice({
    merchantPubkeyHex,
    amount,
    mintUrl: net.mint.url,
    relays: [net.relays[1]!.url],
    pool: pool(),
    beforePublish: async (message) => {
      sent = message;
    },
  });
  await net.mint.pay(sent!.quote);
  return sent!;
}

describe('a merchant back after four days', () => {
  it('takes every remote sale paid while it was away once, the oldest wrap six days back', async () => {
    const merchant = generateSecretKey();
    const merchantPub = getPublicKey(merchant);
    const now = Math.floor(Date.now() / 1000);
    const lastListen = now - 4 * DAY;
    const cursors = new Map([[net.relay.url, lastListen]]);

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
      expect((await publishToRelays(wrap, [net.relay.url], publisher)).accepted).toEqual([
        net.relay.url,
      ]);
    }

    const wallet = paymentHarness({
      mintUrl: net.mint.url,
      seed: mnemonicToSeedSync(generateMnemonic(wordlist)),
      signingKey: merchant,
    });
    const inbox = net.walletInbox(wallet, merchant, [net.relay.url], {
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
      await vi.waitFor(() => expect(cursors.get(net.relay.url)).toBeGreaterThan(now - 60));
    } finally {
      await inbox.stop();
      await wallet.shutdown();
    }
  });
});
