// axe-core over every screen of the built app: no serious or critical violation on any of them.
import type { Locator, Page } from '@playwright/test';
import { seedMintRecommendation } from '../dev/relay/seed.ts';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { openCashier } from './helpers/cashier';
import { invoiceDialog, LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';

const WRITTEN_DOWN = 'I have written down my recovery phrase and stored it safely';

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

test.beforeAll(async ({ relayUrl, mintUrl }) => {
  // Discovery must list the local mint, so the discovered-mints list is checked with an entry.
  await seedMintRecommendation(relayUrl, mintUrl);
});

test('onboarding: welcome, every step in both modes, and the one-page onboarding', async ({
  page,
  mintUrl,
}) => {
  test.slow();
  await page.goto('/onboarding');
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeVisible();
  await expectAccessible(page, 'welcome');

  await page.getByRole('button', { name: 'Restore Existing Wallet' }).click();
  await expect(page.getByLabel('Recovery phrase')).toBeVisible();
  await expectAccessible(page, 'step 1, restore');

  await page.goto('/onboarding/welcome');
  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expectAccessible(page, 'step 1, create');
  await page.getByLabel(WRITTEN_DOWN).check();
  await continueButton(page).click();

  const localMint = page.getByRole('radio', { name: new RegExp(mintUrl.replace(/\./g, '\\.')) });
  await expect(localMint).toBeVisible();
  await expectAccessible(page, 'step 2, discovered mints');
  // The mint selection step at phone size, before and after a mint is chosen (issue 33).
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'step 2, discovered mints, on a phone');
  await localMint.check();
  await expectAccessible(page, 'step 2, a discovered mint chosen, on a phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('tab', { name: 'Custom Mint URL' }).click();
  await page.getByLabel('Mint URL', { exact: true }).fill('not a url');
  await continueButton(page).click();
  await expect(
    page.getByText('Mint URL must be a valid http:// or https:// address'),
  ).toBeVisible();
  await expectAccessible(page, 'step 2, custom mint URL with its error');
  await page.getByLabel('Mint URL', { exact: true }).fill(mintUrl);
  await continueButton(page).click();

  await expect(page.getByTestId('relay-count')).toBeVisible();
  await page.getByLabel('Relays (one per line)').fill('http://not-a-relay');
  await expectAccessible(page, 'step 3, relays with an invalid line');
  await page.getByLabel('Relays (one per line)').fill('ws://127.0.0.1:9');
  await continueButton(page).click();

  await expect(page.getByTestId('summary-mode')).toBeVisible();
  await expectAccessible(page, 'step 4, complete');

  await page.goto('/onboarding-legacy');
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expectAccessible(page, 'one-page onboarding, new wallet');
  await page.getByRole('button', { name: 'Restore Wallet' }).click();
  await expect(page.getByLabel('Recovery phrase')).toBeVisible();
  await expectAccessible(page, 'one-page onboarding, restore');
});

test('merchant: keypad, invoice, wallet with history and a pending withdrawal, withdraw', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  // Many screens and an axe pass on each, on a shared two-core machine.
  test.slow();
  await onboard(page, { mintUrl, relayUrl });
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
  await expectAccessible(page, 'point of sale');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Enter an amount first')).toBeVisible();
  await expectAccessible(page, 'point of sale asking for an amount');

  const quoteId = await requestInvoice(page, 34);
  await expectAccessible(page, 'invoice modal');
  await page.keyboard.press('Escape');
  await expect(invoiceDialog(page)).toBeHidden();
  // Focus is back on the control that asked for the invoice.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
  await expect(page.getByRole('button', { name: /Show invoice/ })).toBeVisible();
  await expectAccessible(page, 'point of sale with an invoice waiting');

  await payQuote(quoteId);
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page).toHaveTitle('Wallet · Cashew POS');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeFocused();
  await expect(page.getByTestId('wallet-balance')).toHaveText('34 sats');
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expectAccessible(page, 'withdraw amount');
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const withdraw = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await expect(withdraw.getByTestId('animated-qr')).toHaveAttribute('data-part', /^ur:bytes\//);
  await expectAccessible(page, 'withdraw modal');
  await withdraw.getByRole('button', { name: 'Close' }).click();
  // Everything is in the pending token now, so Withdraw is disabled: focus goes to the heading.
  await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeFocused();
  await expect(page.getByTestId('pending-withdrawals')).toContainText('34 sats');
  await expectAccessible(page, 'wallet with history and a pending withdrawal');

  await page.getByRole('button', { name: 'Cash out', exact: true }).click();
  const cashOut = page.getByRole('dialog', { name: 'Cash out to Lightning' });
  await expect(cashOut).toBeVisible();
  await expectAccessible(page, 'cash-out dialog');
  await page.keyboard.press('Escape');
  await expect(cashOut).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cash out', exact: true })).toBeFocused();
});

