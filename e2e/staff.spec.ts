// Staff and shifts end to end (docs/behaviour.md "Staff and shifts"): with default settings Home is
// the keypad alone, "Receive ecash" in view on a phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LANDS } from './helpers/invoice';
import { onboard } from './helpers/onboard';

const PHONE = { width: 390, height: 844 };

/** Home with its services loaded (the balance read) and the till bar's reads settled. */
async function homeSettled(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('home-balance')).toHaveAttribute('data-balance', /\d/, LANDS);
  await page.waitForLoadState('networkidle');
}

test('with default settings the keypad keeps "Receive ecash" in view on a phone', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await page.setViewportSize(PHONE);
  await homeSettled(page);
  await expect(page.getByTestId('till-staff')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Paid in cash' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('button', { name: 'Receive ecash' })).toBeInViewport({ ratio: 1 });
});
