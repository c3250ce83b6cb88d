// Receipts and refunds end to end against the dev mint: a keypad sale's receipt (one line "Sale",
// total, "Lightning"), its printed layout on a 58 mm roll with no horizontal overflow, and axe at
// phone size (docs/behaviour.md "Receipts", "Refunds").
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';

const PHONE = { width: 390, height: 844 };

async function openWallet(page: Page) {
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
}

/** The receipt of the newest sale in History. */
async function openReceipt(page: Page) {
  const sale = page.getByTestId('history-item').filter({ hasText: 'Sale' }).first();
  await sale.getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await expect(dialog.getByTestId('receipt')).toBeVisible({ timeout: 20_000 });
  return dialog;
}

test.describe('receipts', () => {
  test('a paid keypad sale has a receipt: its line, total and "Lightning"; it prints on 58 mm', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 1234, payQuote);
    await openWallet(page);
    await page.setViewportSize(PHONE);
    const dialog = await openReceipt(page);
    const receipt = dialog.getByTestId('receipt');
    await expect(receipt.getByTestId('receipt-line')).toHaveText(['Sale1,234 sats']);
    await expect(receipt).toContainText('Total1,234 sats');
    await expect(receipt).toContainText('Paid withLightning');
    await expect(receipt.getByTestId('receipt-reference')).toHaveText(/^Ref \S+/);
    await expectAccessible(page, 'receipt');

    // The printer's view: only the receipt, and nothing wider than a 58 mm roll (≈ 220 px).
    await page.setViewportSize({ width: 220, height: 800 });
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('[data-print-root]');
    await expect(printed).toBeVisible();
    await expect(printed).toContainText('1,234 sats');
    await expect(page.locator('#root')).toBeHidden();
    const overflow = await page.evaluate(() => {
      const root = document.querySelector<HTMLElement>('[data-print-root]')!;
      const tooWide = [...root.querySelectorAll<HTMLElement>('*')].filter(
        (el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
      );
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        elements: tooWide.map((el) => el.outerHTML.slice(0, 80)),
      };
    });
    expect(overflow).toEqual({ page: 0, elements: [] });
    await page.emulateMedia({ media: 'screen' });
  });
});
