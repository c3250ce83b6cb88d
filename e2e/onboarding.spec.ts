// Onboarding end to end against the dev mint and relay: both linear flows, redirects, Back,
// validation messages, and the single-page legacy onboarding.
import type { Page } from '@playwright/test';
import { seedMintRecommendation } from '../dev/relay/seed.ts';
import { expect, test } from './fixtures';
import { onboard } from './helpers/onboard';
import { NIP06_NPUB, NIP06_PHRASE } from '../src/core/keys/nip06-vector';

const WRITTEN_DOWN = 'I have written down my recovery phrase and stored it safely';
const WELCOME_TOAST = '🎉 Welcome to Cashew POS! Your wallet is ready to use.';

test.beforeAll(async ({ relayUrl, mintUrl }) => {
  // Global setup does not seed the relay: discovery must find the local mint through it.
  await seedMintRecommendation(relayUrl, mintUrl);
});

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const backButton = (page: Page) => page.getByRole('button', { name: 'Back' });

async function shownPhrase(page: Page): Promise<string> {
  const words = page.getByTestId('phrase-word');
  await expect(words).toHaveCount(12);
  return (await words.allTextContents()).join(' ');
}

test('create: phrase with checkbox gate, discovered local mint, relays, complete lands on /', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);

  const phrase = await shownPhrase(page);
  await expect(page.getByText('They are the only way to recover your wallet')).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel(WRITTEN_DOWN).check();
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/onboarding\/mint-selection$/);
  await expect(page.getByRole('tab', { name: 'Discovered Mints' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const localMint = page.getByRole('radio', { name: new RegExp(mintUrl.replace(/\./g, '\\.')) });
  await expect(localMint).toBeVisible();
  await expect(page.getByTestId('discovered-mints')).toContainText('★ 5.00');
  // The mint discovery found is picked already: Continue works without a tap on it.
  await expect(localMint).toBeChecked();
  await expect(continueButton(page)).toBeEnabled();

  // Back keeps the generated phrase; it is never in the URL or localStorage.
  await backButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=create$/);
  expect(await shownPhrase(page)).toBe(phrase);
  expect(page.url()).not.toContain(phrase.split(' ')[0]);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(phrase);
  await page.getByLabel(WRITTEN_DOWN).check();
  await continueButton(page).click();

  await localMint.check();
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/relay-config$/);
  await expect(page.getByLabel('Relays (one per line)')).toHaveValue(relayUrl);
  await expect(page.getByTestId('relay-count')).toHaveText('Configured relays (1)');
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/onboarding\/complete$/);
  await expect(page.getByTestId('summary-mode')).toHaveText('New wallet');
  await expect(page.getByTestId('summary-mint')).toHaveText(mintUrl);
  await expect(page.getByTestId('summary-relay-count')).toHaveText('Relays (1)');
  await page.getByRole('button', { name: 'Complete Setup' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(WELCOME_TOAST)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

  // The stored phrase is the one shown.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Show Recovery Phrase' }).click();
  await page.getByRole('button', { name: 'Reveal Phrase' }).click();
  expect(await shownPhrase(page)).toBe(phrase);
});

test('the phrase screen comes with its words: nothing below them ever moves', async ({ page }) => {
  // Every paint of the step is watched from the tap on: no frame may show it without its words.
  await page.goto('/onboarding/welcome');
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stepFrames: string[] }).stepFrames = seen;
    const watch = () => {
      const heading = document.querySelector('h1')?.textContent ?? '';
      if (heading.includes('Your Recovery Phrase')) {
        seen.push(String(document.querySelectorAll('[data-testid="phrase-word"]').length));
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await shownPhrase(page);
  const frames = await page.evaluate(
    () => (window as unknown as { stepFrames: string[] }).stepFrames,
  );
  expect(frames.length).toBeGreaterThan(0);
  expect(new Set(frames)).toEqual(new Set(['12']));
  const checkbox = page.getByRole('checkbox', { name: WRITTEN_DOWN });
  await checkbox.check();
  await expect(continueButton(page)).toBeEnabled();
});

test('restore: the NIP-06 vector phrase with a custom mint URL gives the expected npub', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await page.goto('/onboarding/welcome');
  await page.getByRole('button', { name: 'Restore Existing Wallet' }).click();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=restore$/);
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Recovery phrase').fill(NIP06_PHRASE);
  await continueButton(page).click();

  await page.getByRole('tab', { name: 'Custom Mint URL' }).click();
  await expect(page.getByLabel('Mint URL', { exact: true })).toHaveAttribute('type', 'url');
  await page.getByLabel('Mint URL', { exact: true }).fill(mintUrl);
  await continueButton(page).click();

  await page.getByLabel('Relays (one per line)').fill(`${relayUrl}\n\n  wss://relay.example.com  `);
  await expect(page.getByTestId('relay-count')).toHaveText('Configured relays (2)');
  await continueButton(page).click();

  await expect(page.getByTestId('summary-mode')).toHaveText('Restored wallet');
  await expect(page.getByTestId('summary-relay-count')).toHaveText('Relays (2)');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText(WELCOME_TOAST)).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByTestId('device-npub')).toHaveText(NIP06_NPUB);
  await expect(page.getByLabel('Mint URL', { exact: true })).toHaveValue(mintUrl);
  await expect(page.getByLabel('Nostr Relays')).toHaveValue(`${relayUrl}\nwss://relay.example.com`);
});

