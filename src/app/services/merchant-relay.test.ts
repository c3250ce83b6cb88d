// Receipts and the kind 10019 merchant profile over the real dev relay: a receipt the cashier's
// key can open and trust, bounded re-sending, and a profile published once per change, each dated
// after the last across page loads and tabs.
// Renamed: nostr-tools' setter is not a React hook, whatever its name says.
import {
  SimplePool,
  useWebSocketImplementation as setWebSocketImplementation,
} from 'nostr-tools/pool';
import type { NostrEvent } from 'nostr-tools/core';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRelay } from '../../../dev/relay/server';
import { silentLogger } from '../../core/logger';
import {
  MERCHANT_PROFILE_KIND,
  newestEvent,
  pairingId,
  parseMerchantProfile,
  readReceiptEvent,
} from '../../core/remote-payments';
import { lockPubkeyForNostrKey } from '../../core/wallet/mint/nut20-key';
import {
  createRelayPool,
  noLockProvider,
  provePairing,
  publishToRelays,
  wrapPaymentMessage,
  type PaymentMessage,
} from '../../core/remote-payments';
import { MemoryProcessedQuoteStore } from '../../testing/remote-payments/memory-processed-quotes';
import { MerchantProfilePublisher } from '../../core/remote-payments/merchant/profile-publisher';
import type { SentProfile } from '../../core/remote-payments/merchant/merchant-ports';
import {
  createInbox,
  createProfilePublisher,
  createReceiptSender,
  type MerchantTrustStore,
} from './inbox';

type Relay = Awaited<ReturnType<typeof startRelay>>;
const WS = WebSocket as unknown as typeof globalThis.WebSocket;
setWebSocketImplementation(WebSocket);
const MINT = 'http://127.0.0.1:3338';

let relay: Relay;
beforeAll(async () => {
  relay = await startRelay({ port: 0 });
});
afterAll(async () => {
  await relay.close();
});

function memoryTrust(): MerchantTrustStore & { secret: Uint8Array; unpaired: boolean } {
  const state = {
    secret: new Uint8Array(32).fill(7),
    unpaired: false,
    profile: undefined as string | undefined,
    sent: undefined as SentProfile | undefined,
    heldFor: undefined as string | undefined,
  };
  return {
    get secret() {
      return state.secret;
    },
    get unpaired() {
      return state.unpaired;
    },
    set unpaired(value: boolean) {
      state.unpaired = value;
    },
    getOrCreateSecret: async () => state.secret,
    resetSecret: async () => (state.secret = new Uint8Array(32).fill(9)),
    acceptsUnpaired: async () => state.unpaired,
    setAcceptsUnpaired: async (value: boolean) => void (state.unpaired = value),
    lastListen: async () => undefined,
    recordListen: async () => {},
    knownMints: async () => ['https://old.example/', MINT],
    acceptedMints: async () => ['https://old.example/', MINT],
    removeAcceptedMint: async () => {},
    lockedBefore: async () => false,
    rememberLocking: async () => {},
    lockingMints: async () => [],
    acceptsUnlocked: async () => false,
    setAcceptsUnlocked: async () => {},
    countRefused: async () => {},
    refusedCounts: async () => ({ unpaired: 0, mint: 0, unlocked: 0, lines: 0 }),
    creditedSale: async () => undefined,
    lastPublishedProfile: async () => state.profile,
    recordPublishedProfile: async (profile: string) => void (state.profile = profile),
    sentProfile: async () => state.sent,
    noteSentProfile: async (sent: SentProfile) => void (state.sent = sent),
    profileHeldFor: async () => state.heldFor,
    setProfileHeldFor: async (id: string | undefined) => void (state.heldFor = id),
  };
}

function deps(secretKey: Uint8Array, store: MerchantTrustStore, relays: string[]) {
  return {
    config: { getRelays: async () => relays, getMintUrl: async () => MINT },
    store,
    getSecretKey: async () => secretKey,
    logger: silentLogger,
    clock: Date.now,
    WebSocket: WS,
  };
}

async function query(filter: Parameters<SimplePool['querySync']>[1]) {
  const pool = new SimplePool();
  try {
    return await pool.querySync([relay.url], filter);
  } finally {
    pool.close([relay.url]);
  }
}

