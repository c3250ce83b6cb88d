// axe-core over the states docs/behaviour.md names beyond each screen's first look: the keypad in
// a currency, Receive ecash, the invoice's ecash side, a mint fault on screen, history details,
// a pending token's cancel dialog, Settings' forms with their errors, the PIN's prompts, a
// recovery's result and a screen whose code could not be downloaded. Each at laptop and phone size.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { invoiceDialog, LANDS, RECEIVED, requestInvoice, clickDigits } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { enterPin, PIN, PROMPT, setPinInSettings } from './helpers/pin';
import { freshMint } from './helpers/fresh-mint';
import { mintFault, openWallet } from './helpers/wallet-screen';

// No service worker: it would serve the app's files from its cache, past the refused download below.
test.use({ serviceWorkers: 'block' });

/** axe at the laptop size the suite runs at, then at 390 px, then back. */
async function accessibleAtBothSizes(page: Page, state: string) {
  const size = page.viewportSize();
  await expectAccessible(page, state);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${state}, on a phone`);
  if (size) await page.setViewportSize(size);
}

const goToSettings = (page: Page) =>
  page.getByRole('link', { name: 'Settings', exact: true }).click();

// Its mint fault is armed on a mint of its own: on the suite's shared mint, a test running beside
// it could take the fault's one use (a cashier's quote did) and this test's Submit would succeed.
test.describe('the keypad', () => {
  const mint = freshMint(test, 'each', 'a11y-keypad');

  test('keypad states: in a currency, Receive ecash, the ecash side of the invoice, a mint fault', async ({
    page,
    request,
    relayUrl,
    pricesUrl,
  }) => {
    test.slow();
    const mintUrl = mint().url;
    await onboard(page, { mintUrl, relayUrl });
    await goToSettings(page);
    await page.getByLabel('Price source URL').fill(pricesUrl);
    await page.getByLabel('Display currency').selectOption('USD');
    await page.getByRole('button', { name: 'Save shop settings' }).click();
    await expect(page.getByTestId('price-status')).toContainText('Price source reached');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('button', { name: 'Enter the amount in USD' }).click();
    await clickDigits(page, '250');
    await expect(page.getByText('2.50 USD')).toBeVisible();
    await accessibleAtBothSizes(page, 'keypad in USD');

    await page.getByRole('button', { name: 'Enter the amount in sats' }).click();
    await clickDigits(page, '21');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive 21 sats in ecash' });
    await receive.getByLabel('Ecash token').fill('cashuBnot-a-token');
    await receive.getByRole('button', { name: 'Take ecash' }).click();
    await expect(receive.getByText('This is not a Cashu ecash token')).toBeVisible(LANDS);
    await accessibleAtBothSizes(page, 'Receive ecash with an error');
    await page.keyboard.press('Escape');
    await expect(receive).toBeHidden();

    await page.getByRole('button', { name: 'Clear' }).click();
    await requestInvoice(page, 21);
    await invoiceDialog(page).getByRole('button', { name: 'Ecash', exact: true }).click();
    await expect(invoiceDialog(page).getByText(/creqA/).first()).toBeVisible();
    await accessibleAtBothSizes(page, 'invoice, ecash side');
    await page.keyboard.press('Escape');

    await mintFault(request, mintUrl, {
      path: '/v1/mint/quote/bolt11',
      action: 'error500',
      count: 1,
    });
    await page.getByRole('button', { name: 'Clear' }).click();
    await clickDigits(page, '33');
    // On a phone the reason lands below the fold: it is brought into view, not left under it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/answered with an error \(HTTP 500\)/)).toBeVisible(LANDS);
    await expect(page.getByTestId('invoice-error')).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 720 });
    await accessibleAtBothSizes(page, 'keypad with a mint fault');
  });
});

test('wallet and settings states: history details, cancel a token, forms with errors, the PIN, a recovery, a screen that failed to load', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.slow();
  await onboard(page, { mintUrl, relayUrl });
  const quoteId = await requestInvoice(page, 40);
  await payQuote(quoteId);
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);

  await openWallet(page);
  const row = page.getByTestId('history-item').first();
  await row.getByRole('button', { name: 'Details' }).click();
  await row.getByText('Technical details').click();
  await expect(row.getByTestId('history-metadata')).toBeVisible();
  await accessibleAtBothSizes(page, 'history with details and technical details open');

  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Export history' })).toBeVisible();
  await accessibleAtBothSizes(page, 'export history');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByTestId('withdraw-amount-input').fill('10');
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const withdraw = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await expect(withdraw.getByTestId('animated-qr')).toBeVisible(LANDS);
  await withdraw.getByRole('button', { name: 'Close' }).click();
  await page
    .getByTestId('pending-withdrawals')
    .getByRole('button', { name: 'Cancel token' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Cancel this token?' })).toBeVisible();
  await accessibleAtBothSizes(page, 'cancel a pending token');
  await page.keyboard.press('Escape');

  await goToSettings(page);
  await page.getByLabel('Cash out automatically').check();
  await page.getByRole('button', { name: 'Save automatic cash-out' }).click();
  await expect(
    page.getByText('Enter a Lightning address (name@domain) or an LNURL.'),
  ).toBeVisible();
  await page.getByLabel('Shop name').fill('x'.repeat(41));
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByText('The shop name can be at most 40 characters.')).toBeVisible();
  await accessibleAtBothSizes(page, 'settings with the shop and automatic cash-out errors');

  await page.getByRole('button', { name: 'Replace wallet', exact: true }).click();
  await expect(page.getByTestId('replace-wallet-panel')).toBeVisible();
  await accessibleAtBothSizes(page, 'settings, replace wallet');
  await page.reload();

  // A screen whose code cannot be downloaded: the Connect screen's chunk is refused.
  await page.route(/\/assets\/Connect.*\.js$/, (route) => route.abort());
  await page.reload();
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible(LANDS);
  await accessibleAtBothSizes(page, 'a screen whose code could not be downloaded');
  await page.unroute(/\/assets\/Connect.*\.js$/);
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Set PIN' }).click();
  await page.getByLabel('New PIN (4 to 12 digits)').fill('12');
  await page.getByLabel('Repeat the PIN').fill('34');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('The PIN must be 4 to 12 digits')).toBeVisible();
  await accessibleAtBothSizes(page, 'settings, setting a PIN with an error');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await setPinInSettings(page, PIN);
  await page.reload();
  await expect(page.getByText('This till is locked', { exact: false }).first()).toBeVisible();
  await accessibleAtBothSizes(page, 'settings behind the lock');
  await openWallet(page);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await accessibleAtBothSizes(page, 'the PIN prompt');
  await enterPin(prompt, PIN);
  await expect(prompt).toBeHidden();
  // The PIN opens the withdrawal's amount: closed once it is up, not before.
  const amount = page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ });
  await expect(amount).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(amount).toBeHidden();

  await goToSettings(page);
  await page.getByRole('button', { name: 'Remove PIN' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove the PIN?' })).toBeVisible();
  await accessibleAtBothSizes(page, 'settings, removing the PIN');
  await page.getByRole('button', { name: 'Keep the PIN' }).click();

  await page.getByRole('button', { name: 'Recover funds' }).click();
  await expect(page.getByTestId('restore-result')).toBeVisible({ timeout: 60_000 });
  await accessibleAtBothSizes(page, 'settings, a recovery finished');
});
