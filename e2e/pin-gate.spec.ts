// The merchant PIN against someone at the counter and someone guessing (docs/security.md
// "The merchant PIN", decision 0023): eight tabs guessing at once get one check per wait, taps on the
// keypad never keep money out open, the mint and relays ask for the PIN, and changing or removing
// the PIN asks for the current one (removing it after a confirmation).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickDigits, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { PIN, PROMPT, enterPin, setPinInSettings } from './helpers/pin';
import { appRows, configRow } from './helpers/app-rows';

const SAVED = 'Settings saved. New mint and relays will be used going forward.';

/** The stored wrong-PIN row (config PIN_ATTEMPTS), as another program reading the profile sees it. */
async function storedAttempts(page: Page): Promise<unknown> {
  const value = await configRow(page, 'PIN_ATTEMPTS');
  return value === undefined ? undefined : JSON.parse(value);
}

/** Whether the keys table still holds a PIN lock record. */
async function hasPinRecord(page: Page) {
  return (await appRows(page, { keys: 'keys' })).keys.includes('pin-lock');
}

test('eight tabs guessing at once get one check per wait, and the stored count is the checks', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  // Eight tabs, each unlocked and checked with scrypt on a shared machine: more than the default.
  test.setTimeout(180_000);
  const context = page.context();
  await context.clock.install();
  await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  const tabs = [page, ...(await Promise.all(Array.from({ length: 7 }, () => context.newPage())))];
  for (const tab of tabs) {
    await tab.goto('/settings');
    await expect(tab.getByRole('form', { name: PROMPT })).toBeVisible();
  }
  const prompts = tabs.map((tab) => tab.getByRole('form', { name: PROMPT }));

  // Time stands still while they guess, so "at once" holds however loaded the machine is.
  const now = await page.evaluate(() => Date.now());
  await context.clock.pauseAt(now + 1_000);
  for (const [round, wait] of [
    [1, '1 s'],
    [2, '2 s'],
    [3, '4 s'],
  ] as const) {
    for (const [i, prompt] of prompts.entries()) {
      await prompt.getByLabel('PIN', { exact: true }).fill(String(1000 + round * 10 + i));
    }
    await Promise.all(prompts.map((p) => p.getByRole('button', { name: 'Unlock' }).click()));
    for (const prompt of prompts) await expect(prompt).toContainText(`Try again in ${wait}.`);
    const answers = await Promise.all(prompts.map((p) => p.textContent()));
    // One PIN was checked (and is wrong); the seven others were refused unchecked.
    expect(answers.filter((text) => text?.includes('Wrong PIN.'))).toHaveLength(1);
    expect(await storedAttempts(page)).toMatchObject({ failures: round });
    await context.clock.fastForward(1_000 * 2 ** (round - 1));
  }

  // The right PIN, once the wait is over, opens Settings in that tab.
  await enterPin(prompts[5]!, PIN);
  await expect(tabs[5]!.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  expect(await storedAttempts(page)).toEqual({ failures: 0, lastFailureAt: 0 });
});

test('a keypad tapped every minute for ten minutes still asks for the PIN on Withdraw', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await page.clock.install();
  await onboard(page, { mintUrl, relayUrl });
  await takePayment(page, 300, payQuote);
  // Setting the PIN is a PIN entry for money out: the gate is open for 3 minutes from here.
  await setPinInSettings(page, PIN);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  for (let minute = 1; minute <= 10; minute += 1) {
    await clickDigits(page, '7');
    await page.keyboard.press('Escape');
    await page.clock.fastForward('01:00');
  }
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Scan to withdraw' })).toHaveCount(0);
  await enterPin(prompt, PIN);
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Scan to withdraw' })).toBeVisible();
});

test('changing the mint or relays in Settings asks for the PIN', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await page.clock.install();
  await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  // Three minutes after the PIN, with the merchant still on Settings: the screen asks again.
  await page.clock.fastForward('03:05');
  const prompt = page.getByRole('form', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await expect(page.getByLabel('Nostr Relays')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);

  await enterPin(prompt, PIN);
  await page.getByLabel('Nostr Relays').fill(`${relayUrl}\nwss://relay.example.com`);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
});

test('changing or removing the PIN asks for the current one; removing it is confirmed first', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await page.clock.install();
  await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);

  // Change: the current PIN is asked, and a wrong one changes nothing.
  await page.getByRole('button', { name: 'Change PIN' }).click();
  await page.getByLabel('Current PIN').fill('000000');
  await page.getByLabel('New PIN (4 to 12 digits)').fill('1357');
  await page.getByLabel('Repeat the PIN').fill('1357');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Wrong PIN. Try again in 1 s.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Remove: one tap only opens a confirmation saying what it means.
  await page.clock.fastForward(1_000);
  await page.getByRole('button', { name: 'Remove PIN' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove the PIN?' });
  await expect(confirm).toContainText('anyone at this till can withdraw, cash out');
  expect(await hasPinRecord(page)).toBe(true);
  await confirm.getByLabel('Current PIN').fill('1111');
  await confirm.getByRole('button', { name: 'Yes, remove the PIN' }).click();
  await expect(confirm).toContainText('Wrong PIN. Try again in 2 s.');
  expect(await hasPinRecord(page)).toBe(true);

  await page.clock.fastForward(2_000);
  await confirm.getByLabel('Current PIN').fill(PIN);
  await confirm.getByRole('button', { name: 'Yes, remove the PIN' }).click();
  await expect(
    page.getByText('PIN removed. The wallet’s secrets are stored unencrypted again.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set PIN' })).toBeVisible();
  expect(await hasPinRecord(page)).toBe(false);
});