describe('receipts to the cashier', () => {
  it('wraps a receipt to the sale key that only that key opens, sealed by the merchant', async () => {
    const merchant = generateSecretKey();
    const saleKey = generateSecretKey();
    const sender = createReceiptSender(deps(merchant, memoryTrust(), [relay.url]));
    const receipt = { quote: 'q-receipt', amount: 21, time: 1_767_225_600 };
    expect(await sender.send(getPublicKey(saleKey), receipt)).toBe('sent');
    const [wrap] = await query({ kinds: [1059], '#p': [getPublicKey(saleKey)] });
    expect(wrap).toBeDefined();
    expect(readReceiptEvent(wrap!, saleKey, getPublicKey(merchant))).toEqual(receipt);
    expect(() => readReceiptEvent(wrap!, saleKey, getPublicKey(generateSecretKey()))).toThrow(
      'not sent by the merchant',
    );
  });

  it('sends one receipt per quote per interval however often the cashier asks', async () => {
    const merchant = generateSecretKey();
    const saleKey = getPublicKey(generateSecretKey());
    const sender = createReceiptSender(deps(merchant, memoryTrust(), [relay.url]));
    const receipt = { quote: 'q-flood', amount: 5, time: 1 };
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await sender.send(saleKey, receipt));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(await query({ kinds: [1059], '#p': [saleKey] })).toHaveLength(1);
  });
});

describe('a re-sent message for a credited sale', () => {
  it.each([
    ['paid by Lightning', {}],
    ['paid by the cashier’s ecash request', { ecashRequest: '0123456789abcdef' }],
  ])(
    '%s: is answered with the receipt again, from the stored sale, without taking anything',
    async (_paid, extra: { ecashRequest?: string }) => {
      const merchant = generateSecretKey();
      const merchantPub = getPublicKey(merchant);
      const saleKey = generateSecretKey();
      const store = memoryTrust();
      // An ecash-paid sale is found only with the request its message names (merchant-trust-store).
      store.creditedSale = async (quote, request) =>
        quote === 'q-credited' && request === extra.ecashRequest
          ? { amount: 21, time: 1_767_225_600 }
          : undefined;
      const processedQuotes = new MemoryProcessedQuoteStore();
      await processedQuotes.mark('q-credited', 21);
      const taken: string[] = [];
      const inbox = createInbox({
        config: { getRelays: async () => [relay.url], getMintUrl: async () => MINT },
        processedQuotes,
        getSecretKey: async () => merchant,
        takeOver: async (quote) => (taken.push(quote.quote), true),
        logger: silentLogger,
        clock: Date.now,
        WebSocket: WS,
        lockProvider: noLockProvider,
        trust: {
          store,
          wallets: {
            getMint: () => {
              throw new Error('a duplicate must not reach the mint');
            },
          },
          receipts: createReceiptSender(deps(merchant, store, [relay.url])),
        },
      });
      try {
        await inbox.start();
        const unsigned: PaymentMessage = {
          quote: 'q-credited',
          amount: 21,
          request: 'lnbc210n1dup',
          unit: 'sat',
          mint: MINT,
          pubkey: lockPubkeyForNostrKey(merchantPub),
          expiry: null,
          receipt: getPublicKey(saleKey),
          ...extra,
        };
        const message = { ...unsigned, pairing: provePairing(store.secret, unsigned) };
        const pool = createRelayPool({ WebSocket: WS });
        const wrap = wrapPaymentMessage({
          senderSecretKey: generateSecretKey(),
          recipientPubkeyHex: merchantPub,
          message,
        });
        expect((await publishToRelays(wrap, [relay.url], pool)).accepted).toEqual([relay.url]);
        pool.destroy();
        await expect
          .poll(
            async () => (await query({ kinds: [1059], '#p': [getPublicKey(saleKey)] })).length,
            {
              timeout: 15_000,
            },
          )
          .toBe(1);
        const [receipt] = await query({ kinds: [1059], '#p': [getPublicKey(saleKey)] });
        expect(readReceiptEvent(receipt!, saleKey, merchantPub)).toEqual({
          quote: 'q-credited',
          amount: 21,
          time: 1_767_225_600,
        });
        expect(taken).toEqual([]);
      } finally {
        await inbox.stop();
      }
    },
  );
});

