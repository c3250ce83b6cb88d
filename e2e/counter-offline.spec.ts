// A counter without a reliable network (issue 17): the app starts offline after one visit, Submit
// says when the device is offline, a hung mint is reported and can be cancelled, a stopped mint is
// named, and an amount above the mint's maximum is refused while it is typed.
import type { Page } from '@playwright/test';
import failureTexts from '../src/features/pos/locales/invoice-failure/en.json' with { type: 'json' };
import keypadTexts from '../src/ui/locales/keypad/en.json' with { type: 'json' };
import payment from '../src/ui/locales/payment/en.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { clickDigits, typeUntilHint } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { freshMint } from './helpers/fresh-mint';

const PAYMENT_FAILED_TOAST = payment.PAYMENT_FAILED;

const amountDisplay = (page: Page) => page.getByTestId('keypad-amount');
const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit' });
const connectionStatus = (page: Page) => page.getByTestId('connection-status');
/** The invoice timeout is 10 s; leave room for a busy machine. */
const AFTER_TIMEOUT = { timeout: 25_000 };

/** Resolves once a service worker is active for the page, i.e. the app shell is precached. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!registration.active) throw new Error('no active service worker');
  });
}

test('the app is installable: a manifest with name, standalone display and its icons', async ({
  page,
  request,
}) => {
  await page.goto('/onboarding');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({
    name: 'Cashew POS',
    short_name: 'Cashew',
    display: 'standalone',
    start_url: '/',
    theme_color: '#6d28d9',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((icon) => [icon.sizes, icon.purpose ?? 'any'])).toEqual([
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]);
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...icons.map((icon) => `/${icon.src}`), appleIcon!]) {
    const icon = await request.get(src);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
});

test.describe('offline', () => {
  test('after one visit the app starts with no network, and Submit says it is offline', async ({
    page,
    context,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
    await serviceWorkerReady(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Point of Sale' })).toBeVisible();
    await expect(connectionStatus(page)).toHaveAttribute('data-state', 'offline');
    await expect(connectionStatus(page)).toContainText('Offline');

    await clickDigits(page, '21');
    await submitButton(page).click();
    await expect(page.getByTestId('invoice-error')).toHaveText(keypadTexts.OFFLINE_SUBMIT);
    await expect(page.getByText(PAYMENT_FAILED_TOAST)).toHaveCount(0);
    await expect(amountDisplay(page)).toHaveText('21 sats');
    await expect(submitButton(page)).toBeEnabled();

    // Every other screen's code comes from the cache too.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [entry, heading] of [
      ['Wallet', 'Wallet'],
      ['Connect', 'Connect Remote POS'],
      ['Settings', 'Settings'],
    ] as const) {
      await nav.getByRole('link', { name: entry }).click();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }

    await context.setOffline(false);
    await expect(connectionStatus(page)).toHaveAttribute('data-state', 'online');
  });
});

test.describe('a mint of its own', () => {
  // Fault switches and limits must not reach the other specs' shared mint.
  const mint = freshMint(test, 'each', 'offline-mint');

  test('a hung mint: "The mint is not responding" after the timeout, and Cancel frees the keypad', async ({
    page,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl: mint().url, relayUrl });
    await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
    mint().addFault({ path: '/v1/mint/quote/bolt11', method: 'POST', action: 'hang' });

    await clickDigits(page, '42');
    await submitButton(page).click();
    await expect(page.getByText(keypadTexts.CREATING_INVOICE)).toBeVisible();
    await expect(submitButton(page)).toBeDisabled();
    await expect(page.getByText(keypadTexts.MINT_NOT_RESPONDING)).toBeVisible(AFTER_TIMEOUT);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(keypadTexts.MINT_NOT_RESPONDING)).toHaveCount(0);
    await expect(submitButton(page)).toBeEnabled();
    await clickDigits(page, '0');
    await expect(amountDisplay(page)).toHaveText('420 sats');

    // The mint answers again: the next Submit shows an invoice as usual.
    mint().clearFaults();
    await submitButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Please pay this invoice' })).toBeVisible();
  });

  test('a stopped mint: the shell says so, and a Submit fails with the reason', async ({
    page,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl: mint().url, relayUrl });
    await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
    await mint().close();

    await page.reload();
    await expect(connectionStatus(page)).toHaveAttribute(
      'data-state',
      'mint-unreachable',
      AFTER_TIMEOUT,
    );
    await clickDigits(page, '8');
    await submitButton(page).click();
    await expect(page.getByTestId('invoice-error')).toHaveText(
      failureTexts.MINT_UNREACHABLE_REASON,
      AFTER_TIMEOUT,
    );
    await expect(page.getByText(PAYMENT_FAILED_TOAST)).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });

  test("an amount above the mint's maximum is refused while it is typed", async ({
    page,
    request,
    relayUrl,
  }) => {
    const set = await request.post(`${mint().url}/dev/config`, { data: { maxAmount: 500 } });
    expect(set.ok()).toBe(true);
    await onboard(page, { mintUrl: mint().url, relayUrl });

    await typeUntilHint(page, '5001', keypadTexts.MINT_MAX_HINT.replace('{max}', '500'));
    await expect(amountDisplay(page)).toHaveText('500 sats');
    await submitButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Please pay this invoice' })).toBeVisible();
  });
});
