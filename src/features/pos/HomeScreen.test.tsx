// @vitest-environment happy-dom
// Home screen against the real dev mint, Dexie storage (fake-indexeddb) and a real PaymentService.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startMint, type DevMint } from '../../../dev/mint/server';
import { WalletEvents } from '../../core/events';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { createStorage, type Storage } from '../../storage';
import { storagePayments } from '../../testing/storage/payment-service';
import { centsProof, proof, recordingLogger } from '../../testing/storage/db';
import { englishText } from '../../ui/i18n';
import * as invoiceTexts from '../../ui/locales/invoice/en.json';
import { ZERO_AMOUNT_HINT as ZERO_AMOUNT } from '../../ui/locales/keypad/en.json';
import { Toaster } from '../../ui/toast/toaster';
import { silentLogger } from '../../core/logger';
import {
  PriceService,
  type PriceCache,
  type PriceSettings,
  type PriceView,
} from '../../core/prices/price-service';
import type { PosPrices } from './deps';
import { HomeScreen } from './HomeScreen';
import { MINT_MAX_HINT } from '../../ui/locales/keypad/en.json';
import { MINT_FAILING_REASON, MINT_UNREACHABLE_REASON } from './locales/invoice-failure/en.json';
import { COPY_INVOICE_FAILED_LOG } from '../../ui/texts';
import { PAYMENT_FAILED } from '../../ui/locales/payment/en.json';

const PAYMENT_FAILED_TOAST = englishText(PAYMENT_FAILED);

const INVOICE_MODAL_TITLE = englishText(invoiceTexts.INVOICE_MODAL_TITLE);
const INVOICE_MODAL_TEXT = englishText(invoiceTexts.INVOICE_MODAL_TEXT);
const ZERO_AMOUNT_HINT = englishText(ZERO_AMOUNT);

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);

const WAIT = { timeout: 15_000, interval: 20 };
let mint: DevMint;
let dataDir: string;
let dbCount = 0;
const teardowns: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cashew-pos-'));
  mint = await startMint({ port: 0, fresh: true, dataDir });
});

afterEach(async () => {
  cleanup();
  mint.clearFaults();
  for (const teardown of teardowns.splice(0).reverse()) await teardown();
});

