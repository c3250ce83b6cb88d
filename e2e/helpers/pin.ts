// E2E helper: setting the merchant PIN in Settings, as a merchant does.
import { expect, type Page } from '@playwright/test';

export async function setPinInSettings(page: Page, pin: string): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Set PIN' }).click();
  await page.getByLabel('New PIN (4 to 12 digits)').fill(pin);
  await page.getByLabel('Repeat the PIN').fill(pin);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(
    page.getByText('PIN set. The wallet’s secrets are now stored encrypted.'),
  ).toBeVisible();
}
