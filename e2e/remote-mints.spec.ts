// The merchant decides which mints take its remote sales, and locking is required where it can be
// had (issue 29, holes 2 and 3), each played as the attack would run against the dev stack: a
// paired cashier's link naming a second dev mint, a message naming that mint sent straight to the
// relay, an unlocked quote from a mint that once listed NUT-20, and a mint without NUT-20.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { startMint, type DevMint } from '../dev/mint/server.ts';
import {
  MERCHANT_PROFILE_KIND,
  newestEvent,
  parseMerchantProfile,
  type MerchantProfile,
} from '../src/core/remote-payments/merchant-profile';
import { provePairing } from '../src/core/remote-payments/pairing';
import type { PaymentMessage } from '../src/core/remote-payments/payment-message';
import { expect, test } from './fixtures';
import { cashierKeypadReady, openCashier } from './helpers/cashier';
import { INVOICE_TITLE, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import {
  giftWrap,
  linkSecret,
  lockedQuote,
  publish,
  query,
  saleMessage,
} from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';
import { configRow, rowsFor } from './helpers/app-rows';

const REMOTE_RECEIVED = '🌐 Remote Payment received! Proofs stored successfully.';
const received = (sats: number) => `${REMOTE_RECEIVED} ${sats} sats`;
const LINK_MINT_REFUSED =
  'This link names a mint the merchant does not accept. Payments go to the merchant’s mint shown here.';
const NEEDS_LOCKING =
  '❌ This mint cannot lock invoices to the merchant, so no invoice is shown. Ask the merchant for a mint that locks quotes.';
const UNLOCKED_SETTING = 'Accept sales on mints that cannot lock quotes';
/** Inbox delivery plus the quote watch, relay round trips, a busy box. */
const LANDS = { timeout: 30_000 };

interface Merchant {
  link: string;
  npub: string;
  pubkeyHex: string;
  secret: Uint8Array;
}

let other: DevMint | undefined;
let noLock: DevMint | undefined;
const dataDirs: string[] = [];
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  const dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'cashew-e2e-mints-'))));
  dataDirs.push(...dirs);
  other = await startMint({ port: 0, fresh: true, dataDir: dirs[0] });
  noLock = await startMint({ port: 0, fresh: true, dataDir: dirs[1], nut20: false });
});

