// Prices within reason (issue 30), end to end: a price feed answering 1e12, 1e-9 or a time in the
// future is refused and the keypad takes sats, saying why; a 50 % jump waits for the merchant and
// is used once confirmed. Never a wrong charge, never a page error. Each test runs its own dev price
// feed (dev/prices), so tests running side by side never see each other's prices.
import type { Page } from '@playwright/test';
import { startPriceFeed, type DevPriceFeed } from '../dev/prices/server.ts';
import { expect, test } from './fixtures';
import { clickDigits, invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedEvents } from './helpers/history-events';
import { ageStoredPrice } from './helpers/stored-price';

let feed: DevPriceFeed;
let pageErrors: string[];

test.beforeEach(async ({ page }) => {
  feed = await startPriceFeed({ port: 0 });
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
});

test.afterEach(async () => {
  await feed.close();
  expect(pageErrors).toEqual([]);
});

/** Settings: USD from this test's feed, saved, and the form's answer after asking it. */
async function saveUsdPrices(page: Page, expectedStatus: string | RegExp) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Display currency').selectOption('USD');
  await page.getByLabel('Price source URL').fill(feed.pricesUrl);
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByTestId('price-status')).toHaveText(expectedStatus);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
}

/** The sales' fiat records, from the app's own database. */
async function storedFiat(page: Page) {
  return (await storedEvents(page)).map((e) => e.fiat);
}

const now = () => Math.floor(Date.now() / 1000);

for (const [name, update, why] of [
  [
    'a price of 1e12 USD',
    () => ({ USD: 1e12 }),
    'The price source answered an unlikely price for USD (1000000000000)',
  ],
  [
    'a price of 1e-9 USD',
    () => ({ USD: 1e-9 }),
    'The price source answered an unlikely price for USD (1e-9)',
  ],
  [
    'a time an hour ahead',
    () => ({ time: now() + 3600 }),
    "The price source's time is in the future",
  ],
] as const) {
  test(`${name} is refused: the keypad takes sats and says why`, async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    // First a good price, taken; then the feed goes wrong and the merchant asks it again.
    await saveUsdPrices(page, 'Price source reached: 1 BTC = 100,000 USD.');
    await expect(page.getByTestId('keypad-unit-toggle')).toBeVisible();
    feed.setPrices(update());
    await saveUsdPrices(page, `Price source check failed: ${why}`);

    await expect(page.getByTestId('keypad-note')).toHaveText(`${why}: amounts in sats`);
    await expect(page.getByTestId('keypad-unit-toggle')).toHaveCount(0);
    await clickDigits(page, '1000');
    await expect(page.getByTestId('keypad-other')).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = invoiceDialog(page);
    await expect(dialog.getByTestId('invoice-amount')).toHaveText('1,000 sats');
    await expect(dialog.getByTestId('invoice-fiat')).toHaveCount(0);
  });
}

test('a 50 % jump waits for the merchant; confirmed, the sale is charged and recorded at it', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await saveUsdPrices(page, 'Price source reached: 1 BTC = 100,000 USD.');
  feed.setPrices({ USD: 150_000 });
  await saveUsdPrices(
    page,
    'Price source check failed: The price moved +50 % in under an hour, from 100000 to 150000 USD',
  );

  const jump = page.getByRole('group', { name: 'The price changed a lot' });
  await expect(jump.getByTestId('price-jump-last')).toHaveText(
    /^Last price: 1 BTC = 100,000 USD \(\d\d:\d\d\)$/,
  );
  await expect(jump.getByTestId('price-jump-next')).toHaveText(
    /^New price: 1 BTC = 150,000 USD \(\d\d:\d\d\)$/,
  );
  await expect(page.getByTestId('keypad-note')).toHaveText(
    'The price moved +50 % in under an hour: amounts in sats',
  );
  await expect(page.getByTestId('keypad-unit-toggle')).toHaveCount(0);

  await jump.getByRole('button', { name: 'Use new price' }).click();
  await expect(jump).toBeHidden();
  const host = new URL(feed.pricesUrl).host;
  await expect(page.getByTestId('keypad-note')).toHaveText(
    `1 BTC = 150,000 USD from ${host}, just now`,
  );
  await page.getByTestId('keypad-unit-toggle').click();
  await clickDigits(page, '100');
  await expect(page.getByTestId('keypad-amount')).toHaveText('1.00 USD');
  // 1 USD at 150,000 USD/BTC is 666.66… sat: 667 asked.
  await expect(page.getByTestId('keypad-other')).toHaveText('= 667 sats');
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = invoiceDialog(page);
  await expect(dialog.getByTestId('invoice-amount')).toHaveText('667 sats');
  await expect(dialog.getByTestId('invoice-fiat')).toHaveText('1.00 USD');
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);

  await expect.poll(() => storedFiat(page), LANDS).toHaveLength(1);
  const [fiat] = (await storedFiat(page)) as { time: number }[];
  expect(fiat).toEqual({ currency: 'USD', price: 150_000, value: 1, time: expect.any(Number) });
  expect(Math.abs(fiat!.time - Date.now())).toBeLessThan(10 * 60_000);
});

test('a jump the merchant keeps out leaves the keypad in sats', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await saveUsdPrices(page, 'Price source reached: 1 BTC = 100,000 USD.');
  feed.setPrices({ USD: 50_000 });
  await saveUsdPrices(page, /^Price source check failed: The price moved -50 %/);
  await page
    .getByRole('group', { name: 'The price changed a lot' })
    .getByRole('button', { name: 'Keep sats only' })
    .click();
  await expect(page.getByTestId('keypad-note')).toHaveText('New price not used: amounts in sats');
  await expect(page.getByTestId('price-jump')).toHaveCount(0);
  await expect(page.getByTestId('keypad-unit-toggle')).toHaveCount(0);
});

test("Settings' check offers the jump too, and taking it there puts the keypad at it", async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await saveUsdPrices(page, 'Price source reached: 1 BTC = 100,000 USD.');
  feed.setPrices({ USD: 150_000 });
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByTestId('price-status')).toHaveText(/^Price source check failed: .*\+50 %/);
  await page.getByRole('button', { name: 'Use new price' }).click();
  await expect(page.getByTestId('price-status')).toHaveText(
    'Price source reached: 1 BTC = 150,000 USD.',
  );
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('keypad-note')).toHaveText(
    `1 BTC = 150,000 USD from ${new URL(feed.pricesUrl).host}, just now`,
  );
  await expect(page.getByTestId('keypad-unit-toggle')).toBeVisible();
});

test('the keys stay put when the price comes after the keypad', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await saveUsdPrices(page, 'Price source reached: 1 BTC = 100,000 USD.');
  await expect(page.getByTestId('keypad-unit-toggle')).toBeVisible();
  // The stored price is two hours old and the new one takes 2 s to come: the keypad shows first
  // with the out-of-date note, then the price and its toggle.
  await ageStoredPrice(page, 2 * 3600);
  feed.addFault({ delayMs: 2_000 });
  await page.reload();
  await expect(page.getByTestId('keypad-note')).toHaveText(/is out of date: amounts in sats$/);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeVisible();
  const before = await submit.boundingBox();
  await expect(page.getByTestId('keypad-unit-toggle')).toBeVisible({ timeout: 15_000 });
  expect(await submit.boundingBox()).toEqual(before);
});