/** The newest merchant profile `pubkey` has on the test relay, parsed. */
async function profileOnRelay(pubkey: string) {
  return parseMerchantProfile(
    newestEvent(await query({ kinds: [MERCHANT_PROFILE_KIND], authors: [pubkey] }))!,
  );
}

/** A new merchant key whose device has just published its profile to the test relay. */
async function firstPublished() {
  const merchant = generateSecretKey();
  const store = memoryTrust();
  const publisher = createProfilePublisher(deps(merchant, store, [relay.url]));
  expect(await publisher.sync()).toBe('published');
  return { merchant, pubkey: getPublicKey(merchant), store, publisher };
}

describe('the merchant profile (kind 10019)', () => {
  it('publishes mint (current first), relays, lock key and pairing id, once per change', async () => {
    const { pubkey, store, publisher } = await firstPublished();
    expect(await publisher.sync()).toBe('unchanged');
    let profile = await profileOnRelay(pubkey);
    expect(profile).toEqual({
      mints: [MINT, 'https://old.example'],
      relays: [relay.url],
      pubkey: lockPubkeyForNostrKey(pubkey),
      pairingId: pairingId(store.secret),
    });

    // A change within the same second (a link reset right after start-up) still replaces it:
    // relays keep one version per created_at, so the publisher never reuses one.
    store.unpaired = true;
    expect(await publisher.sync()).toBe('published');
    profile = await profileOnRelay(pubkey);
    expect(profile?.pairingId).toBeUndefined();
  });

  it('tries again at the next sync when no relay took it', async () => {
    const merchant = generateSecretKey();
    const store = memoryTrust();
    const down = createProfilePublisher(deps(merchant, store, ['ws://127.0.0.1:1']));
    expect(await down.sync()).toBe('failed');
    expect(await store.lastPublishedProfile()).toBeUndefined();
    const up = createProfilePublisher(deps(merchant, store, [relay.url]));
    expect(await up.sync()).toBe('published');
  });
});

/** A profile publisher on the test relay whose read of the published profiles is `read`. */
function publisherReading(
  merchant: Uint8Array,
  store: MerchantTrustStore,
  read: () => Promise<NostrEvent[]>,
  clock: () => number = Date.now,
) {
  return new MerchantProfilePublisher({
    createPool: () => createRelayPool({ WebSocket: WS }),
    getRelays: async () => [relay.url],
    getMintUrl: async () => MINT,
    acceptedMints: () => store.acceptedMints(),
    getSecretKey: async () => merchant,
    pairing: store,
    state: store,
    clock,
    readPublished: read,
  });
}

