// @vitest-environment happy-dom
// Remote cashier page: route-key guards, and the invoice shown only once a relay stored the message.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { finalizeEvent, getPublicKey } from 'nostr-tools/pure';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../ui/toast/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceKeys, encodeNpub, randomSecretKey } from '../../core/keys';
import { silentLogger } from '../../core/logger';
import {
  encodePairingSecret,
  merchantProfileTemplate,
  newPairingSecret,
  pairingId,
  unwrapPaymentEvent,
  wrapReceipt,
  type MerchantProfile,
} from '../../core/remote-payments';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import { PaymentRequest } from '@cashu/cashu-ts';
import { catalogEvent, catalogOf } from '../../core/remote-payments/catalog-event';
import { hasValidPairing } from '../../core/remote-payments/pairing';
import { parsePaymentMessage } from '../../core/remote-payments/payment-message';
import { fakeQuoteMint } from '../../testing/remote-payments/fake-quote-mint';
import { lockPubkeyForNostrKey } from '../../core/wallet/mint/nut20-key';
import { createStorage, type Storage } from '../../storage';
import type { RemoteServices } from './deps';
import { RemoteScreen } from './RemoteScreen';

// The success burst needs a real canvas; its call is what matters here.
const confetti = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../ui/payment/confetti', () => ({ fireConfetti: confetti }));

const MINT = 'http://127.0.0.1:3338';
const RELAY = 'ws://127.0.0.1:7777';
const merchantSk = randomSecretKey();
const merchantHex = getPublicKey(merchantSk);
const merchantNpub = encodeNpub(merchantHex);

let count = 0;
const opened: Storage[] = [];

afterEach(() => {
  cleanup();
  for (const storage of opened.splice(0)) storage.close();
});

async function setup(
  path: string,
  deviceKey?: Uint8Array,
  prepare?: (pool: FakeRelayPool, storage: Storage) => Promise<void> | void,
  dbName = `remote-screen-${++count}`,
  mintInfo: unknown = null,
) {
  const storage = createStorage({
    dbName,
    defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
    logger: silentLogger,
  });
  opened.push(storage);
  if (deviceKey) await storage.keys.setSecretKey(deviceKey);
  const pool = new FakeRelayPool();
  await prepare?.(pool, storage);
  const mint = fakeQuoteMint();
  mint.state.info = mintInfo;
  const getSeedlessWallet = vi.fn((_url: string) => Promise.resolve(mint.wallet));
  const services: RemoteServices = {
    storage,
    deviceKeys: new DeviceKeys(storage.keys),
    wallets: { getSeedlessWallet, getMint: () => mint.mint },
    logger: silentLogger,
    createRelayPool: () => pool,
  };
  const router = createMemoryRouter(
    [{ path: '/remote/:npub', element: <RemoteScreen services={services} /> }],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { storage, pool, mint, getSeedlessWallet };
}

async function typeAmount(digits: string) {
  for (const digit of digits) fireEvent.click(screen.getByRole('button', { name: digit }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /submit/i }));
  });
}

describe('RemoteScreen guards', () => {
  it('warns with the documented texts when the link is this device’s own key', async () => {
    const deviceKey = randomSecretKey();
    await setup(`/remote/${encodeNpub(getPublicKey(deviceKey))}`, deviceKey);
    expect(await screen.findByText('Invalid Remote Connection')).toBeTruthy();
    expect(screen.getByText('Cannot Connect to Your Own Key')).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      'Use a different device or browser',
      'Generate a new connection QR code',
      'Scan it with the remote device',
    ]);
    expect(screen.queryByText(/Creating invoices for/)).toBeNull();
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
  });

  it('shows an error page for a malformed npub and creates no device key', async () => {
    const { storage } = await setup('/remote/npub1notavalidkey');
    expect(await screen.findByText('Invalid Connection Link')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'does not contain a valid merchant key',
    );
    expect(screen.queryByText(/Creating invoices for/)).toBeNull();
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
    expect(await storage.keys.getSecretKey()).toBeUndefined();
  });
});

/** The merchant's kind 10019 profile, as the relay keeps it. */
function publishProfile(pool: FakeRelayPool, relay: string, profile: MerchantProfile) {
  pool.deliver(relay, finalizeEvent(merchantProfileTemplate(profile, 1_700_000_000), merchantSk));
}

/** Waits for the keypad: the page first reads the merchant's profile. */
async function tillReady() {
  return screen.findByRole('button', { name: /submit/i });
}

function statuses() {
  return screen.queryAllByTestId('cashier-sale-status').map((item) => item.textContent);
}

