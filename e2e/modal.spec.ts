// The shared Modal in the real app (Home's invoice modal): Escape and backdrop close it, scroll locks.
import { expect, test } from './fixtures';
import { onboard } from './helpers/onboard';

test('the invoice modal closes on Escape and on a backdrop click, and locks page scroll while open', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await expect(page.getByRole('heading', { level: 1, name: 'Point of Sale' })).toBeVisible();

  for (const digit of ['2', '1'])
    await page.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Please pay this invoice' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

  // Closing keeps the quote pending; the screen offers to show its invoice again.
  await page.getByRole('button', { name: /Show invoice/ }).click();
  await expect(dialog).toBeVisible();

  // A click on the backdrop (outside the dialog box) closes it; a click inside does not.
  await dialog.getByText('Invoice String:').click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});
