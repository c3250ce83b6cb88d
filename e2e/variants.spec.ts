// Variants, modifiers and stock end to end: a latte with a size and oat milk, counted, made in the
// editor; two large lattes with oat milk sold through the chooser and paid at the dev mint; the
// cart line, the sale's record and the receipt name the options, the stock went down by what was
// sold, and the refund of that line brings it back (docs/behaviour.md "Variants and modifiers",
// "Stock", "Refunds").
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedEvents } from './helpers/history-events';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { openWallet } from './helpers/wallet-screen';

const SETTLES = { timeout: 20_000 };
const LINE = 'Latte, large, oat milk';

async function openEditor(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('link', { name: 'Items and tips' }).click();
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
}

/** What the editor says is left of the latte and of its large size. */
async function expectStock(page: Page, latte: number, large: number) {
  await openEditor(page);
  await expect(page.getByTestId('item-list')).toContainText(`${latte} left`, SETTLES);
  await page.getByRole('button', { name: 'Edit Latte', exact: true }).click();
  const form = page.getByTestId('item-form');
  await expect(form.getByLabel('Stock count (optional)')).toHaveValue(String(latte));
  await expect(form.getByLabel('Stock of options (optional)')).toHaveValue(`large: ${large}`);
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();
}

test('a latte with a size and oat milk is sold, counted down and counted back by its refund', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  lightningAddress,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  // A first keypad sale: the refund's Lightning fees come out of the balance beside the latte's.
  await takePayment(page, 1000, payQuote);
  await openEditor(page);
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill('Latte');
  await form.getByLabel('Price', { exact: true }).fill('3000');
  await form
    .getByLabel('Options (optional)')
    .fill('Size: small | large +500; Extras (any): oat milk +300');
  await form.getByLabel('Stock count (optional)').fill('10');
  await form.getByLabel('Stock of options (optional)').fill('large: 5');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: 'Edit Latte', exact: true })).toBeVisible();
  await expect(page.getByTestId('item-list')).toContainText('10 left');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  await page.getByRole('button', { name: 'Add Latte' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose options for Latte' });
  await expect(chooser).toBeVisible(LANDS);
  await chooser.getByLabel('large').check();
  await chooser.getByLabel('oat milk').check();
  await expect(chooser.getByTestId('options-price')).toHaveText('Price: 3,800 sats');
  await chooser.getByRole('button', { name: 'Add to cart' }).click();
  await expect(chooser).toBeHidden();
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('data-name', LINE);
  await page.getByRole('button', { name: `One more ${LINE}` }).click();
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '7600');

  await page.getByTestId('cart-charge').click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('7,600 sats');
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  const [sale] = (await storedEvents(page)).filter((e) => e.type === 'direct-payment' && e.sale);
  expect(sale).toMatchObject({
    sale: {
      lines: [
        {
          name: LINE,
          quantity: 2,
          unitSats: 3800,
          options: [
            { groupId: 'size', id: 'large', name: 'large' },
            { groupId: 'extras', id: 'oat-milk', name: 'oat milk' },
          ],
        },
      ],
    },
  });

  // Two sold: the latte 10 → 8, its large size 5 → 3.
  await expectStock(page, 8, 3);

  await openWallet(page);
  await page
    .getByTestId('history-item')
    .filter({ hasText: 'Sale' })
    .first()
    .getByRole('button', { name: 'Receipt' })
    .click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-line')).toContainText([LINE]);
  await receipt.getByRole('button', { name: `Refund ${LINE}` }).click();
  const refund = page.getByRole('dialog', { name: 'Refund (up to 7,600 sats)' });
  await expect(refund).toBeVisible();
  await refund.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
  await refund.getByRole('button', { name: 'Continue' }).click();
  await expect(refund.getByLabel(/^Amount in sats/)).toHaveValue('7600');
  await refund.getByRole('button', { name: 'Continue' }).click();
  await refund.getByRole('button', { name: 'Pay' }).click();
  await expect(refund.getByText('Refund paid: 7,600 sats sent, 0 sats fee.')).toBeVisible(SETTLES);
  await refund.getByRole('button', { name: 'Close' }).click();

  // The line's refund gives both back.
  await expectStock(page, 10, 5);
});