const linkSearch = `?mint=${encodeURIComponent(MINT)}&relay=${encodeURIComponent(RELAY)}`;
describe('RemoteScreen heading', () => {
  it('names the shop from the link, with the merchant key under it', async () => {
    await setup(`/remote/${merchantNpub}?shop=${encodeURIComponent('Corner Café')}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Creating invoices for Corner Café' }),
    ).toBeTruthy();
    expect(screen.getByText(`Merchant key: ${merchantNpub}`)).toBeTruthy();
  });

  it('shows markup in a shop name as plain text, cut to 40 characters', async () => {
    const shop = '<img src=x onerror=alert(1)>'.padEnd(60, '!');
    await setup(`/remote/${merchantNpub}?shop=${encodeURIComponent(shop)}`);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(`Creating invoices for ${shop.slice(0, 40)}`);
    expect(heading.querySelector('img')).toBeNull();
  });

  it("keeps 'Creating invoices for {npub}' when the link names no shop", async () => {
    await setup(`/remote/${merchantNpub}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Creating invoices for ${merchantNpub}`,
      }),
    ).toBeTruthy();
  });
});

/** The cashier page from a paired link, its merchant's profile naming that pairing. */
function pairedCashier(secret: Uint8Array, mintInfo: unknown = null) {
  return setup(
    `/remote/${merchantNpub}${linkSearch}#pair=${encodePairingSecret(secret)}`,
    undefined,
    (relays) =>
      publishProfile(relays, RELAY, {
        mints: [MINT],
        relays: [RELAY],
        pairingId: pairingId(secret),
      }),
    undefined,
    mintInfo,
  );
}

describe('RemoteScreen cashier', () => {
  it('shows the invoice only after a relay stored the paired gift wrap, then waits for the merchant and shows its confirmation', async () => {
    const secret = newPairingSecret();
    const { pool, mint, getSeedlessWallet } = await pairedCashier(secret);
    expect(
      await screen.findByRole('heading', { name: `Creating invoices for ${merchantNpub}` }),
    ).toBeTruthy();
    await tillReady();

    await typeAmount('21');
    expect(await screen.findByText('Please pay this invoice')).toBeTruthy();
    expect(screen.getByTestId('invoice-string').textContent).toBe('lnbcrt21n1fakeinvoice');
    expect(getSeedlessWallet).toHaveBeenCalledWith(MINT, 'sat');
    expect(statuses()).toEqual(['Waiting for payment']);

    const wrap = (pool.events.get(RELAY) ?? []).find((event) => event.kind === 1059);
    expect(wrap).toBeDefined();
    const message = JSON.parse(unwrapPaymentEvent(wrap!, merchantSk).content) as Record<
      string,
      unknown
    >;
    expect(message).toMatchObject({
      quote: 'quote-1',
      amount: 21,
      mint: MINT,
      pubkey: lockPubkeyForNostrKey(merchantHex),
      pairing: { id: pairingId(secret) },
    });

    mint.state.paid.add('quote-1');
    await waitFor(() => expect(statuses()).toEqual(['Paid, waiting for the merchant...']), {
      timeout: 5000,
    });
    await waitFor(() => expect(screen.queryByText('Please pay this invoice')).toBeNull());
    expect(screen.getByTestId('keypad-amount').textContent).toMatch(/^0\b/);
    expect(confetti).not.toHaveBeenCalled();

    await act(async () => {
      pool.deliver(
        RELAY,
        wrapReceipt({
          merchantSecretKey: merchantSk,
          receiptPubkeyHex: message.receipt as string,
          receipt: { quote: 'quote-1', amount: 21, time: 1 },
        }),
      );
    });
    await waitFor(() => expect(statuses()).toEqual(['Merchant confirmed 21 sats']));
    expect(screen.getByText('Sales on this device')).toBeTruthy();
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it("refuses an amount above the mint's maximum while it is typed, as the merchant's keypad does", async () => {
    const info = { nuts: { 4: { methods: [{ method: 'bolt11', unit: 'sat', max_amount: 500 }] } } };
    const { mint } = await pairedCashier(newPairingSecret(), info);
    await tillReady();
    // The limits (and the mint's name) arrive with the mint's info, after the keypad is up.
    await waitFor(() => expect(mint.state.infoReads).toBe(2));
    await act(async () => {});
    for (const digit of '5000') fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(screen.getByText('The mint takes at most 500 sats per invoice.')).toBeTruthy();
    expect(screen.getByTestId('keypad-amount').textContent).toMatch(/^500\b/);
    expect(mint.state.created).toEqual([]);
  });

  it('says the link is no longer valid, with no keypad, when the profile names another pairing id', async () => {
    const { mint } = await setup(
      `/remote/${merchantNpub}${linkSearch}#pair=${encodePairingSecret(newPairingSecret())}`,
      undefined,
      (pool) =>
        publishProfile(pool, RELAY, {
          mints: [MINT],
          relays: [RELAY],
          pairingId: pairingId(newPairingSecret()),
        }),
    );
    expect(
      await screen.findByText(
        'This cashier link is no longer valid. Ask the merchant for a new link.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
    expect(mint.state.created).toEqual([]);
  });

  it('a link without a secret is no longer valid once the merchant takes only paired messages', async () => {
    await setup(`/remote/${merchantNpub}${linkSearch}`, undefined, (pool) =>
      publishProfile(pool, RELAY, { mints: [MINT], relays: [RELAY], pairingId: 'ab'.repeat(8) }),
    );
    expect(await screen.findByText(/This cashier link is no longer valid/)).toBeTruthy();
  });

  it('shows a loading line while reading the profile, then uses the profile’s mint and relays for a plain link', async () => {
    const profileRelay = 'wss://merchant.relay';
    let release: (() => void) | undefined;
    const { pool, getSeedlessWallet } = await setup(
      `/remote/${merchantNpub}`,
      undefined,
      (relays) => {
        // The device's own relay holds the profile, and answers when the test says so.
        publishProfile(relays, 'wss://default.relay', {
          mints: ['https://merchant.mint/'],
          relays: [profileRelay],
        });
        const subscribe = relays.subscribe.bind(relays);
        relays.subscribe = (urls, filter, params) => {
          let closer: ReturnType<typeof subscribe> | undefined;
          if (filter.kinds?.includes(10019) && !release) {
            release = () => {
              closer = subscribe(urls, filter, params);
            };
            return { close: (reason?: string) => closer?.close(reason) };
          }
          return subscribe(urls, filter, params);
        };
      },
    );
    expect(await screen.findByText('Looking up the merchant’s payment settings...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
    await waitFor(() => expect(release).toBeDefined());
    release!();
    await tillReady();
    await typeAmount('3');
    expect(await screen.findByText('Please pay this invoice')).toBeTruthy();
    expect(getSeedlessWallet).toHaveBeenCalledWith('https://merchant.mint', 'sat');
    expect(pool.events.get(profileRelay)?.some((event) => event.kind === 1059)).toBe(true);
  });

  it('never reuses a secret kept from a paired link: the same link without its fragment is a new, unpaired link', async () => {
    const secret = newPairingSecret();
    const path = `/remote/${merchantNpub}${linkSearch}`;
    const dbName = `remote-screen-kept-${++count}`;
    const profile = { mints: [MINT], relays: [RELAY], pairingId: pairingId(secret) };
    await setup(
      `${path}#pair=${encodePairingSecret(secret)}`,
      undefined,
      (pool) => publishProfile(pool, RELAY, profile),
      dbName,
    );
    await tillReady();
    cleanup();

    // The merchant takes only paired messages: without its fragment the link is not valid.
    await setup(path, undefined, (pool) => publishProfile(pool, RELAY, profile), dbName);
    expect(
      await screen.findByText(
        'This cashier link is no longer valid. Ask the merchant for a new link.',
      ),
    ).toBeTruthy();
    cleanup();

    // The merchant takes unpaired messages too: the sale goes out with no proof at all.
    const again = await setup(
      path,
      undefined,
      (pool) => publishProfile(pool, RELAY, { mints: [MINT], relays: [RELAY] }),
      dbName,
    );
    await tillReady();
    await typeAmount('4');
    expect(await screen.findByText('Please pay this invoice')).toBeTruthy();
    const wrap = (again.pool.events.get(RELAY) ?? []).find((event) => event.kind === 1059);
    const message = JSON.parse(unwrapPaymentEvent(wrap!, merchantSk).content) as {
      pairing?: { id: string };
    };
    expect(message.pairing).toBeUndefined();
  });

  it('sells on the merchant’s mint, shown by name and host, when the link names another mint', async () => {
    const evil = 'https://mint.evil.example';
    const { getSeedlessWallet, pool } = await setup(
      `/remote/${merchantNpub}?mint=${encodeURIComponent(evil)}&relay=${encodeURIComponent(RELAY)}`,
      undefined,
      (relays) => publishProfile(relays, RELAY, { mints: [MINT], relays: [RELAY] }),
      undefined,
      { name: 'Shop Mint', nuts: {} },
    );
    await tillReady();
    expect(
      await screen.findByText(
        'This link names a mint the merchant does not accept. Payments go to the merchant’s mint shown here.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('cashier-mint').textContent).toBe(
        'Mint: Shop Mint · 127.0.0.1:3338',
      ),
    );
    await typeAmount('6');
    expect(await screen.findByText('Please pay this invoice')).toBeTruthy();
    expect(getSeedlessWallet).toHaveBeenCalledWith(MINT, 'sat');
    expect(getSeedlessWallet).not.toHaveBeenCalledWith(evil);
    const wrap = (pool.events.get(RELAY) ?? []).find((event) => event.kind === 1059);
    expect(JSON.parse(unwrapPaymentEvent(wrap!, merchantSk).content)).toMatchObject({ mint: MINT });
  });

  it(
    'sells nothing when no profile of the merchant can be found',
    { timeout: 15_000 },
    async () => {
      const { mint } = await setup(`/remote/${merchantNpub}${linkSearch}`);
      expect(
        await screen.findByText(
          'Could not find which mints the merchant accepts, so this page cannot take payments. Ask the merchant to open Cashew POS, then reload this page.',
          undefined,
          // asked three times, 2 s apart, in case the merchant has only just opened the app
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
      expect(mint.state.created).toEqual([]);
    },
  );

  it('shows an error and no invoice when no relay accepts the message', async () => {
    const { pool, storage } = await setup(
      `/remote/${merchantNpub}?relay=${encodeURIComponent(RELAY)}`,
      undefined,
      (relays) => publishProfile(relays, RELAY, { mints: [MINT], relays: [RELAY] }),
    );
    await tillReady();
    pool.behaviour.set(RELAY, 'down');
    await typeAmount('5');
    expect(
      await screen.findAllByText(
        '❌ Could not reach the merchant over the relays, so no invoice is shown. Check the connection and try again.',
      ),
    ).not.toHaveLength(0);
    expect(screen.queryByText('Please pay this invoice')).toBeNull();
    expect(screen.getByTestId('invoice-error')).toBeTruthy();
    expect(await storage.cashierSales.list(merchantHex)).toEqual([]);
    expect(statuses()).toEqual([]);
  });
});

describe('RemoteScreen items', () => {
  it('sells the merchant’s published items: the cart’s lines and an ecash request go with the sale', async () => {
    const secret = newPairingSecret();
    const coffee = {
      id: 'coffee',
      name: 'Coffee',
      price: { unit: 'sat' as const, sats: 7 },
      taxRatePercent: 10,
      enabled: true,
      position: 0,
    };
    const { pool } = await setup(
      `/remote/${merchantNpub}${linkSearch}#pair=${encodePairingSecret(secret)}`,
      undefined,
      (relays) => {
        publishProfile(relays, RELAY, {
          mints: [MINT],
          relays: [RELAY],
          pairingId: pairingId(secret),
        });
        const catalog = catalogOf([coffee], { tips: false, currency: null });
        relays.deliver(
          RELAY,
          catalogEvent({ merchantSecretKey: merchantSk, pairingSecret: secret, catalog, now: 1 }),
        );
      },
    );
    await tillReady();
    fireEvent.click(await screen.findByRole('button', { name: 'Items' }));
    // The item's button says its price too, for a screen reader.
    fireEvent.click(screen.getByRole('button', { name: 'Add Coffee, 7 sats' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Coffee, 7 sats' }));
    // A custom amount is a line of its own, as on the merchant's cart.
    fireEvent.change(screen.getByLabelText('Custom amount (sats)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // 2 × 7 = 14, tax 10 % = 1.4 → 1, plus 3: 18 sats.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Charge 18 sats' }));
    });
    // The modal's code loads lazily; the first test to open one waits for it.
    expect(
      await screen.findByText('Please pay this invoice', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('invoice-string').textContent).toBe('lnbcrt18n1fakeinvoice');
    const wrap = (pool.events.get(RELAY) ?? []).find((event) => event.kind === 1059);
    const message = parsePaymentMessage(unwrapPaymentEvent(wrap!, merchantSk).content);
    expect(message.sale).toEqual({
      lines: [
        { itemId: 'coffee', name: 'Coffee', quantity: 2, unitSats: 7, taxRatePercent: 10 },
        { name: 'Custom amount', quantity: 1, unitSats: 3 },
      ],
      subtotalSats: 17,
      taxSats: 1,
      tipSats: 0,
    });
    expect(hasValidPairing(secret, message)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ecash' }));
    const request = PaymentRequest.fromEncodedRequest(
      screen.getByTestId('ecash-request-string').textContent ?? '',
    );
    expect(request.id).toBe(message.ecashRequest);
    expect(request.amount?.toNumber()).toBe(18);
    expect(request.mints).toEqual([MINT]);
  });
});