describe('the merchant profile across page loads and tabs', () => {
  /** A page whose clock reads `ms`: its profiles are dated from it. */
  const pageAt = (merchant: Uint8Array, store: MerchantTrustStore, ms: number) =>
    createProfilePublisher({ ...deps(merchant, store, [relay.url]), clock: () => ms });
  /** Three changes within one second, as onboarding makes: dated s, s + 1 and s + 2. */
  async function burst(merchant: Uint8Array, store: MerchantTrustStore & { unpaired: boolean }) {
    const second = Math.floor(Date.now() / 1000) * 1000;
    const before = pageAt(merchant, store, second);
    expect(await before.sync()).toBe('published');
    store.unpaired = true;
    expect(await before.sync()).toBe('published');
    store.unpaired = false;
    expect(await before.sync()).toBe('published');
    return second;
  }

  it('a link reset right after a reload replaces the profile the last page dated ahead of the clock', async () => {
    const merchant = generateSecretKey();
    const store = memoryTrust();
    const second = await burst(merchant, store);
    // The next page, a second later (before the last profile's date): the link is reset.
    const renewed = await store.resetSecret();
    expect(await pageAt(merchant, store, second + 1000).sync()).toBe('published');
    expect((await profileOnRelay(getPublicKey(merchant)))?.pairingId).toBe(pairingId(renewed));
  });

  it('a profile the last page sent but closed before noting is its own, not another device’s', async () => {
    const merchant = generateSecretKey();
    const store = memoryTrust();
    // The tab closes once the relay has the profile, before it is noted as published.
    const closing = { ...store, recordPublishedProfile: () => new Promise<void>(() => {}) };
    void pageAt(merchant, closing, Date.now()).sync();
    const pubkey = getPublicKey(merchant);
    const pairingOnRelay = async () => {
      const newest = newestEvent(
        await query({ kinds: [MERCHANT_PROFILE_KIND], authors: [pubkey] }),
      );
      return newest && parseMerchantProfile(newest)?.pairingId;
    };
    await expect.poll(pairingOnRelay, { timeout: 10_000 }).toBe(pairingId(store.secret));
    // The next page: the merchant resets the link, and the profile names the new pairing.
    const renewed = await store.resetSecret();
    const next = pageAt(merchant, store, Date.now());
    expect(await next.sync()).toBe('published');
    expect(next.otherDevice()).toBeUndefined();
    expect((await profileOnRelay(pubkey))?.pairingId).toBe(pairingId(renewed));
  });

  it('dates it after the last one it signed even when the relays cannot be read', async () => {
    const merchant = generateSecretKey();
    const store = memoryTrust();
    const second = await burst(merchant, store);
    const renewed = await store.resetSecret();
    const unread = publisherReading(
      merchant,
      store,
      async () => [],
      () => second + 1000,
    );
    expect(await unread.sync()).toBe('published');
    expect((await profileOnRelay(getPublicKey(merchant)))?.pairingId).toBe(pairingId(renewed));
  });

  it('publishes a link reset made while it read the relays, never the pairing read before it', async () => {
    const merchant = generateSecretKey();
    const store = memoryTrust();
    let renewed: Uint8Array | undefined;
    const publisher = createProfilePublisher(deps(merchant, store, [relay.url]));
    expect(await publisher.sync()).toBe('published');
    // Another tab resets the link while this one waits for the relays' answer.
    const slow = publisherReading(merchant, store, async () => {
      renewed ??= await store.resetSecret();
      return [];
    });
    expect(await slow.sync()).toBe('published');
    expect((await profileOnRelay(getPublicKey(merchant)))?.pairingId).toBe(pairingId(renewed!));
    expect(JSON.parse((await store.lastPublishedProfile())!)).toMatchObject({
      pairingId: pairingId(renewed!),
    });
  });
});

describe('two devices on one phrase (docs/behaviour.md)', () => {
  const pairingOnRelay = async (pubkey: string) => (await profileOnRelay(pubkey))?.pairingId;

  it('a restored device leaves the first one’s profile and links alone until its link is reset', async () => {
    const { merchant, pubkey, store: firstStore, publisher: first } = await firstPublished();
    const firstPairing = pairingId(firstStore.secret);

    // The restored device: same key, its own pairing secret, never published.
    const secondStore = memoryTrust();
    await secondStore.resetSecret();
    // Later than the first device's profile (relays keep one per second).
    const later = { ...deps(merchant, secondStore, [relay.url]), clock: () => Date.now() + 5_000 };
    const second = createProfilePublisher(later);
    // What an open Connect screen hears on each device (told once per change).
    const secondTold: unknown[] = [];
    const firstTold: unknown[] = [];
    second.onOtherDevice((other) => secondTold.push(other));
    first.onOtherDevice((other) => firstTold.push(other));
    expect(await second.sync()).toBe('held');
    expect(second.otherDevice()).toBe('holding');
    expect(secondTold).toEqual(['holding']);
    expect(await pairingOnRelay(pubkey)).toBe(firstPairing);
    // The first device, at its next sync, learns another device is there and keeps its links.
    expect(await first.sync()).toBe('unchanged');
    expect(first.otherDevice()).toBe('present');
    expect(firstTold).toEqual(['present']);
    // Again at the next start: still held, nothing published.
    expect(await createProfilePublisher(deps(merchant, secondStore, [relay.url])).sync()).toBe(
      'held',
    );
    expect(await pairingOnRelay(pubkey)).toBe(firstPairing);

    // The merchant resets the link on the second device: its profile takes over, on purpose.
    secondStore.resetSecret = async () => new Uint8Array(32).fill(11);
    const reset = new Uint8Array(32).fill(11);
    secondStore.getOrCreateSecret = async () => reset;
    expect(await second.sync()).toBe('published');
    expect(second.otherDevice()).toBeUndefined();
    expect(await pairingOnRelay(pubkey)).toBe(pairingId(reset));

    // The first device notices and does not fight back.
    expect(await first.sync()).toBe('held');
    expect(first.otherDevice()).toBe('taken-over');
    expect(await pairingOnRelay(pubkey)).toBe(pairingId(reset));
  });
});
