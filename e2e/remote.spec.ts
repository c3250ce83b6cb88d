// Remote cashier end to end: merchant and cashier in two browser contexts over the dev relay and
// dev mint; delivery, exactly-once minting, the NUT-20 lock, an offline merchant, relay outage.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Event as NostrEvent } from 'nostr-tools/core';
import { decode } from 'nostr-tools/nip19';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import { bytesToHex } from 'nostr-tools/utils';
import { generateSecretKey } from 'nostr-tools/pure';
import WebSocket from 'ws';
import { expect, test } from './fixtures';
import {
  cashierKeypadReady,
  cashierSale,
  expectSalePaid,
  freePort,
  openCashier,
  openCashierPage,
} from './helpers/cashier';
import { pricesControl, setUsdPrice, showDollars } from './helpers/dollar-shop';
import { customerWallet } from './helpers/customer';
import { INVOICE_TITLE, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { expectAccessible } from './helpers/axe';
import { storedEvents } from './helpers/history-events';
import { merchantProfilePublished } from './helpers/remote-sender';
import { customerProofs, readRequest, sendPayload } from './helpers/ecash-payer';
import { storedMoney } from './helpers/stored-money';
import { merchantInboxKey } from './helpers/remote-sender';

useWebSocketImplementation(WebSocket);

const REMOTE_RECEIVED = '🌐 Remote Payment received! Proofs stored successfully.';
const NO_PROFILE =
  'Could not find which mints the merchant accepts, so this page cannot take payments.';
/** Inbox delivery plus the background quote watch (5 s poll) on a busy box. */
const LANDS = { timeout: 25_000 };

/** Onboards the merchant and reads the connection link off its /connect page. */
async function merchantWithLink(page: Page, mintUrl: string, relayUrl: string) {
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  await expect(page.getByRole('heading', { level: 1, name: 'Connect Remote POS' })).toBeVisible();
  await expect(page.getByText('Connection String:', { exact: true })).toBeVisible();
  const link = (await page.getByTestId('connection-string').textContent())!;
  await expect(page.getByRole('img', { name: 'Connection QR code' })).toHaveAttribute(
    'width',
    '200',
  );
  await expect(page.locator('[data-qr-value]')).toHaveAttribute('data-qr-value', link);
  const npub = new URL(link).pathname.split('/').pop()!;
  const decoded = decode(npub);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  return { link, npub, pubkeyHex: decoded.data };
}

let cashierContext: BrowserContext | undefined;
test.afterEach(async () => {
  await cashierContext?.close();
  cashierContext = undefined;
});

/** A cashier opened from the link; its context is closed after the test. */
async function cashierFor(browser: Browser, link: string, npub: string) {
  const cashier = await openCashier(browser, link, npub);
  cashierContext = cashier.context;
  return cashier;
}

/** Every gift wrap the relay holds for the merchant (captured like any relay client would). */
async function captureWraps(relayUrl: string, pubkeyHex: string): Promise<NostrEvent[]> {
  const pool = new SimplePool();
  try {
    return await pool.querySync([relayUrl], {
      kinds: [1059],
      '#p': [pubkeyHex],
      since: Math.floor(Date.now() / 1000) - 3 * 24 * 3600,
    });
  } finally {
    pool.close([relayUrl]);
  }
}

async function republish(relayUrl: string, events: NostrEvent[]): Promise<void> {
  const pool = new SimplePool();
  try {
    for (const event of events) await Promise.any(pool.publish([relayUrl], event));
  } finally {
    pool.close([relayUrl]);
  }
}

test('a cashier opened from the Connect link takes a payment that lands once in the merchant wallet', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  const merchant = await merchantWithLink(page, mintUrl, relayUrl);
  const link = new URL(merchant.link);
  expect(link.searchParams.get('mint')).toBe(mintUrl);
  expect(link.searchParams.getAll('relay')).toEqual([relayUrl]);
  await page.goto('/');
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');

  const cashier = await cashierFor(browser, merchant.link, merchant.npub);
  const quoteId = await requestInvoice(cashier.page, 21, 'keyboard');

  // The quote was created at the merchant's mint, locked (NUT-20) to the sales inbox key its
  // profile names (decision 0030, point 7).
  const inbox = await merchantInboxKey(relayUrl, merchant.pubkeyHex);
  const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
  expect(atMint).toMatchObject({ quote: quoteId, amount: 21, state: 'UNPAID' });
  expect(atMint.pubkey).toBe(`02${inbox}`);

  await payQuote(quoteId);

  await expectSalePaid(cashier.page, quoteId, LANDS);
  await expect(cashier.page.getByRole('dialog', { name: INVOICE_TITLE })).toBeHidden();
  await expect(cashier.page.getByTestId('keypad-amount')).toHaveText('0 sats');

  await expect(page.getByText(REMOTE_RECEIVED)).toBeVisible(LANDS);
  await expect(page.getByText(REMOTE_RECEIVED)).toHaveCount(1);
  await expect(page.getByTestId('home-balance')).toHaveText('21 sats');
  expect(await storedMoney(page)).toMatchObject({
    balance: 21,
    history: [{ type: 'remote-payment', amount: 21, quoteId }],
  });
  // The merchant's receipt reaches the cashier: its sale is confirmed, with the sats credited.
  await expect(cashierSale(cashier.page, quoteId)).toHaveAttribute(
    'data-status',
    'confirmed',
    LANDS,
  );
  await expect(cashierSale(cashier.page, quoteId)).toContainText('Merchant confirmed 21 sats');

  // The very same gift wrap again (captured off the relay, republished), then a fresh inbox
  // session reading the relay from 3 days back: the quote is recognised, nothing is minted.
  const wraps = await captureWraps(relayUrl, inbox);
  expect(wraps.length).toBeGreaterThanOrEqual(1);
  await republish(relayUrl, wraps);
  const skipped = page.waitForEvent('console', {
    predicate: (message) => message.text().includes(`Remote quote ${quoteId} already processed`),
    timeout: LANDS.timeout,
  });
  await page.reload();
  await skipped;
  await expect(page.getByTestId('home-balance')).toHaveText('21 sats');
  expect(await storedMoney(page)).toMatchObject({
    balance: 21,
    history: [{ type: 'remote-payment', amount: 21, quoteId }],
  });
});

