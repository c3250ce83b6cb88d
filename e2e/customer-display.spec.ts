// The customer display (docs/behaviour.md "Customer display"): a second window of the same browser,
// opened from the counter after the sale began, follows a cart of three items, its discount, tax and
// its total, shows the invoice's QR code once Charge is pressed and "Paid, thank you" once it is
// paid at the dev mint; all on a locked till, without the PIN.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { addCatalogItem } from './helpers/items';
import { LOCKED, PIN, setPinInSettings } from './helpers/pin';
import { openItemsEditor, setUpTill } from './helpers/till';

const SHOP = 'Corner Café';

async function addItem(page: Page, name: string, price: string) {
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
}

/** The counter's open invoice of `amount` is the one the display asks the customer to scan. */
async function expectSameInvoice(page: Page, display: Page, amount: string) {
  const dialog = invoiceDialog(page);
  await expect(dialog.getByTestId('invoice-amount')).toHaveText(amount);
  const invoice = await dialog.getByTestId('invoice-string').textContent();
  const pay = display.getByTestId('display-pay');
  await expect(pay.getByRole('heading')).toHaveText(`Scan to pay ${amount}`);
  await expect(pay.locator('[data-qr-value]').first()).toHaveAttribute(
    'data-qr-value',
    invoice!.trim(),
  );
}

test('the customer display follows a cart of three items, its invoice and the payment', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(180_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Shop name').fill(SHOP);
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await page.getByRole('link', { name: 'Items and tips' }).click();
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
  await addItem(page, 'Coffee', '2500');
  await addItem(page, 'Cake', '3500');
  await addItem(page, 'Bagel', '1200');

  // A PIN, then a reload: the till is locked and still sells.
  await setPinInSettings(page, PIN);
  await page.goto('/');
  await expect(page.getByText(LOCKED)).toBeVisible(LANDS);
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  await page.getByRole('button', { name: 'Add Coffee' }).click();

  // Opened after the first line: the display asks and gets the cart so far.
  const [display] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Customer display' }).click(),
  ]);
  await expect(display).toHaveURL(/\/display$/);
  await expect(display.getByRole('heading', { level: 1 })).toHaveText(SHOP, LANDS);
  const lines = display.getByTestId('display-line');
  await expect(lines).toHaveCount(1, LANDS);
  await expect(lines.first()).toHaveAttribute('data-name', 'Coffee');

  await page.getByRole('button', { name: 'Add Cake' }).click();
  await page.getByRole('button', { name: 'Add Bagel' }).click();
  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(lines).toHaveCount(3);
  expect(
    await lines.evaluateAll((all) =>
      all.map((l) => [l.dataset.name, l.dataset.quantity, l.dataset.sats]),
    ),
  ).toEqual([
    ['Coffee', '2', '5000'],
    ['Cake', '1', '3500'],
    ['Bagel', '1', '1200'],
  ]);
  await expect(display.getByTestId('display-total')).toHaveAttribute('data-sats', '9700');
  await expect(display.getByTestId('display-total')).toContainText('9,700 sats');
  await expect(display.getByTestId('display-discount')).toHaveCount(0);
  await expect(display.getByTestId('display-pay')).toHaveCount(0);
  // A discount on the cart: the display says what it takes off, and the total after it.
  await page.getByRole('button', { name: 'Discount on the cart' }).click();
  const discount = page.getByRole('dialog', { name: 'Discount on the cart' });
  await discount.getByRole('button', { name: 'Sats' }).click();
  await discount.getByLabel('Amount').fill('700');
  await discount.getByRole('button', { name: 'Apply' }).click();
  await expect(display.getByTestId('display-discount')).toHaveAttribute('data-sats', '700');
  await expect(display.getByTestId('display-discount')).toContainText('Discount−700 sats');
  await expect(display.getByTestId('display-total')).toHaveAttribute('data-sats', '9000');
  await expectAccessible(display, 'Customer display, cart');

  // Charge: the display shows the very invoice the counter shows.
  await page.getByTestId('cart-charge').click();
  await expectSameInvoice(page, display, '9,000 sats');
  await expectAccessible(display, 'Customer display, invoice');

  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(display.getByTestId('display-paid')).toHaveText(
    'Paid, thank you9,000 sats received',
    LANDS,
  );
  await expect(display.getByRole('img')).toHaveCount(0);
  // The counter's cart empties; the display stays on paid until the next customer's first item.
  await expect(page.getByTestId('cart-line')).toHaveCount(0, LANDS);
  await page.getByRole('button', { name: 'Add Bagel' }).click();
  await expect(lines).toHaveCount(1);
  await expect(display.getByTestId('display-paid')).toHaveCount(0);
  // Still locked: the display unlocked nothing.
  await expect(page.getByText(LOCKED)).toBeVisible();
});

test('in a till charging in dollars the display shows each line, the tax, the total and paid in dollars', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(180_000);
  await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
  await openItemsEditor(page);
  await addCatalogItem(page, { name: 'Latte', price: '3.50', currency: 'USD' });
  await addCatalogItem(page, { name: 'Cookie', price: '1.25', currency: 'USD', tax: '8' });
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);

  const [display] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Customer display' }).click(),
  ]);
  await expect(display).toHaveURL(/\/display$/);
  await page.getByRole('button', { name: 'Add Latte' }).click();
  const lines = display.getByTestId('display-line');
  await expect(lines).toHaveText(['1 × Latte3.50 USD'], LANDS);
  await page.getByRole('button', { name: 'Add Cookie' }).click();
  await page.getByRole('button', { name: 'Add Cookie' }).click();
  // Each line's dollars before tax, the tax added on top and the total, as the counter's cart
  // says them; never sats. The lines and the tax add up to the total on the customer's screen.
  await expect(lines).toHaveText(['1 × Latte3.50 USD', '2 × Cookie2.50 USD']);
  await expect(page.getByTestId('cart-total')).toHaveText('6.20 USD');
  await expect(display.getByTestId('display-tax')).toHaveText('Tax0.20 USD');
  await expect(display.getByTestId('display-total')).toHaveText('Total6.20 USD');
  await expect(display.getByText(/sats/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Charge 6.20 USD' }).click();
  await expectSameInvoice(page, display, '6.20 USD');

  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(`${RECEIVED} 6.20 USD`)).toBeVisible(LANDS);
  await expect(display.getByTestId('display-paid')).toHaveText(
    'Paid, thank you6.20 USD received',
    LANDS,
  );
  await expect(display.getByRole('img')).toHaveCount(0);
});
