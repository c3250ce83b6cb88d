// @vitest-environment happy-dom
// Remote cashier page: route-key guards, and the invoice shown only once a relay stored the message.
import 'fake-indexeddb/auto';
import { Amount, type Mint, type Wallet } from '@cashu/cashu-ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getPublicKey } from 'nostr-tools/pure';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../ui/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceKeys, encodeNpub, randomSecretKey } from '../../core/keys';
import { silentLogger } from '../../core/logger';
import { unwrapPaymentEvent } from '../../core/remote-payments';
import { FakeRelayPool } from '../../core/remote-payments/testing/fake-pool';
import { lockPubkeyForNostrKey } from '../../core/wallet/receive/nut20-key';
import { createStorage, type Storage } from '../../storage';
import type { RemoteServices } from './deps';
import { RemoteScreen } from './RemoteScreen';

// The success burst needs a real canvas; its call is what matters here.
const confetti = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../ui/confetti', () => ({ fireConfetti: confetti }));

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

/** A seedless wallet and mint stand-in: NUT-20 locked quotes, paid when the test says so. */
function fakeMint() {
  const state = { paid: false, created: [] as string[] };
  const wallet = {
    loadMint: () => Promise.resolve(),
    getMintInfo: () => ({ isSupported: (nut: number) => ({ supported: nut === 20 }) }),
    createLockedMintQuote: (amount: number, pubkey: string) => {
      const quote = `quote-${state.created.length + 1}`;
      state.created.push(quote);
      return Promise.resolve({
        quote,
        request: `lnbcrt${amount}n1fakeinvoice`,
        amount: Amount.from(amount),
        unit: 'sat',
        state: 'UNPAID',
        expiry: null,
        pubkey,
      });
    },
    createMintQuoteBolt11: () => Promise.reject(new Error('unlocked quotes not expected')),
  } as unknown as Wallet;
  const mint = {
    checkMintQuoteBolt11: (quote: string) =>
      Promise.resolve({ quote, state: state.paid ? 'PAID' : 'UNPAID', expiry: null }),
    getLazyMintInfo: () => Promise.reject(new Error('no websocket in this test')),
  } as unknown as Mint;
  return { state, wallet, mint };
}

async function setup(path: string, deviceKey?: Uint8Array) {
  const storage = createStorage({
    dbName: `remote-screen-${++count}`,
    defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
    logger: silentLogger,
  });
  opened.push(storage);
  if (deviceKey) await storage.keys.setSecretKey(deviceKey);
  const pool = new FakeRelayPool();
  const mint = fakeMint();
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

describe('RemoteScreen cashier', () => {
  it('shows the invoice only after a relay stored the gift wrap, locked to the merchant, and resets when paid', async () => {
    const search = `?mint=${encodeURIComponent(MINT)}&relay=${encodeURIComponent(RELAY)}`;
    const { pool, mint, getSeedlessWallet } = await setup(`/remote/${merchantNpub}${search}`);
    expect(
      await screen.findByRole('heading', { name: `Creating invoices for ${merchantNpub}` }),
    ).toBeTruthy();

    await typeAmount('21');
    expect(await screen.findByText('Please pay this invoice')).toBeTruthy();
    expect(screen.getByTestId('invoice-string').textContent).toBe('lnbcrt21n1fakeinvoice');
    expect(getSeedlessWallet).toHaveBeenCalledWith(MINT);

    const [wrap] = pool.events.get(RELAY) ?? [];
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
    });
    expect(pool.destroyed).toBe(true);

    mint.state.paid = true;
    expect(
      await screen.findByText('✅ Paid! The merchant received 21 sats.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Please pay this invoice')).toBeNull());
    expect(confetti).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('keypad-amount').textContent).toMatch(/^0\b/);
  });

  it('shows an error and no invoice when no relay accepts the message', async () => {
    const { pool } = await setup(`/remote/${merchantNpub}?relay=${encodeURIComponent(RELAY)}`);
    pool.behaviour.set(RELAY, 'down');
    await screen.findByRole('heading', { name: `Creating invoices for ${merchantNpub}` });
    await typeAmount('5');
    expect(
      await screen.findAllByText(
        '❌ Could not reach the merchant over the relays, so no invoice is shown. Check the connection and try again.',
      ),
    ).not.toHaveLength(0);
    expect(screen.queryByText('Please pay this invoice')).toBeNull();
    expect(screen.getByTestId('invoice-error')).toBeTruthy();
  });
});
