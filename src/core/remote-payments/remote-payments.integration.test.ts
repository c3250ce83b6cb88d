// Cashier to merchant over the real dev relay and dev mint: delivery, dedup, outage, NUT-20 lock.
import { join } from 'node:path';
import { MintOperationError, Wallet, signMintQuote } from '@cashu/cashu-ts';
import type { AbstractSimplePool } from 'nostr-tools/abstract-pool';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, randomOutputs } from '../../../dev/mint/test-support';
import { startRelay } from '../../../dev/relay/server';
import { signingKeyForQuote } from '../wallet/mint/nut20-key';
import { paymentHarness } from '../../testing/wallet/payment-harness';
import { GIFT_WRAP_KIND } from './constants';
import { RelayPublishError } from './errors';
import type { RemotePaymentInbox } from './merchant/inbox';
import { readPaymentEvent } from './gift-wrap';
import { publishToRelays, sendPaymentMessage } from './publish';
import { createRemoteInvoice } from './cashier/remote-invoice';
import { memoryInboxes } from '../../testing/remote-payments/inbox-harness';
import { devNetwork } from '../../testing/remote-payments/dev-network';

const net = devNetwork({ relays: 1 });
const { pool } = net;
const inboxes: RemotePaymentInbox[] = [];

afterEach(async () => {
  await Promise.all(inboxes.splice(0).map((inbox) => inbox.stop()));
});
// Registered after the hooks above, so (hooks run as a stack) these inboxes stop before the pools
// go.
const memoryInbox = memoryInboxes({ retryDelaysMs: [50, 100, 200] });

function merchantInbox(secretKey: Uint8Array, relays: string[]) {
  return memoryInbox({
    createPool: pool,
    getRelays: async () => relays,
    getSecretKey: async () => secretKey,
    getMintUrl: async () => net.mint.url,
  });
}

async function storedWraps(url: string, pubkey: string) {
  const reader = pool() as AbstractSimplePool;
  return reader.querySync([url], { kinds: [GIFT_WRAP_KIND], '#p': [pubkey] });
}

/** A remote invoice for `merchantPubkeyHex` at the dev mint, sent over the dev relay. */
function invoiceOnDevRelay(merchantPubkeyHex: string, amount: number) {
  return createRemoteInvoice({
    merchantPubkeyHex,
    amount,
    mintUrl: net.mint.url,
    relays: [net.relay.url],
    pool: pool(),
  });
}

