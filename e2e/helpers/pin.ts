// The merchant PIN as a merchant sets and enters it in the built app (docs/behaviour.md "Merchant PIN").
import { expect, type Page } from '@playwright/test';

export const PIN = '482915';
export const PROMPT = 'Enter the merchant PIN';
export const LOCKED = 'This till is locked';

/** Settings → Set PIN, twice the same, saved: the wallet's secrets are sealed from then on. */
export async function setPinInSettings(page: Page, pin: string) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Set PIN' }).click();
  await page.getByLabel('New PIN (4 to 12 digits)').fill(pin);
  await page.getByLabel('Repeat the PIN').fill(pin);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(
    page.getByText('PIN set. The wallet’s secrets are now stored encrypted.'),
  ).toBeVisible();
}

/** Types the PIN into the prompt (a dialog, or the lock screen's page) and unlocks. */
export async function enterPin(scope: ReturnType<Page['getByRole']> | Page, pin: string) {
  await scope.getByLabel('PIN', { exact: true }).fill(pin);
  await scope.getByRole('button', { name: 'Unlock' }).click();
}