test('merchant: settings with the recovery phrase revealed, a recovery running, and connect', async ({
  page,
  request,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Mint URL', { exact: true })).toHaveValue(mintUrl);
  await expectAccessible(page, 'settings');
  await page.getByRole('button', { name: 'Show Recovery Phrase' }).click();
  await expect(page.getByRole('dialog', { name: 'Show recovery phrase?' })).toBeVisible();
  await expectAccessible(page, 'settings, reveal confirmation');
  await page.getByRole('button', { name: 'Reveal Phrase' }).click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expectAccessible(page, 'settings, recovery phrase shown');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Show Recovery Phrase' })).toBeFocused();

  // The mint holds the scan's first batch a while, so its progress stays on screen to be checked.
  const slowRestore = { path: '/v1/restore', method: 'POST', delayMs: 5000, count: 1 };
  expect((await request.post(`${mintUrl}/dev/faults`, { data: slowRestore })).ok()).toBe(true);
  await page.getByRole('button', { name: 'Recover funds' }).click();
  await expect(page.getByText('Recovering funds from your recovery phrase')).toBeVisible();
  await expectAccessible(page, 'settings with a recovery running');

  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection-string')).toBeVisible();
  await expectAccessible(page, 'connect');
});

test('remote cashier: its page and its invoice; the own-key and malformed-link pages', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  await page.goto(link);
  await expect(page.getByText('Cannot Connect to Your Own Key')).toBeVisible();
  await expectAccessible(page, 'remote page on the own key');
  await page.goto('/remote/npub1notakey');
  await expect(page.getByText('Invalid Connection Link')).toBeVisible();
  await expectAccessible(page, 'remote page with a malformed key');

  const cashier = await openCashier(browser, link, npub);
  try {
    // A cashier is usually a phone: the long invoice text scrolls there.
    await cashier.page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(cashier.page, 'remote cashier');
    await requestInvoice(cashier.page, 21);
    await expectAccessible(cashier.page, 'remote cashier invoice');
  } finally {
    await cashier.context.close();
  }
});

test('toasts cover neither the work, the menu button nor the balance, on a phone and on a laptop', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  test.setTimeout(180_000);
  // The text's own box: a balance is a block as wide as its card, but only its text must show.
  const textBox = (locator: Locator) =>
    locator.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { x, y, width, height } = range.getBoundingClientRect();
      return { x, y, width, height };
    });
  const overlaps = async (toastLocator: Locator, covered: Locator) => {
    const a = await toastLocator.boundingBox();
    const b = await textBox(covered);
    if (!a) throw new Error('the toast is not on screen');
    return (
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    );
  };
  // Every control and text on the screen itself (docs/behaviour.md "Toasts"): a toast covers none.
  const coveredOnScreen = (toastLocator: Locator) =>
    toastLocator.evaluate((toastElement) => {
      const a = toastElement.getBoundingClientRect();
      const work = document.querySelectorAll(
        'main button, main a, main input, main select, main [role="status"], main [role="alert"], main h1, main li',
      );
      return Array.from(work)
        .filter((element) => {
          const b = element.getBoundingClientRect();
          return (
            b.width > 0 &&
            b.height > 0 &&
            a.left < b.right &&
            b.left < a.right &&
            a.top < b.bottom &&
            b.top < a.bottom
          );
        })
        .map((element) => element.outerHTML.slice(0, 80));
    });
  const toast = page.locator('.Toastify__toast').first();
  // A toast closes itself after 5 s unless paused; on a loaded machine the steps between raising
  // one and measuring it take longer. The window losing focus pauses every toast shown then (as
  // a merchant switching apps would), and nothing here gives the focus back.
  const holdToasts = () => page.evaluate(() => window.dispatchEvent(new Event('blur')));

  await page.setViewportSize({ width: 390, height: 844 });
  await onboard(page, { mintUrl, relayUrl });
  // Onboarding ends on the keypad with its toast showing: held still (hover pauses it, its entry
  // animation over), axe checks it with the page.
  await expect(toast).toBeVisible();
  await toast.hover();
  await expect.poll(() => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
  await expectAccessible(page, 'keypad with a toast', { toasts: true });
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
  expect(await overlaps(toast, page.getByTestId('home-balance'))).toBe(false);
  expect(await overlaps(toast, page.getByRole('button', { name: 'Toggle navigation' }))).toBe(
    false,
  );
  expect(await coveredOnScreen(toast)).toEqual([]);
  // The pointer leaves it first (leaving would play it again), then the window's focus.
  await page.mouse.move(0, 0);
  await holdToasts();
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    expect(await overlaps(toast, page.getByTestId('home-balance'))).toBe(false);
  }
  await page.setViewportSize({ width: 390, height: 844 });

  // A toast raised on one screen stays while the merchant opens the wallet (Withdraw is disabled
  // on an empty wallet, so the wallet's own buttons raise none here).
  const saved = 'Settings saved. New mint and relays will be used going forward.';
  const walletToast = page.locator('.Toastify__toast', { hasText: saved });
  const toastOnWallet = async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(walletToast.last()).toBeVisible();
    // Held under the pointer (a hovered toast pauses) while the wallet is opened from the
    // keyboard, so the pointer stays on it through the navigation.
    await walletToast.last().hover();
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    if (await toggle.isVisible()) {
      await toggle.focus();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('link', { name: 'Wallet', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wallet-balance')).toBeVisible();
    await expect(walletToast.last()).toBeVisible();
    // Measured where it rests: while it slides in it passes over the top bar's right end.
    await expect
      .poll(() => walletToast.last().evaluate((element) => element.getAnimations().length))
      .toBe(0);
  };
  await toastOnWallet();
  expect(await overlaps(walletToast.last(), page.getByTestId('wallet-balance'))).toBe(false);
  expect(
    await overlaps(walletToast.last(), page.getByRole('button', { name: 'Toggle navigation' })),
  ).toBe(false);
  expect(await coveredOnScreen(walletToast.last())).toEqual([]);
  // On a phone the top bar holds one toast: a second waits for the first rather than stacking
  // down over the screen, and shows when the first is closed.
  await page.goto('/settings');
  const save = page.getByRole('button', { name: 'Save Settings' });
  await save.click();
  await expect(walletToast).toHaveCount(1);
  await holdToasts();
  await save.click();
  await expect(save).toBeEnabled();
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  const firstId = await walletToast.getAttribute('id');
  await walletToast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(
    page.locator(`.Toastify__toast:not([id="${firstId}"])`, { hasText: saved }),
  ).toBeVisible();

  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    await toastOnWallet();
    expect(await overlaps(walletToast.last(), page.getByTestId('wallet-balance'))).toBe(false);
  }
});