describe('remote payments over the dev relay and dev mint', () => {
  it('delivers a NUT-20 locked quote that the merchant tracks once, even when republished', async () => {
    const merchant = generateSecretKey();
    const merchantPub = getPublicKey(merchant);

    const invoice = await invoiceOnDevRelay(merchantPub, 64);
    expect(invoice).toMatchObject({
      amount: 64,
      pubkey: `02${merchantPub}`,
      relays: [net.relay.url],
    });
    expect(invoice.request).toMatch(/^lnbc/);
    expect(net.mint.mintQuote(invoice.quote)).toBeDefined();

    // The inbox starts only now: the stored, back-dated wrap must still reach it.
    const [wrap] = await storedWraps(net.relay.url, merchantPub);
    expect(wrap).toBeDefined();
    const { inbox, tracked, invalid } = merchantInbox(merchant, [net.relay.url]);
    await inbox.start();
    await vi.waitFor(() => expect(tracked).toHaveLength(1), { timeout: 5_000 });

    const republisher = pool();
    for (let i = 0; i < 2; i++) {
      const outcome = await publishToRelays(wrap!, [net.relay.url], republisher);
      expect(outcome.accepted).toEqual([net.relay.url]);
    }
    // A second wrap of the same quote (new event id) and a restart that replays the stored wraps.
    const message = readPaymentEvent(wrap!, merchant, { currentMintUrl: net.mint.url });
    await sendPaymentMessage({
      recipientPubkeyHex: merchantPub,
      message,
      relays: [net.relay.url],
      pool: republisher,
    });
    expect(await storedWraps(net.relay.url, merchantPub)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await inbox.restart();
    await vi.waitFor(() => expect(inbox.isActive).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await inbox.whenIdle();

    expect(tracked).toEqual([
      expect.objectContaining({
        quote: invoice.quote,
        amount: 64,
        request: invoice.request,
        mintUrl: net.mint.url,
        kind: 'remote',
        state: 'UNPAID',
        pubkey: `02${merchantPub}`,
      }),
    ]);
    expect(invalid).toEqual([]);
  });

  it('tracks a message sent while the inbox is listening', async () => {
    const merchant = generateSecretKey();
    const { inbox, tracked } = merchantInbox(merchant, [net.relay.url]);
    await inbox.start();
    await vi.waitFor(() => expect(inbox.isActive).toBe(true));

    const invoice = await invoiceOnDevRelay(getPublicKey(merchant), 5);
    await vi.waitFor(() => expect(tracked.map((q) => q.quote)).toEqual([invoice.quote]), {
      timeout: 5_000,
    });
  });

  it('keeps the paid quote locked: a wallet without the merchant key cannot mint it', async () => {
    const merchant = generateSecretKey();
    const invoice = await invoiceOnDevRelay(getPublicKey(merchant), 32);
    await net.mint.pay(invoice.quote);

    const cashier = new Wallet(net.mint.url, { unit: 'sat' });
    await cashier.loadMint();
    const error = await cashier.mintProofsBolt11(32, invoice.quote).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MintOperationError);
    expect((error as MintOperationError).code).toBe(20008);

    // Signed with a key that is not the merchant's: the mint itself must refuse it.
    const { data, wire: outputs } = randomOutputs(cashier, 32);
    const strangerKey = Buffer.from(generateSecretKey()).toString('hex');
    const forged = await call(net.mint.url, 'POST', '/v1/mint/bolt11', {
      quote: invoice.quote,
      outputs,
      signature: signMintQuote(
        strangerKey,
        invoice.quote,
        data.map((d) => d.blindedMessage),
      ),
    });
    expect(forged).toMatchObject({ status: 400, body: { code: 20008 } });
    expect(net.mint.mintQuote(invoice.quote)).toMatchObject({ state: 'PAID' });

    const merchantWallet = new Wallet(net.mint.url, { unit: 'sat' });
    await merchantWallet.loadMint();
    const quote = await merchantWallet.checkMintQuoteBolt11(invoice.quote);
    const proofs = await merchantWallet.mintProofsBolt11(32, quote, {
      privkey: signingKeyForQuote(invoice.pubkey!, merchant),
    });
    expect(proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(32);
  });

  it('ends a paid remote quote as stored proofs and one remote-payment event, with two listeners', async () => {
    const merchant = generateSecretKey();
    const merchantPub = getPublicKey(merchant);
    const wallet = paymentHarness({
      mintUrl: net.mint.url,
      seed: mnemonicToSeedSync(generateMnemonic(wordlist)),
      signingKey: merchant,
    });
    const tabs = [0, 1].map(() => {
      const inbox = net.walletInbox(wallet, merchant, [net.relay.url]);
      inboxes.push(inbox);
      return inbox;
    });
    try {
      const invoice = await invoiceOnDevRelay(merchantPub, 64);
      await Promise.all(tabs.map((inbox) => inbox.start()));
      await vi.waitFor(async () => expect(await wallet.quotes.get(invoice.quote)).toBeDefined(), {
        timeout: 5_000,
      });
      await net.mint.pay(invoice.quote);
      await vi.waitFor(() => expect(wallet.settled).toHaveLength(1), { timeout: 8_000 });

      expect(wallet.balance()).toBe(64);
      expect(wallet.db.history).toEqual([
        expect.objectContaining({ type: 'remote-payment', amount: 64, quoteId: invoice.quote }),
      ]);
      expect(await wallet.quotes.get(invoice.quote)).toBeUndefined();
    } finally {
      await Promise.all(tabs.map((inbox) => inbox.stop()));
      await wallet.shutdown();
    }
  });

  it('rejects with RelayPublishError and leaves no message when the relay is down', async () => {
    const down = await startRelay({ port: 0 });
    const downUrl = down.url;
    await down.close();
    const merchant = generateSecretKey();
    const merchantPub = getPublicKey(merchant);

    await expect(
      createRemoteInvoice({
        merchantPubkeyHex: merchantPub,
        amount: 10,
        mintUrl: net.mint.url,
        relays: [downUrl],
        pool: pool(),
        timeoutMs: 1_000,
      }),
    ).rejects.toBeInstanceOf(RelayPublishError);
    expect(await storedWraps(net.relay.url, merchantPub)).toEqual([]);
  });

  it('resubscribes and receives messages after the relay restarts', async () => {
    const file = join(net.dataDir, 'relay-events.json');
    let restartable = await startRelay({ port: 0, file });
    const url = restartable.url;
    const merchant = generateSecretKey();
    const { inbox, tracked } = merchantInbox(merchant, [url]);
    await inbox.start();
    await vi.waitFor(() => expect(inbox.isActive).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 200));

    await restartable.close();
    restartable = await startRelay({ port: restartable.port, file });
    try {
      const invoice = await createRemoteInvoice({
        merchantPubkeyHex: getPublicKey(merchant),
        amount: 7,
        mintUrl: net.mint.url,
        relays: [url],
        pool: pool(),
      });
      await vi.waitFor(() => expect(tracked.map((q) => q.quote)).toEqual([invoice.quote]), {
        timeout: 8_000,
      });
    } finally {
      await inbox.stop();
      await restartable.close();
    }
  });
});