test.afterAll(async () => {
  await other?.close();
  await noLock?.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Onboards on `mintUrl`, reads the Connect link, and waits until its profile lists that mint. */
async function merchantAt(
  page: Page,
  mintUrl: string,
  relayUrl: string,
): Promise<Merchant & { profile: () => Promise<MerchantProfile | undefined> }> {
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  const decoded = decode(npub);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  const pubkeyHex = decoded.data;
  const profile = async () => {
    const events = await query(relayUrl, { kinds: [MERCHANT_PROFILE_KIND], authors: [pubkeyHex] });
    const newest = newestEvent(events);
    return newest ? parseMerchantProfile(newest) : undefined;
  };
  await expect.poll(async () => (await profile())?.mints, LANDS).toEqual([mintUrl]);
  await page.goto('/');
  return { link, npub, pubkeyHex, secret: linkSecret(link), profile };
}

/** A config row of the app's IndexedDB, or ''. */
async function configValue(page: Page, key: string): Promise<string> {
  return (await configRow(page, key)) ?? '';
}

/** Settings' refused-payments summary, which reads the counts again while it is open. */
async function expectRefused(page: Page, line: string): Promise<void> {
  await page.goto('/settings');
  await expect(page.getByTestId('refused-payments')).toContainText(line, { timeout: 60_000 });
}

test('a paired cashier’s link naming a mint the merchant does not accept sells on the merchant’s mint; a message naming that mint stores nothing and is counted', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(150_000);
  const foreignMint = other!;
  const merchant = await merchantAt(page, mintUrl, relayUrl);

  // The crafted link: the merchant's own paired link, its mint swapped for the second dev mint.
  const crafted = new URL(merchant.link);
  crafted.searchParams.set('mint', foreignMint.url);
  const cashier = await openCashier(browser, crafted.href, merchant.npub);
  contexts.push(cashier.context);
  await expect(cashier.page.getByText(LINK_MINT_REFUSED)).toBeVisible();
  await expect(cashier.page.getByTestId('cashier-mint')).toHaveText(
    `Mint: Cashew dev mint · ${new URL(mintUrl).host}`,
    LANDS,
  );
  const quote = await requestInvoice(cashier.page, 11);
  expect(foreignMint.mintQuote(quote)).toBeUndefined();
  await payQuote(quote);
  await expect(page.getByText(received(11))).toBeVisible(LANDS);

  // A hostile cashier (it holds the pairing secret) sends a sale on the other mint directly.
  const foreign = await lockedQuote(request, foreignMint.url, 7, merchant.pubkeyHex);
  const message = saleMessage(foreignMint.url, foreign, merchant.pubkeyHex, {
    secret: merchant.secret,
  });
  await publish(relayUrl, [giftWrap(message, merchant.pubkeyHex)]);
  await foreignMint.pay(foreign.quote);

  await expectRefused(page, 'On a mint you do not accept: 1');
  expect(await rowsFor(page, [foreign.quote])).toBe(0);
  expect(foreignMint.mintQuote(foreign.quote)?.state).toBe('PAID');
  expect(await storedMoney(page)).toMatchObject({ balance: 11, pendingQuotes: 0 });
});

test('a mint that listed NUT-20 answering an unlocked quote is refused, even with unlocked sales on', async ({
  page,
  relayUrl,
  request,
}) => {
  test.setTimeout(150_000);
  const mint = other!;
  const merchant = await merchantAt(page, mint.url, relayUrl);
  // Remembered when the inbox started listening.
  await expect
    .poll(() => configValue(page, 'LOCKING_MINTS'), LANDS)
    .toContain(new URL(mint.url).host);

  const off = await request.post(`${mint.url}/dev/config`, { data: { nut20: false } });
  expect(off.ok()).toBe(true);
  try {
    await page.goto('/settings');
    await page.getByLabel(UNLOCKED_SETTING).check();
    await expect(page.getByLabel(UNLOCKED_SETTING)).toBeChecked();
    // A fresh start: the mint's info, without NUT-20 now, is read again.
    await page.goto('/');
    await expect.poll(() => configValue(page, 'ACCEPT_UNLOCKED')).toBe('true');
    // The profile never offers unlocked sales on a mint that once locked.
    expect((await merchant.profile())?.unlockedMints).toBeUndefined();

    const created = await request.post(`${mint.url}/v1/mint/quote/bolt11`, {
      data: { amount: 9, unit: 'sat' },
    });
    const quote = (await created.json()) as { quote: string; request: string; expiry: number };
    const unsigned: PaymentMessage = {
      quote: quote.quote,
      amount: 9,
      request: quote.request,
      unit: 'sat',
      mint: mint.url,
      expiry: quote.expiry,
    };
    const message = { ...unsigned, pairing: provePairing(merchant.secret, unsigned) };
    await publish(relayUrl, [giftWrap(message, merchant.pubkeyHex)]);
    await mint.pay(quote.quote);

    await expectRefused(page, 'Not locked to this wallet: 1');
    expect(await rowsFor(page, [quote.quote])).toBe(0);
    expect(await storedMoney(page)).toMatchObject({ balance: 0, pendingQuotes: 0 });
  } finally {
    await request.post(`${mint.url}/dev/config`, { data: { nut20: true } });
  }
});

test('on a mint without NUT-20 the cashier asks for a mint that locks instead of selling, until the merchant accepts unlocked sales', async ({
  page,
  browser,
  relayUrl,
}) => {
  test.setTimeout(150_000);
  const mint = noLock!;
  const merchant = await merchantAt(page, mint.url, relayUrl);
  const cashier = await openCashier(browser, merchant.link, merchant.npub);
  contexts.push(cashier.context);

  await cashier.page.keyboard.type('13');
  await cashier.page.keyboard.press('Enter');
  await expect(cashier.page.getByTestId('invoice-error')).toHaveText(NEEDS_LOCKING, LANDS);
  await expect(cashier.page.getByRole('dialog', { name: INVOICE_TITLE })).toHaveCount(0);

  // The merchant says yes in Settings; its profile now names this mint for unlocked sales.
  await page.goto('/settings');
  await page.getByLabel(UNLOCKED_SETTING).check();
  await expect(page.getByLabel(UNLOCKED_SETTING)).toBeChecked();
  await expect
    .poll(async () => (await merchant.profile())?.unlockedMints, LANDS)
    .toEqual([mint.url]);
  await page.goto('/');

  await cashier.page.reload();
  await expect(cashierKeypadReady(cashier.page)).toBeVisible(LANDS);
  const quote = await requestInvoice(cashier.page, 14);
  expect(mint.mintQuote(quote)?.pubkey).toBeUndefined();
  await mint.pay(quote);
  await expect(page.getByText(received(14))).toBeVisible(LANDS);
});