test('a paired cashier sells the merchant’s items in the shop’s currency (an item added meanwhile shows at once; found by search, plus a custom amount, parked and recalled after a reload), with a tip, and the merchant’s record keeps the lines and the cashier’s fiat figure', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  pricesUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(240_000);
  // 3.50 USD at 100,000 USD/BTC is exactly 3,500 sats.
  await setUsdPrice(request, pricesUrl, 100_000);
  try {
    const merchant = await merchantWithLink(page, mintUrl, relayUrl);
    await showDollars(page, 100_000, LANDS);
    await page.goto('/items');
    // Tips first, so the catalog published with both items carries them (a reload of the
    // merchant's page could cut a publish short, and the cashier shows only what was published).
    await page.getByLabel('Ask for a tip before charging').check();
    const bothItemsPublished = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('Catalog of 2 items published'),
      timeout: LANDS.timeout,
    });
    const form = page.getByTestId('item-form');
    for (const item of [
      { name: 'Coffee', price: '2500' },
      { name: 'Cake', price: '3.50', unit: 'USD', tax: '7.5' },
    ]) {
      await form.getByLabel('Name', { exact: true }).fill(item.name);
      await form.getByLabel('Price', { exact: true }).fill(item.price);
      if (item.unit) await form.getByLabel('Priced in').selectOption(item.unit);
      if (item.tax) await form.getByLabel('Tax rate % (optional)').fill(item.tax);
      await form.getByRole('button', { name: 'Add item' }).click();
      await expect(
        page.getByRole('button', { name: `Edit ${item.name}`, exact: true }),
      ).toBeVisible();
    }
    await bothItemsPublished;
    await page.goto('/');

    const cashier = await cashierFor(browser, merchant.link, merchant.npub);
    // The shop's currency on the keypad: 1.00 USD is 1,000 sats at the merchant's price.
    await expect(cashier.page.getByText('Enter an amount in USD')).toBeVisible(LANDS);
    await cashier.page.getByRole('button', { name: 'Items', exact: true }).click();
    await expect(cashier.page.getByRole('button', { name: 'Add Cake' })).toContainText('3.50 USD');
    await expectAccessible(cashier.page, 'Cashier items');
    const till = cashier.page;
    // An item the merchant adds while the cashier's page is open shows there without a reload.
    await page.goto('/items');
    const threeItemsPublished = page.waitForEvent('console', {
      predicate: (message) => message.text().includes('Catalog of 3 items published'),
      timeout: LANDS.timeout,
    });
    await form.getByLabel('Name', { exact: true }).fill('Tea');
    await form.getByLabel('Price', { exact: true }).fill('1200');
    await form.getByRole('button', { name: 'Add item' }).click();
    await threeItemsPublished;
    await expect(till.getByRole('button', { name: 'Add Tea' })).toContainText('1,200 sats', LANDS);
    await page.goto('/');
    await till.getByRole('button', { name: 'Add Coffee' }).click();
    await till.getByRole('button', { name: 'Add Coffee' }).click();
    // Found by search, as on the merchant's Items side.
    await till.getByLabel('Search items').fill('cak');
    await expect(till.getByRole('button', { name: 'Add Coffee' })).toHaveCount(0);
    await till.getByRole('button', { name: 'Add Cake' }).click();
    await till.getByLabel('Search items').fill('');
    // A keypad amount as its own line.
    await till.getByLabel('Custom amount (sats)').fill('100');
    await till.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(till.getByTestId('cart-line')).toHaveCount(3);
    // Parked, kept on this device across a reload, then recalled.
    await till.getByLabel('Basket name').fill('Table 2');
    await till.getByRole('button', { name: 'Park', exact: true }).click();
    await expect(till.getByTestId('cart-line')).toHaveCount(0);
    await till.reload();
    await till.getByRole('button', { name: 'Items', exact: true }).click(LANDS);
    await till.getByRole('button', { name: 'Recall Table 2' }).click();
    await expect(till.getByTestId('cart-line')).toHaveCount(3);
    // 2 × 2,500 + 3,500 + 100 = 8,600; tax 7.5 % of 3,500 = 262.5 → 263; tip 10 % of 8,863 → 886.
    await till.getByRole('button', { name: 'Charge 8,863 sats' }).click();
    await till.getByRole('button', { name: '10 %' }).click();
    await till.getByRole('button', { name: 'Charge 9,749 sats' }).click();
    const dialog = till.getByRole('dialog', { name: INVOICE_TITLE });
    await expect(dialog.getByTestId('invoice-amount')).toHaveText('9,749 sats', LANDS);
    const quoteId = (await till.locator('[data-quote-id]').getAttribute('data-quote-id'))!;
    // The price moves 4 % before the sale is paid and the merchant's till takes the new one: the
    // record keeps the cashier's figure, 9,749 sats at 100,000 = 9.75 USD (decision 0046).
    await setUsdPrice(request, pricesUrl, 104_000);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save shop settings' }).click();
    await expect(page.getByTestId('price-status')).toHaveText(
      'Price source reached: 1 BTC = 104,000 USD.',
      LANDS,
    );
    await page.goto('/');
    await payQuote(quoteId);
    await expect(cashierSale(till, quoteId)).toContainText('Merchant confirmed 9,749 sats', LANDS);
    // The charged cart is emptied once paid.
    await expect(till.getByTestId('cart-line')).toHaveCount(0, LANDS);

    await expect(page.getByTestId('home-balance')).toHaveText('9,749 sats', LANDS);
    const [sale] = (await storedEvents(page)).filter((e) => e.type === 'remote-payment');
    expect(sale).toMatchObject({
      amount: 9749,
      quoteId,
      sale: {
        lines: [
          { name: 'Coffee', quantity: 2, unitSats: 2500 },
          { name: 'Cake', quantity: 1, unitSats: 3500, taxRatePercent: 7.5 },
          { name: 'Custom amount', quantity: 1, unitSats: 100 },
        ],
        subtotalSats: 8600,
        taxSats: 263,
        tipSats: 886,
        method: 'lightning',
      },
      fiat: { currency: 'USD', price: 100_000, value: 9.75, time: expect.any(Number) },
    });
    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await page.getByTestId('history-item').first().getByRole('button', { name: 'Receipt' }).click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' }).getByTestId('receipt');
    await expect(receipt).toContainText('Fiat9.75 USD', LANDS);
  } finally {
    await request.delete(pricesControl(pricesUrl));
  }
});

