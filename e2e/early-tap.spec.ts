// A new user's tap on the prerendered welcome before React has hydrated it, in the built app: kept
// (the button marked busy, the phrase screen's files fetched at once) and answered with the step
// it leads to when the app starts (docs/decisions/0114-a-tap-before-hydration-is-kept.md).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The phrase screen's named chunk (docs/decisions/0106-phrase-screen-in-one-chunk.md). */
const PHRASE_CHUNK = /\/phrase-[\w-]{8}\.js$/;

/**
 * Opens / with the app's entry chunk held, so only the early script runs and the welcome on screen
 * is the prerendered markup, no React on it; returns what releases the entry and the paths the
 * page requested so far.
 */
async function openWithAppHeld(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entryServed = false;
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    entryServed = true;
    await route.continue();
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'welcome');
  return { release, requested, warnings, entryServed: () => entryServed };
}

test('Create New Wallet tapped before hydration is kept: busy at once, then the twelve words', async ({
  page,
}) => {
  const app = await openWithAppHeld(page);
  const create = page.getByRole('button', { name: 'Create New Wallet', exact: true });
  await expect(create).toBeVisible();
  // Nothing of the phrase screen is fetched before a tap (the first visit's JS budget).
  expect(app.requested.filter((path) => PHRASE_CHUNK.test(path))).toEqual([]);
  const reactOwns = () =>
    create.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));
  expect(await reactOwns()).toBe(false);

  await create.click();
  // Seen and heard at once, and the phrase screen's files on their way, with React still held.
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => app.requested.filter((path) => PHRASE_CHUNK.test(path))).toHaveLength(1);
  expect(app.entryServed()).toBe(false);
  await expect(page).toHaveURL(/\/onboarding$/);
  // More taps while it waits change nothing.
  await create.click();
  await page.getByRole('button', { name: 'Restore Existing Wallet' }).click();

  app.release();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toHaveCount(0);
  // As after any tap that moves on, the new step's heading has the focus.
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recovery Phrase' })).toBeFocused();
  expect(app.warnings.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);

  // The welcome is one step back, rendered by the app and working as ever.
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Create New Wallet', exact: true }).click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
});

test('Restore Existing Wallet chosen by keyboard before hydration opens the restore step', async ({
  page,
}) => {
  const app = await openWithAppHeld(page);
  const restore = page.getByRole('button', { name: 'Restore Existing Wallet', exact: true });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(restore).toHaveAttribute('aria-busy', 'true');
  app.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Restore Your Wallet' })).toBeFocused();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=restore$/);
});

test('a welcome left untapped until hydration is hydrated as before, and its tap works', async ({
  page,
}) => {
  const app = await openWithAppHeld(page);
  app.release();
  const create = page.getByRole('button', { name: 'Create New Wallet', exact: true });
  await expect
    .poll(() =>
      create.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))),
    )
    .toBe(true);
  await create.click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  expect(app.warnings.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
});