test('direct entry without the earlier steps redirects to welcome', async ({ page }) => {
  for (const path of [
    '/onboarding/mnemonic',
    '/onboarding/mnemonic?mode=unknown',
    '/onboarding/mint-selection',
    '/onboarding/relay-config',
    '/onboarding/complete',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/onboarding\/welcome$/);
    await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeVisible();
  }

  // With a phrase but no mint, relay-config and complete still redirect.
  await page.goto('/onboarding/mnemonic?mode=restore');
  await page.getByLabel('Recovery phrase').fill(NIP06_PHRASE);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/mint-selection$/);
  for (const path of ['/onboarding/relay-config', '/onboarding/complete']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/onboarding\/welcome$/);
  }
});

test('Back goes one step back from every step', async ({ page, mintUrl }) => {
  await page.goto('/onboarding/mnemonic?mode=restore');
  await backButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);

  await page.getByRole('button', { name: 'Restore Existing Wallet' }).click();
  await page.getByLabel('Recovery phrase').fill(NIP06_PHRASE);
  await continueButton(page).click();
  await page.getByRole('tab', { name: 'Custom Mint URL' }).click();
  await page.getByLabel('Mint URL', { exact: true }).fill(mintUrl);
  await continueButton(page).click();
  // Each step's Continue is its own button: wait for the next step before pressing again.
  await expect(page).toHaveURL(/\/onboarding\/relay-config$/);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/complete$/);

  await backButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/relay-config$/);
  await backButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/mint-selection$/);
  await backButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=restore$/);
  await expect(page.getByLabel('Recovery phrase')).toHaveValue(NIP06_PHRASE);
  await backButton(page).click();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
});

test('validation messages of the linear flow', async ({ page }) => {
  await page.goto('/onboarding/mnemonic?mode=restore');
  const phraseField = page.getByLabel('Recovery phrase');
  await phraseField.fill(
    'leader monkey parrot ring guide accident before fence cannon height naive',
  );
  await expect(continueButton(page)).toBeDisabled();
  await phraseField.fill(
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon',
  );
  await continueButton(page).click();
  await expect(page.getByText('Invalid mnemonic')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/mnemonic\?mode=restore$/);
  await phraseField.fill(`${NIP06_PHRASE} bean`);
  await continueButton(page).click();
  await expect(page.getByText('Invalid mnemonic')).toBeVisible();
  await phraseField.fill(NIP06_PHRASE);
  await continueButton(page).click();

  await page.getByRole('tab', { name: 'Custom Mint URL' }).click();
  await expect(continueButton(page)).toBeDisabled();
  await page.getByLabel('Mint URL', { exact: true }).fill('ftp://mint.example.com');
  await continueButton(page).click();
  await expect(
    page.getByText('Mint URL must be a valid http:// or https:// address'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/mint-selection$/);
  await page.getByLabel('Mint URL', { exact: true }).fill('https://mint.example.com');
  await continueButton(page).click();

  const relays = page.getByLabel('Relays (one per line)');
  await relays.fill('   \n  ');
  await expect(page.getByTestId('relay-count')).toHaveText('Configured relays (0)');
  await expect(continueButton(page)).toBeDisabled();
  await relays.fill('https://relay.example.com');
  await expect(
    page.getByText('Relay must be a valid ws:// or wss:// address: https://relay.example.com'),
  ).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
});

test.describe('legacy onboarding', () => {
  test('restores the NIP-06 phrase and lands on / with the toast', async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { phrase: NIP06_PHRASE, mintUrl, relayUrl });
    await expect(page.getByText("You're all set!")).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByTestId('device-npub')).toHaveText(NIP06_NPUB);
  });

  test('creates a wallet from the shown phrase', async ({ page, mintUrl, relayUrl }) => {
    const { phrase } = await onboard(page, { mintUrl, relayUrl });
    await expect(page.getByText("You're all set!")).toBeVisible();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Show Recovery Phrase' }).click();
    await page.getByRole('button', { name: 'Reveal Phrase' }).click();
    expect(await shownPhrase(page)).toBe(phrase);
  });

  test('shows each error toast and stays on the page', async ({ page, relayUrl }) => {
    await page.goto('/onboarding-legacy');
    await expect(page.getByTestId('phrase-word')).toHaveCount(12);
    // A new wallet continues only once the phrase is confirmed as written down.
    await expect(continueButton(page)).toBeDisabled();
    await page.getByLabel(WRITTEN_DOWN).check();
    const mint = page.getByLabel('Mint URL', { exact: true });
    const relays = page.getByLabel('Relays (one per line)');
    const expectToast = async (text: string) => {
      // Every text differs, so an earlier toast still showing cannot satisfy a later check.
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    };

    await mint.fill('');
    await continueButton(page).click();
    await expectToast('Mint URL cannot be empty');

    await mint.fill('https://mint.example.com');
    await relays.fill('  \n ');
    await continueButton(page).click();
    await expectToast('Please provide at least one relay');

    await relays.fill(relayUrl);
    await page.getByRole('button', { name: 'Restore Wallet' }).click();
    await continueButton(page).click();
    await expectToast('Please enter your mnemonic to restore');

    await page.getByLabel('Recovery phrase').fill('not a real phrase at all');
    await continueButton(page).click();
    await expectToast('Invalid mnemonic');

    await expect(page).toHaveURL(/\/onboarding-legacy$/);
  });
});
