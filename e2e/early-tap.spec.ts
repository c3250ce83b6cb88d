// A new user's tap on the prerendered welcome before React has hydrated it, in the built app: kept
// (the button marked busy, the phrase screen's files fetched at once) and answered with the step
// it leads to when the app starts (docs/decisions/0114-a-tap-before-hydration-is-kept.md); for
// "Create New Wallet", the words shown before React and kept by it
// (docs/decisions/0116-words-before-hydration.md).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The phrase screen's named chunk (docs/decisions/0106-phrase-screen-in-one-chunk.md). */
const PHRASE_CHUNK = /\/phrase-[\w-]{8}\.js$/;
/** The early script's module that shows the words before React (decision 0116). */
const EARLY_PHRASE = /\/early-phrase-[\w-]{8}\.js$/;

/** The onboarding session's draft and confirmed phrase (features/onboarding/session.ts). */
const session = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('cashew.onboarding') ?? '{}'));
const draftPhrase = async (page: Page) => (await session(page)).draftPhrase as string;
const confirmedPhrase = async (page: Page) => (await session(page)).phrase as string;

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

test('Create New Wallet tapped before hydration shows the words at once, and React keeps them', async ({
  page,
}) => {
  const app = await openWithAppHeld(page);
  const create = page.getByRole('button', { name: 'Create New Wallet', exact: true });
  await expect(create).toBeVisible();
  // Nothing of the phrase screen is fetched before a tap (the first visit's JS budget).
  expect(app.requested.filter((path) => PHRASE_CHUNK.test(path))).toEqual([]);
  expect(app.requested.filter((path) => EARLY_PHRASE.test(path))).toEqual([]);
  const reactOwns = () =>
    create.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')));
  expect(await reactOwns()).toBe(false);

  await create.click();
  // The twelve words, with React still held: the prerendered step, its words new and stored as
  // the onboarding draft, the screen's own files on their way.
  const words = page.getByTestId('phrase-word');
  await expect(words).toHaveCount(12);
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'phrase');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recovery Phrase' })).toBeFocused();
  const early = await words.allTextContents();
  expect(early.every((word) => /^[a-z]{3,8}$/.test(word))).toBe(true);
  expect(await draftPhrase(page)).toBe(early.join(' '));
  await expect.poll(() => app.requested.filter((path) => PHRASE_CHUNK.test(path))).toHaveLength(1);
  expect(app.entryServed()).toBe(false);
  // The checkbox waits for React, looking as it will.
  await expect(page.getByRole('checkbox')).toBeVisible();
  expect(await page.getByRole('checkbox').evaluate((node) => (node as HTMLElement).inert)).toBe(
    true,
  );

  app.release();
  // React's step replaces it, with the same words, live.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
  await expect(words).toHaveText(early);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recovery Phrase' })).toBeFocused();
  expect(app.warnings.filter((text) => /did not match|hydrat/i.test(text))).toEqual([]);
  // The words confirmed are the words shown.
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/mint-selection$/);
  expect(await confirmedPhrase(page)).toBe(early.join(' '));

  // The welcome is two steps back, rendered by the app and working as ever.
  await page.goBack();
  await expect(words).toHaveText(early);
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Create New Wallet', exact: true }).click();
  await expect(words).toHaveText(early);
});

test('a tap before hydration whose words cannot load still opens the step once React starts', async ({
  page,
}) => {
  await page.route(EARLY_PHRASE, (route) => route.abort());
  const app = await openWithAppHeld(page);
  const create = page.getByRole('button', { name: 'Create New Wallet', exact: true });
  await create.click();
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => app.requested.filter((path) => PHRASE_CHUNK.test(path))).toHaveLength(1);
  await expect(page).toHaveURL(/\/onboarding$/);
  // More taps while it waits change nothing.
  await create.click();
  await page.getByRole('button', { name: 'Restore Existing Wallet' }).click();

  app.release();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recovery Phrase' })).toBeFocused();
  const words = await page.getByTestId('phrase-word').allTextContents();
  expect(await draftPhrase(page)).toBe(words.join(' '));
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
});

/** Holds the early words' file until the returned function is called (never, if it is not). */
async function holdEarlyPhrase(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(EARLY_PHRASE, async (route) => {
    await held;
    await route.continue();
  });
  // Every value the root's data-prerendered takes, from the first script on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { prerenderedSeen: string[] }).prerenderedSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const value = (record.target as Element).getAttribute('data-prerendered');
        if (record.attributeName === 'data-prerendered' && value) seen.push(value);
      }
    }).observe(document, { attributes: true, subtree: true });
  });
  return release;
}

const prerenderedSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { prerenderedSeen: string[] }).prerenderedSeen);

test('the app in before the words of an early tap waits for them and keeps them', async ({
  page,
}) => {
  const releaseWords = await holdEarlyPhrase(page);
  const app = await openWithAppHeld(page);
  await page.getByRole('button', { name: 'Create New Wallet', exact: true }).click();
  await expect.poll(() => app.requested.filter((path) => EARLY_PHRASE.test(path))).toHaveLength(1);
  app.release();
  await expect.poll(app.entryServed).toBe(true);
  releaseWords();
  // The early step went up (start-up had not taken the welcome from it), then React's with the
  // same words.
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', /.*/);
  expect(await prerenderedSeen(page)).toContain('phrase');
  const words = page.getByTestId('phrase-word');
  await expect(words).toHaveCount(12);
  expect(await draftPhrase(page)).toBe((await words.allTextContents()).join(' '));
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('an early tap whose words never come is opened by React after a moment', async ({ page }) => {
  await holdEarlyPhrase(page);
  const app = await openWithAppHeld(page);
  await page.getByRole('button', { name: 'Create New Wallet', exact: true }).click();
  app.release();
  const words = page.getByTestId('phrase-word');
  await expect(words).toHaveCount(12);
  expect(await prerenderedSeen(page)).not.toContain('phrase');
  expect(await draftPhrase(page)).toBe((await words.allTextContents()).join(' '));
  await expect(page.getByRole('heading', { level: 1, name: 'Your Recovery Phrase' })).toBeFocused();
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
