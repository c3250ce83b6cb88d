// The prerendered welcome in the built app: on the page before React runs, React attaches to that
// markup (the same nodes, no second render) and its buttons work; the keypad renders on the client.
import type { Page } from '@playwright/test';
import { DEFAULT_DB_NAME } from '../src/storage/db-name';
import { onboardedHintKey } from '../src/storage/onboarded-hint';
import { expect, markOnboarded, test } from './fixtures';

/**
 * Before the page's scripts: tags the button with this text the moment the early script puts the
 * prerendered screen in, so the test can tell the node React hydrated from a node it rendered anew.
 */
function tagPrerenderedButton(text: string) {
  new MutationObserver((_changes, observer) => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    const button = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
    if (button) (button as HTMLButtonElement & { prerendered?: boolean }).prerendered = true;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function openPrerendered(page: Page, text: string) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.addInitScript(tagPrerenderedButton, text);
  await page.goto('/');
  const button = page.getByRole('button', { name: text, exact: true });
  await expect(button).toBeEnabled();
  return { button, warnings };
}

test('a new user gets the prerendered welcome, hydrated in place, and Create New Wallet works', async ({
  page,
}) => {
  const { button, warnings } = await openPrerendered(page, 'Create New Wallet');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'welcome');
  await expect.poll(() => button.evaluate((b) => 'prerendered' in b)).toBe(true);

  await button.click();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  expect(warnings.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
});

test('an onboarded merchant gets the keypad rendered on the client, never a dead prerendered one', async ({
  page,
}) => {
  await markOnboarded(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
  for (const digit of ['2', '1']) {
    await page.getByRole('button', { name: digit, exact: true }).click();
  }
  await expect(page.getByTestId('keypad-amount')).toHaveText('21 sats');
});

test('a wallet from before the flag had its copy opens on the keypad, and gets the copy', async ({
  page,
}) => {
  await markOnboarded(page, { copy: false });
  const hintKey = onboardedHintKey(DEFAULT_DB_NAME);
  expect(await page.evaluate((key) => localStorage.getItem(key), hintKey)).toBeNull();
  // The early script takes it for a new user at first; IndexedDB's answer wins.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), hintKey)).toBe('1');

  // From then on it waits for IndexedDB and never shows the welcome.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById('root')?.hasAttribute('data-prerendered')) {
        (window as { sawWelcome?: boolean }).sawWelcome = true;
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  expect(
    await page.evaluate(() => (window as { sawWelcome?: boolean }).sawWelcome),
  ).toBeUndefined();
});

test('a lost copy of the flag only costs the head start: the new user still gets the welcome', async ({
  page,
}) => {
  const hintKey = onboardedHintKey(DEFAULT_DB_NAME);
  await page.goto('/');
  // A copy that says "wallet" where IndexedDB has none (the data was cleared but not the copy).
  await page.evaluate((key) => localStorage.setItem(key, '1'), hintKey);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeEnabled();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), hintKey)).toBeNull();
});

test('any other first URL renders on the client as before', async ({ page }) => {
  await markOnboarded(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
});
