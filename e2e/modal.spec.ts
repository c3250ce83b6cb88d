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

test('an open dialog keeps focus inside, makes the page behind inert, and shows the toasts over it', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  // Onboarding ends on the keypad with its toast: held by the pointer resting on it (hover pauses
  // it) while the keyboard opens the invoice.
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  await toast.hover();
  await page.keyboard.type('21');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Please pay this invoice' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  // The toast is inside the dialog, drawn over it and usable: its own button dismisses it, and the
  // dialog's Close stays the one button of that name.
  await expect(dialog.locator('.Toastify__toast')).toHaveCount(1);
  const box = await toast.boundingBox();
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('.Toastify__toast') !== null,
    { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
  );
  expect(onTop).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  // The keypad behind takes no click: what is under a keypad key is the dialog's backdrop.
  const key = await page.getByRole('button', { name: '7', exact: true }).boundingBox();
  const underKey = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('dialog') !== null,
    { x: key!.x + key!.width / 2, y: key!.y + key!.height / 2 },
  );
  expect(underKey).toBe(true);

  // Tab and Shift+Tab never reach the page behind (the browser's own controls may come between).
  const outside = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      const inDialog = active?.closest('dialog') !== null;
      return inDialog || active === document.body ? null : (active?.outerHTML.slice(0, 80) ?? null);
    });
  for (const key of [...Array(12).fill('Tab'), ...Array(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await outside()).toBeNull();
  }

  await expect(dialog).toBeVisible();
});