afterAll(async () => {
  await mint.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function setup(options: { seed?: boolean; mintUrl?: string; prices?: PosPrices } = {}) {
  const logger = recordingLogger();
  const storage: Storage = createStorage({
    dbName: `pos-home-${++dbCount}-${Date.now()}`,
    defaults: { mintUrl: options.mintUrl ?? mint.url, relays: ['ws://127.0.0.1:1'] },
    logger,
  });
  if (options.seed !== false) {
    const mnemonic = generateMnemonic(wordlist);
    await storage.keys.saveWalletKeys({
      secretKey: new Uint8Array(32).fill(7),
      mnemonic,
      seed: mnemonicToSeedSync(mnemonic),
    });
  }
  const events = new WalletEvents();
  const wallets = new WalletProvider({
    keys: storage.keys,
    counters: storage.counterSource,
    logger,
  });
  const payments = storagePayments(storage, { events, wallets, logger });
  teardowns.push(async () => {
    payments.stop();
    await payments.idle();
    wallets.close();
    storage.close();
  });
  // As the app wires it: the balance line in the till unit (app/services/pos.ts).
  const withTillUnit = { ...storage, tillBalance: () => storage.tillUnit.tillBalance() };
  const services = { payments, storage: withTillUnit, events, logger, prices: options.prices };
  const user = userEvent.setup();
  render(
    <>
      <HomeScreen services={services} />
      <Toaster />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('0 sats'));
  return { user, storage, payments, logger, services };
}

const amountText = () => screen.getByTestId('keypad-amount').textContent;
const section = () => screen.getByRole('region', { name: 'Point of Sale' });
const quoteId = () => section().getAttribute('data-quote-id');

async function typeAndSubmit(user: ReturnType<typeof userEvent.setup>, digits: string) {
  for (const digit of digits) await user.click(screen.getByRole('button', { name: digit }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('HomeScreen', () => {
  it('creates a mint quote for exactly the typed amount and shows its invoice', async () => {
    const { user, storage } = await setup();
    await typeAndSubmit(user, '210');

    const dialog = await screen.findByRole('dialog', { name: INVOICE_MODAL_TITLE }, WAIT);
    const id = quoteId();
    expect(id).toBeTruthy();
    const atMint = mint.mintQuote(id!);
    expect(atMint).toMatchObject({ amount: 210, state: 'UNPAID' });
    expect(within(dialog).getByText(INVOICE_MODAL_TEXT)).toBeTruthy();
    expect(within(dialog).getByText('Invoice String:')).toBeTruthy();
    expect(within(dialog).getByTestId('invoice-string').textContent).toBe(atMint!.request);
    expect(within(dialog).getByRole('img', { name: 'Invoice QR code' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy Invoice' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    // Persisted the moment it exists.
    expect((await storage.mintQuotes.list()).map((q) => q.quote)).toEqual([id]);
  });

  it('shows the balance in the till unit: dollars only, never added to the sats', async () => {
    const { storage, services } = await setup();
    await storage.proofs.add(
      [centsProof('u256', 256), centsProof('u94', 94), proof('s21', 21)],
      mint.url,
    );
    await storage.tillUnit.setTillUnit('usd');
    act(() => services.events.emitUpdated({ reason: 'payment', amount: 350 }));
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('3.50 USD'));
  });

  it('charges a dollar till in cents: 3.50 USD typed is a 350-cent usd quote, paid as 3.50 USD', async () => {
    const { user, storage, services } = await setup();
    await storage.tillUnit.setTillUnit('usd');
    act(() => services.events.emitUpdated({ reason: 'payment', amount: 0 }));
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('0.00 USD'));
    expect(screen.getByText('Enter an amount in USD')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive ecash' })).toBeNull();
    await typeAndSubmit(user, '350');

    const dialog = await screen.findByRole('dialog', { name: INVOICE_MODAL_TITLE }, WAIT);
    expect(within(dialog).getByTestId('invoice-amount').textContent).toBe('3.50 USD');
    const id = quoteId()!;
    expect(mint.mintQuote(id)).toMatchObject({ amount: 350, unit: 'usd' });
    expect(await storage.mintQuotes.get(id)).toMatchObject({ amount: 350, unit: 'usd' });

    await mint.pay(id);
    await waitFor(
      () => expect(screen.getByTestId('home-balance').textContent).toBe('3.50 USD'),
      WAIT,
    );
    expect(await storage.proofs.balance()).toBe(0);
    expect((await storage.history.page(1)).events[0]).toMatchObject({ amount: 350, unit: 'usd' });
  });

  it('keeps the amount locked while the invoice is open', async () => {
    const { user } = await setup();
    await typeAndSubmit(user, '42');
    await screen.findByRole('dialog', {}, WAIT);

    expect(
      (screen.getByRole('button', { name: '7', hidden: true }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.keyboard('9');
    expect(amountText()).toBe('42 sats');
  });

  it('after the invoice is paid: modal closed, keypad back to 0, balance up by the amount', async () => {
    const { user, storage } = await setup();
    await typeAndSubmit(user, '21');
    await screen.findByRole('dialog', {}, WAIT);
    const id = quoteId()!;

    await mint.pay(id);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(amountText()).toBe('0 sats');
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('21 sats'));
    expect(await storage.proofs.balance()).toBe(21);
    expect(await storage.mintQuotes.list()).toEqual([]);
    const history = await storage.history.page(1);
    expect(history.events).toMatchObject([{ type: 'direct-payment', amount: 21, quoteId: id }]);
    expect(quoteId()).toBeNull();
  });

  it('closing the invoice keeps the quote pending, and a later payment still lands', async () => {
    const { user, storage } = await setup();
    await typeAndSubmit(user, '5');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const id = quoteId()!;

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await storage.mintQuotes.list()).map((q) => q.quote)).toEqual([id]);
    expect(screen.getByRole('button', { name: /Show invoice/ })).toBeTruthy();

    await mint.pay(id);
    await waitFor(
      () => expect(screen.getByTestId('home-balance').textContent).toBe('5 sats'),
      WAIT,
    );
    expect(amountText()).toBe('0 sats');
    expect(screen.queryByRole('button', { name: /Show invoice/ })).toBeNull();
  });

  it('Escape closes the invoice without clearing the amount; Show invoice opens it again', async () => {
    const { user } = await setup();
    await typeAndSubmit(user, '77');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    // The dialog takes focus as it opens (its effect may run a moment after it appears).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), WAIT);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(amountText()).toBe('77 sats');

    await user.click(screen.getByRole('button', { name: /Show invoice/ }));
    expect(screen.getByRole('dialog', { name: INVOICE_MODAL_TITLE })).toBeTruthy();
  });

  it('submitting 0 creates no quote and shows the hint', async () => {
    const { user, storage } = await setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.keyboard('{Enter}');

    expect(screen.getByText(ZERO_AMOUNT_HINT)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await storage.mintQuotes.list()).toEqual([]);
  });

  it('takes the amount from the keyboard too: digits, Backspace, Enter', async () => {
    const { user } = await setup();
    await user.keyboard('1234{Backspace}');
    expect(amountText()).toBe('123 sats');
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', {}, WAIT);
    expect(mint.mintQuote(quoteId()!)?.amount).toBe(123);
  });

  it('a copy failure is only logged', async () => {
    const { user, logger } = await setup();
    await typeAndSubmit(user, '3');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const failure = new Error('clipboard blocked');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(failure);

    await user.click(within(dialog).getByRole('button', { name: 'Copy Invoice' }));

    await waitFor(() => expect(logger.errors).toContainEqual([COPY_INVOICE_FAILED_LOG, failure]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the mint cannot create a quote: failure toast, no modal, keypad usable again', async () => {
    const { user, storage } = await setup();
    mint.addFault({ path: '/v1/mint/quote/bolt11', method: 'POST', action: 'refuse', code: 20000 });
    await typeAndSubmit(user, '8');

    expect(await screen.findByText(PAYMENT_FAILED_TOAST, {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await storage.mintQuotes.list()).toEqual([]);
    // Usable once the refusal's reason is said (its NUT table loads on the first refusal).
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('refuses an amount above the mint maximum while it is typed, saying so', async () => {
    await fetch(`${mint.url}/dev/config`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ maxAmount: 500 }),
    });
    teardowns.push(async () => {
      await fetch(`${mint.url}/dev/config`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ maxAmount: 1_000_000 }),
      });
    });
    const { user } = await setup();
    const hint = englishText(MINT_MAX_HINT, { max: '500' });
    // The limits arrive from the mint's info shortly after the screen opens.
    await waitFor(async () => {
      await user.keyboard('{Escape}5001');
      expect(screen.getByText(hint)).toBeTruthy();
    }, WAIT);
    expect(amountText()).toBe('500 sats');
  });

  it('a mint that cannot be reached: the toast and, under the keypad, why', async () => {
    const { user } = await setup({ mintUrl: 'http://127.0.0.1:9' });
    await typeAndSubmit(user, '8');
    expect(await screen.findByText(PAYMENT_FAILED_TOAST, {}, WAIT)).toBeTruthy();
    expect((await screen.findByTestId('invoice-error', {}, WAIT)).textContent).toBe(
      englishText(MINT_UNREACHABLE_REASON),
    );
  });

  it('a mint that answers HTTP 500 is failing, not unreachable, and the reason says so', async () => {
    const { user } = await setup();
    mint.addFault({ path: '/v1/mint/quote/bolt11', method: 'POST', action: 'error500', count: 5 });
    await typeAndSubmit(user, '8');
    expect(await screen.findByText(PAYMENT_FAILED_TOAST, {}, WAIT)).toBeTruthy();
    expect((await screen.findByTestId('invoice-error', {}, WAIT)).textContent).toBe(
      englishText(MINT_FAILING_REASON, { status: 500 }),
    );
  });

  it('a quote that fails at the mint clears the invoice and keeps the amount', async () => {
    const { user, payments } = await setup();
    await typeAndSubmit(user, '9');
    await screen.findByRole('dialog', {}, WAIT);
    const id = quoteId()!;
    // The mint now refuses to show the quote at all: a definite failure of this quote.
    mint.addFault({
      path: `/v1/mint/quote/bolt11/${id}`,
      method: 'GET',
      action: 'refuse',
      code: 20000,
    });
    await act(async () => {
      await payments.resumeAll();
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(quoteId()).toBeNull();
    expect(amountText()).toBe('9 sats');
  });

  it('shows the waiting line again after a reload for the invoice still waiting', async () => {
    const { user, services, payments } = await setup();
    await typeAndSubmit(user, '21');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const id = quoteId()!;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    cleanup(); // the tab reloads: a fresh screen on the same storage
    payments.stop();

    render(<HomeScreen services={services} />);

    const line = await screen.findByRole(
      'button',
      { name: /Waiting for 21 sats · Show invoice/ },
      WAIT,
    );
    expect(quoteId()).toBe(id);
    // The waiting line counts as on screen: another invoice paid now is toasted as an earlier one.
    await waitFor(() => expect(payments.shownQuote()).toBe(id));
    await userEvent.setup().click(line);
    expect(await screen.findByRole('dialog', {}, WAIT)).toBeTruthy();
  });

  it('brings back no line once the waiting invoice expired', async () => {
    const { user, services, storage } = await setup();
    await typeAndSubmit(user, '8');
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const id = quoteId()!;
    await storage.mintQuotes.update(id, { expiry: Math.floor(Date.now() / 1000) - 1 });
    cleanup();

    render(<HomeScreen services={services} />);
    await waitFor(() => expect(screen.getByTestId('home-balance').textContent).toBe('0 sats'));
    expect(await services.payments.latestWaiting()).toBeNull();
    expect(screen.queryByRole('button', { name: /Show invoice/ })).toBeNull();
  });
});

/** Prices that always answer `view`; the merchant's answers to a jump change nothing. */
const viewing = (view: () => PriceView): PosPrices => ({
  current: async () => view(),
  acceptNewPrice: async () => false,
  keepSatsOnly: async () => {},
});

describe('HomeScreen in the merchant currency', () => {
  const jpy = (stale: boolean, price = 15_000_000): PriceView => ({
    kind: 'price',
    currency: 'JPY',
    decimals: 0,
    price,
    time: Date.now() - (stale ? 11 * 60_000 : 0),
    source: 'prices.example',
    stale,
  });

  it('takes whole yen, asks the sats rounded up, and fixes the fiat on the quote row', async () => {
    const { user, storage } = await setup({ prices: viewing(() => jpy(false)) });
    const toggle = await screen.findByRole('button', { name: 'Enter the amount in JPY' }, WAIT);
    for (const digit of '1000') await user.click(screen.getByRole('button', { name: digit }));
    expect(screen.getByTestId('keypad-other').textContent).toBe('≈ 150 JPY'); // 1,000 sat at 15M yen/BTC
    expect(screen.getByText('Enter an amount in sats')).toBeTruthy();
    await user.click(toggle);
    expect(amountText()).toBe('0 JPY'); // switching unit clears the amount
    expect(screen.getByText('Enter an amount in JPY')).toBeTruthy();
    await typeAndSubmit(user, '1501');
    const dialog = await screen.findByRole('dialog', { name: INVOICE_MODAL_TITLE }, WAIT);
    expect(within(dialog).getByTestId('invoice-amount').textContent).toBe('10,007 sats');
    expect(within(dialog).getByTestId('invoice-fiat').textContent).toBe('1501 JPY');
    const [row] = await storage.mintQuotes.list();
    expect(row).toMatchObject({
      amount: 10_007,
      fiat: { currency: 'JPY', price: 15_000_000, value: 1501, time: expect.any(Number) },
    });
  });

  it('keeps what was typed when the price arrives after the keypad, and clears it only on a unit switch', async () => {
    let answer!: (view: PriceView) => void;
    const arrived = new Promise<PriceView>((resolve) => (answer = resolve));
    const { user } = await setup({
      prices: {
        current: () => arrived,
        acceptNewPrice: async () => false,
        keepSatsOnly: async () => {},
      },
    });
    // A cashier types as soon as the keypad is up, before the price source has answered.
    for (const digit of '21') await user.click(screen.getByRole('button', { name: digit }));
    expect(amountText()).toBe('21 sats');
    act(() => answer(jpy(false)));
    const toggle = await screen.findByRole('button', { name: 'Enter the amount in JPY' }, WAIT);
    expect(amountText()).toBe('21 sats');
    await user.click(toggle);
    expect(amountText()).toBe('0 JPY');
  });

  it('shows where the price comes from and how old it is', async () => {
    await setup({ prices: viewing(() => jpy(false)) });
    expect((await screen.findByTestId('keypad-note', {}, WAIT)).textContent).toBe(
      '1 BTC = 15,000,000 JPY from prices.example, just now',
    );
  });

  it('takes sats only with a note for a stale price, and when prices are unavailable', async () => {
    await setup({ prices: viewing(() => jpy(true)) });
    expect((await screen.findByTestId('keypad-note', {}, WAIT)).textContent).toMatch(
      /^Price from \d\d:\d\d is out of date: amounts in sats$/,
    );
    expect(screen.queryByTestId('keypad-unit-toggle')).toBeNull();
    cleanup();
    await setup({
      prices: viewing(() => ({ kind: 'unavailable', currency: 'JPY', reason: 'unreachable' })),
    });
    expect((await screen.findByTestId('keypad-note', {}, WAIT)).textContent).toBe(
      'Prices unavailable: amounts in sats',
    );
    expect(screen.queryByTestId('keypad-unit-toggle')).toBeNull();
  });

  it('says why a refused price leaves the keypad in sats', async () => {
    const detail = 'The price source answered an unlikely price for JPY (1000000000000000)';
    await setup({
      prices: viewing(() => ({ kind: 'unavailable', currency: 'JPY', reason: 'refused', detail })),
    });
    expect((await screen.findByTestId('keypad-note', {}, WAIT)).textContent).toBe(
      `${detail}: amounts in sats`,
    );
    expect(screen.queryByTestId('keypad-unit-toggle')).toBeNull();
  });

  it('never throws nor charges when a price gives no sound sats value', async () => {
    // 1e-9 yen per BTC would divide by zero; the service refuses such a price, the keypad guards too.
    const { user, storage } = await setup({ prices: viewing(() => jpy(false, 1e-9)) });
    const toggle = await screen.findByRole('button', { name: 'Enter the amount in JPY' }, WAIT);
    for (const digit of '5') await user.click(screen.getByRole('button', { name: digit }));
    expect(screen.queryByTestId('keypad-other')?.textContent ?? '').toBe('');
    await user.click(toggle);
    await typeAndSubmit(user, '1500');
    expect(screen.getByTestId('keypad-other').textContent).toBe('= ? sats');
    expect(screen.getByTestId('keypad-note').textContent).toBe(
      'This amount cannot be converted to sats at this price',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await storage.mintQuotes.list()).toEqual([]);
  });

  describe('a price that jumped', () => {
    const URL_JPY = 'http://prices.example/api/v1/prices';

    /** A real PriceService whose last price, 2 minutes old, was 15M yen; the source now says `now`. */
    function jumpedPrices(now: number) {
      const state: { settings: PriceSettings; cache?: PriceCache } = {
        settings: { currency: 'JPY', url: URL_JPY },
        cache: {
          url: URL_JPY,
          fetchedAt: Date.now() - 120_000,
          time: Math.floor(Date.now() / 1000) - 120,
          prices: { JPY: 15_000_000 },
        },
      };
      const service = new PriceService({
        store: {
          getSettings: async () => state.settings,
          saveSettings: async (next) => void (state.settings = next),
          getCache: async () => state.cache,
          putCache: async (cache) => void (state.cache = cache),
        },
        fetch: async () => ({
          ok: true,
          status: 200,
          text: async () => `{"time":${Math.floor(Date.now() / 1000)},"JPY":${now}}`,
        }),
        clock: () => Date.now(),
        logger: silentLogger,
      });
      return { service, state };
    }

    it('takes sats until the merchant confirms it, then charges at the new price', async () => {
      const { service, state } = jumpedPrices(22_500_000);
      const { user } = await setup({ prices: service });
      const jump = await screen.findByRole('group', { name: 'The price changed a lot' }, WAIT);
      expect(within(jump).getByTestId('price-jump-last').textContent).toMatch(
        /^Last price: 1 BTC = 15,000,000 JPY \(\d\d:\d\d\)$/,
      );
      expect(within(jump).getByTestId('price-jump-next').textContent).toMatch(
        /^New price: 1 BTC = 22,500,000 JPY \(\d\d:\d\d\)$/,
      );
      expect(screen.getByTestId('keypad-note').textContent).toBe(
        'The price moved +50 % in under an hour: amounts in sats',
      );
      expect(screen.queryByTestId('keypad-unit-toggle')).toBeNull();
      expect(state.cache?.prices.JPY).toBe(15_000_000);

      await user.click(within(jump).getByRole('button', { name: 'Use new price' }));
      const toggle = await screen.findByRole('button', { name: 'Enter the amount in JPY' }, WAIT);
      expect(screen.queryByTestId('price-jump')).toBeNull();
      expect(state.cache?.prices.JPY).toBe(22_500_000);
      await user.click(toggle);
      await typeAndSubmit(user, '1500'); // 6,666.6… sat rounds up
      const dialog = await screen.findByRole('dialog', { name: INVOICE_MODAL_TITLE }, WAIT);
      expect(within(dialog).getByTestId('invoice-amount').textContent).toBe('6,667 sats');
    });

    it('stays in sats when the merchant keeps sats only', async () => {
      const { service, state } = jumpedPrices(7_500_000);
      const { user } = await setup({ prices: service });
      const jump = await screen.findByRole('group', { name: 'The price changed a lot' }, WAIT);
      expect(screen.getByTestId('keypad-note').textContent).toBe(
        'The price moved -50 % in under an hour: amounts in sats',
      );
      await user.click(within(jump).getByRole('button', { name: 'Keep sats only' }));
      await waitFor(
        () =>
          expect(screen.getByTestId('keypad-note').textContent).toBe(
            'New price not used: amounts in sats',
          ),
        WAIT,
      );
      expect(screen.queryByTestId('price-jump')).toBeNull();
      expect(screen.queryByTestId('keypad-unit-toggle')).toBeNull();
      expect(state.cache?.prices.JPY).toBe(15_000_000);
    });
  });
});