test('a customer pays the cashier’s ecash request: it lands at the merchant once and the cashier shows the confirmation', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  const merchant = await merchantWithLink(page, mintUrl, relayUrl);
  await page.goto('/');
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');

  const cashier = await cashierFor(browser, merchant.link, merchant.npub);
  const quoteId = await requestInvoice(cashier.page, 21, 'keyboard');
  const dialog = cashier.page.getByRole('dialog', { name: INVOICE_TITLE });
  await dialog.getByRole('button', { name: 'Ecash', exact: true }).click();
  const text = (await dialog.getByTestId('ecash-request-string').textContent()) ?? '';
  const ecashRequest = readRequest(text);
  // Addressed to the merchant on its relays, for the cashier's quote mint.
  expect(ecashRequest).toMatchObject({ amount: 21, mints: [mintUrl], relays: [relayUrl] });
  expect(ecashRequest.pubkey).toBe(merchant.pubkeyHex);

  // The customer scans once the merchant holds the sale (it reads the cashier's message first).
  await expect.poll(async () => (await storedMoney(page)).pendingQuotes, LANDS).toBe(1);
  // Sent twice (two relays' worth): once.
  const proofs = await customerProofs(mintUrl, 21, payQuote);
  await sendPayload(ecashRequest, { proofs });
  await sendPayload(ecashRequest, { proofs });

  await expect(page.getByTestId('home-balance')).toHaveText('21 sats', LANDS);
  await expect(cashierSale(cashier.page, quoteId)).toHaveAttribute(
    'data-status',
    'confirmed',
    LANDS,
  );
  await expect(cashierSale(cashier.page, quoteId)).toContainText('Merchant confirmed 21 sats');
  const stored = await storedMoney(page);
  expect(stored).toMatchObject({ balance: 21, pendingQuotes: 0 });
  expect(stored.history).toEqual([expect.objectContaining({ type: 'ecash-payment', amount: 21 })]);
});

