// Receipts and refunds end to end against the dev mint: a keypad sale's receipt (one line "Sale",
// total, "Lightning"), its printed layout on a 58 mm roll with no horizontal overflow, and axe at
// phone size; a partial Lightning refund linked to its sale, one larger than what is left refused,
// the day's close and its chart; a partial refund as an ecash token that redeems at the mint for
// exactly its amount; Receipt right after a Lightning and an ecash sale, and automatic printing
// once per sale (docs/behaviour.md "Receipts", "Refunds", "Day close").
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { getEncodedToken } from '@cashu/cashu-ts';
import { customerWallet } from './helpers/customer';
import { customerProofs } from './helpers/ecash-payer';
import { clickDigits, LANDS, RECEIVED, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { allowCopy, openWallet } from './helpers/wallet-screen';

const PHONE = { width: 390, height: 844 };
const SETTLES = { timeout: 20_000 };

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

  test('a partial refund to a Lightning address is linked to the sale; more than is left is refused', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    // A sale, two refund attempts, the day's close and its chart: long on a shared machine.
    test.setTimeout(180_000);
    await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 1234, payQuote);
    await openWallet(page);
    await page.setViewportSize(PHONE);

    let receipt = await openReceipt(page);
    await receipt.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund (up to 1,234 sats)' });
    await expect(refund).toBeVisible();
    await expectAccessible(page, 'refund');
    await refund.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
    await refund.getByRole('button', { name: 'Continue' }).click();
    await expect(refund.getByLabel(/^Amount in sats/)).toHaveValue('1234');
    await expect(refund.getByRole('button', { name: 'Cash out everything' })).toHaveCount(0);
    await refund.getByLabel(/^Amount in sats/).fill('500');
    await refund.getByRole('button', { name: 'Continue' }).click();
    await expect(refund.getByTestId('cash-out-amount')).toHaveText('500 sats');
    await refund.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Refund paid: 500 sats sent, 0 sats fee.',
      SETTLES,
    );
    await refund.getByRole('button', { name: 'Close' }).click();

    const refundRow = page.getByTestId('history-item').filter({ hasText: 'Refund' });
    await expect(refundRow).toHaveCount(1, SETTLES);
    await expect(refundRow.getByTestId('history-amount')).toHaveText('−500 sats');

    // The sale's receipt lists the refund and what is left.
    receipt = await openReceipt(page);
    await expect(receipt.getByTestId('receipt')).toContainText('-500 sats');
    await expect(receipt.getByTestId('receipt')).toContainText('Left734 sats');

    // More than is left: refused with the amount left, nothing leaves.
    await receipt.getByRole('button', { name: 'Refund' }).click();
    const again = page.getByRole('dialog', { name: 'Refund (up to 734 sats)' });
    await again.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
    await again.getByRole('button', { name: 'Continue' }).click();
    await again.getByLabel(/^Amount in sats/).fill('735');
    await again.getByRole('button', { name: 'Continue' }).click();
    await expect(again.getByText('Only 734 sats of this sale are left to refund')).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('734 sats');

    // The day's close: gross 1,234, refunds 500, net 734.
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    const day = page.getByRole('dialog', { name: 'Day summary' });
    await expect(day.getByTestId('summary-sales')).toHaveText('1 · 1,234 sats');
    await expect(day.getByTestId('summary-refunds')).toHaveText('1 · 500 sats, fees 0 sats');
    await expect(day.getByTestId('summary-net')).toHaveText('734 sats');
    await expect(day.getByTestId('summary-lightning')).toHaveText('1 · 1,234 sats');
    await expectAccessible(page, 'day summary');

    // The chart, loaded on demand: the sale in its hour, then in its day of the month.
    await day.getByRole('button', { name: 'Chart' }).click();
    const bars = day.getByRole('img', { name: /^1,234 sats of sales this day, most at \d\d:00$/ });
    await expect(bars).toBeVisible();
    const now = await page.evaluate(() => ({
      hour: new Date().getHours(),
      day: new Date().getDate(),
    }));
    expect((await bars.getAttribute('data-bars'))!.split(',')[now.hour]).toBe('1234');
    await day.getByRole('button', { name: 'By day of the month' }).click();
    const month = day.getByRole('img', { name: /^1,234 sats of sales this month/ });
    expect((await month.getAttribute('data-bars'))!.split(',')[now.day - 1]).toBe('1234');
  });

  test('a partial refund as an ecash token redeems for exactly its amount and is linked to the sale', async ({
    page,
    context,
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    test.setTimeout(180_000);
    await allowCopy(context, appUrl);
    await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 1000, payQuote);
    await openWallet(page);
    await page.setViewportSize(PHONE);

    let receipt = await openReceipt(page);
    await receipt.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund (up to 1,000 sats)' });
    await refund.getByRole('button', { name: 'As ecash token' }).click();
    await expect(refund.getByLabel('Amount in sats')).toHaveValue('1000');
    await expectAccessible(page, 'ecash refund');
    await refund.getByLabel('Amount in sats').fill('1001');
    await refund.getByRole('button', { name: 'Create token' }).click();
    await expect(refund.getByText('Only 1,000 sats of this sale are left to refund')).toBeVisible();
    await refund.getByLabel('Amount in sats').fill('300');
    await refund.getByRole('button', { name: 'Create token' }).click();

    // The token as an animated QR, titled as the customer's refund (not a withdrawal); the
    // customer's wallet redeems it.
    const shown = page.getByRole('dialog', { name: 'Scan to receive the refund' });
    await expect(shown.getByTestId('animated-qr')).toHaveAttribute(
      'data-part',
      /^ur:bytes\//,
      SETTLES,
    );
    await shown.getByRole('button', { name: 'Copy Token' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^cashuB/);
    const token = await page.evaluate(() => navigator.clipboard.readText());
    await shown.getByRole('button', { name: 'Close' }).click();
    const proofs = await (await customerWallet(mintUrl)).receive(token);
    expect(proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(300);

    const refundRow = page.locator('[data-testid="history-item"][data-type="refund"]');
    await expect(refundRow).toHaveCount(1, SETTLES);
    await expect(refundRow.getByTestId('history-amount')).toHaveText('−300 sats');
    await expect(page.getByTestId('wallet-balance')).toHaveText('700 sats', SETTLES);

    receipt = await openReceipt(page);
    await expect(receipt.getByTestId('receipt')).toContainText('-300 sats');
    await expect(receipt.getByTestId('receipt')).toContainText('Left700 sats');
    await receipt.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Today', exact: true }).click();
    const day = page.getByRole('dialog', { name: 'Day summary' });
    await expect(day.getByTestId('summary-refunds')).toHaveText(/^1 · 300 sats/);
    await expect(day.getByTestId('summary-net')).toHaveText('700 sats');
  });

  test('Receipt right after a Lightning and an ecash sale; automatic printing prints each sale once', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    test.setTimeout(180_000);
    // window.print counted across reloads: the print dialog itself cannot be driven.
    await page.addInitScript(() => {
      window.print = () => {
        const printed = document.querySelector('[data-print-root]')?.textContent ?? '';
        const log = JSON.parse(localStorage.getItem('e2e-prints') ?? '[]') as string[];
        localStorage.setItem('e2e-prints', JSON.stringify([...log, printed]));
      };
    });
    const prints = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('e2e-prints') ?? '[]') as string[]);
    await onboard(page, { mintUrl, relayUrl });

    // A Lightning sale: its receipt from the line under the keypad, the same as History's.
    await takePayment(page, 1234, payQuote);
    const last = page.getByTestId('last-sale');
    await expect(last).toContainText('Last sale: 1,234 sats', LANDS);
    await page.setViewportSize(PHONE);
    await last.getByRole('button', { name: 'Receipt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    await expect(dialog.getByTestId('receipt')).toContainText('Paid withLightning', SETTLES);
    await expect(dialog.getByTestId('receipt')).toContainText('Total1,234 sats');
    await expectAccessible(page, 'receipt after a sale');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await prints()).toEqual([]);
    // The navigation links are in a menu at phone size.
    await page.setViewportSize({ width: 1280, height: 720 });

    // Turned on in Settings, the next sale prints on its own, once.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Print receipts automatically').check();
    await expect(page.getByLabel('Print receipts automatically')).toBeChecked();
    // Saved once the switch is enabled again.
    await expect(page.getByLabel('Print receipts automatically')).toBeEnabled();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    const proofs = await customerProofs(mintUrl, 55, payQuote);
    await clickDigits(page, '55');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const take = page.getByRole('dialog', { name: 'Receive 55 sats in ecash' });
    await take
      .getByLabel('Ecash token')
      .fill(getEncodedToken({ mint: mintUrl, unit: 'sat', proofs: proofs as never }));
    await take.getByRole('button', { name: 'Take ecash' }).click();
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(dialog.getByTestId('receipt')).toContainText('Paid withEcash', SETTLES);
    await expect.poll(prints, SETTLES).toHaveLength(1);
    expect((await prints())[0]).toContain('55 sats');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A reload does not print it again; the setting stays on.
    await page.reload();
    await expect(page.getByTestId('home-balance')).toHaveText('1,289 sats', LANDS);
    expect(await prints()).toHaveLength(1);
  });
});
