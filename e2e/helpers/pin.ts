// The merchant PIN as a merchant sets and enters it in the built app (docs/behaviour.md "Merchant PIN").
import { expect, type Page } from '@playwright/test';
import { customerWallet } from './customer';

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

/**
 * Types the PIN into the prompt (a dialog, or the lock screen's page) and unlocks. A prompt shown
 * right after a reload can be mounted again as the app's lock state arrives, dropping what was
 * typed (Unlock then stays disabled): it is typed again until Unlock takes it.
 */
export async function enterPin(
  scope: ReturnType<Page['getByRole']> | ReturnType<Page['getByTestId']> | Page,
  pin: string,
) {
  const unlock = scope.getByRole('button', { name: 'Unlock' });
  await expect(async () => {
    if (!(await unlock.isEnabled())) await scope.getByLabel('PIN', { exact: true }).fill(pin);
    await expect(unlock).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await unlock.click();
}

/**
 * Withdraw everything from the Wallet screen (the PIN asked first unless it was just entered),
 * copy the token and redeem it at the mint; the sats redeemed. Needs clipboard permissions.
 */
export async function withdrawAll(page: Page, mintUrl: string, pin = PIN): Promise<number> {
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('PIN', { exact: true }).fill(pin);
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await dialog.getByRole('button', { name: 'Copy Token' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^cashuB/);
  const token = await page.evaluate(() => navigator.clipboard.readText());
  const proofs = await (await customerWallet(mintUrl)).receive(token);
  return proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0);
}