test('paid while the merchant tab is closed: the cashier cannot mint it, the merchant gets it on reopening', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  const merchant = await merchantWithLink(page, mintUrl, relayUrl);
  // Closed only once its profile is on the relay: a cashier without it cannot sell.
  await merchantProfilePublished(relayUrl, merchant.npub);
  const merchantContext = page.context();
  await page.close();

  const cashier = await cashierFor(browser, merchant.link, merchant.npub);
  const quoteId = await requestInvoice(cashier.page, 34, 'keyboard');
  await payQuote(quoteId);
  await expectSalePaid(cashier.page, quoteId, LANDS);

  // Everything the cashier knows (quote id, amount, its own keys) does not mint the quote.
  const rogue = await customerWallet(mintUrl);
  await expect(rogue.mintProofsBolt11(34, quoteId)).rejects.toMatchObject({
    message: expect.stringMatching(/signature/i),
  });
  // Signed with a key of its own (cashu-ts would refuse a non-matching key locally, so the
  // quote is passed by id alone): the mint checks the signature against the lock and refuses.
  await expect(
    rogue.mintProofs(
      'bolt11',
      34,
      { quote: quoteId },
      { privkey: bytesToHex(generateSecretKey()) },
    ),
  ).rejects.toMatchObject({ message: expect.stringMatching(/signature/i) });
  const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
  expect(atMint.state).toBe('PAID');

  const reopened = await merchantContext.newPage();
  await reopened.goto('/');
  await expect(reopened.getByText(REMOTE_RECEIVED)).toBeVisible(LANDS);
  await expect(reopened.getByTestId('home-balance')).toHaveText('34 sats');
  expect(await storedMoney(reopened)).toMatchObject({
    balance: 34,
    history: [{ type: 'remote-payment', amount: 34, quoteId }],
  });
  const issued = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
  expect(issued.state).toBe('ISSUED');
});

test('with the link pointing at a relay where nothing listens, the cashier sees an error and no invoice', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
}) => {
  const merchant = await merchantWithLink(page, mintUrl, relayUrl);
  const link = new URL(merchant.link);
  link.searchParams.delete('relay');
  link.searchParams.append('relay', `ws://127.0.0.1:${await freePort()}`);

  // No relay answers, so the merchant's signed list of mints cannot be read: no keypad at all.
  const cashier = await openCashierPage(browser, link.href, merchant.npub);
  cashierContext = cashier.context;
  await expect(cashier.page.getByRole('alert')).toContainText(NO_PROFILE, LANDS);
  await expect(cashierKeypadReady(cashier.page)).toHaveCount(0);
  await expect(cashier.page.getByRole('dialog', { name: INVOICE_TITLE })).toHaveCount(0);
  await expect(cashier.page.locator('section[data-quote-id]')).toHaveCount(0);
});

test('opening the own connection link shows the own-key warning and no keypad', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  const merchant = await merchantWithLink(page, mintUrl, relayUrl);
  await page.goto(merchant.link);
  await expect(page.getByRole('heading', { name: 'Invalid Remote Connection' })).toBeVisible();
  await expect(page.getByText('Cannot Connect to Your Own Key')).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveText([
    'Use a different device or browser',
    'Generate a new connection QR code',
    'Scan it with the remote device',
  ]);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});

test('a malformed npub shows an error page and nothing else', async ({ page }) => {
  await page.goto('/remote/npub1thisisnotakey');
  await expect(page.getByRole('heading', { name: 'Invalid Connection Link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
});
