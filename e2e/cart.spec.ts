// Items and a cart end to end (issue 33): three items made in the editor (one priced in USD, one
// with tax), a cart of two kinds with quantities plus a custom amount, a 10 % tip; the invoice is
// the computed total to the sat, paid at the dev mint, and the history keeps lines, tax and tip.
// The cart survives a reload and a parked basket is recalled. axe at phone size on the new screens.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { storedEvents } from './helpers/history-events';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { pricesControl, setUsdPrice, showDollars } from './helpers/dollar-shop';
import { onboard } from './helpers/onboard';

/** axe at phone size (the nav's links are in a menu there), then back to the desktop layout. */
async function accessibleOnPhone(page: Page, screen: string) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${screen} on a phone`);
  if (size) await page.setViewportSize(size);
}

async function addItem(
  page: Page,
  item: { name: string; price: string; unit?: string; category?: string; tax?: string },
) {
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(item.name);
  await form.getByLabel('Price', { exact: true }).fill(item.price);
  if (item.unit) await form.getByLabel('Priced in').selectOption(item.unit);
  if (item.category) await form.getByLabel('Category (optional)').fill(item.category);
  if (item.tax) await form.getByLabel('Tax rate % (optional)').fill(item.tax);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${item.name}`, exact: true })).toBeVisible();
}

async function openItems(page: Page) {
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
}

test.afterEach(async ({ request, pricesUrl }) => {
  await request.delete(pricesControl(pricesUrl));
});

test('a cart with tax, a fiat item, a custom amount and a 10 % tip is charged to the sat and recorded', async ({
  page,
  mintUrl,
  relayUrl,
  pricesUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(240_000);
  // 3.50 USD at 100,000 USD/BTC is exactly 3,500 sats.
  await setUsdPrice(request, pricesUrl, 100_000);
  await onboard(page, { mintUrl, relayUrl });
  await showDollars(page, 100_000);

  await page.getByRole('link', { name: 'Items and tips' }).click();
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
  await addItem(page, { name: 'Coffee', price: '2500', category: 'Drinks' });
  await addItem(page, { name: 'Cake', price: '3.50', unit: 'USD', tax: '7.5', category: 'Food' });
  await addItem(page, { name: 'Bagel', price: '1200', tax: '19', category: 'Food' });
  await page.getByLabel('Ask for a tip before charging').check();
  await accessibleOnPhone(page, 'Items editor');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await openItems(page);
  // A first basket, parked for later.
  await page.getByRole('button', { name: 'Add Bagel' }).click();
  await page.getByLabel('Basket name').fill('Table 4');
  await page.getByRole('button', { name: 'Park', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Recall Table 4' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(0);

  // Category filter, then the cart: 2 coffee, 3 cake, 1,234 sats custom.
  await page.getByRole('button', { name: 'Drinks', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add Cake' })).toBeHidden();
  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add Cake' })).toContainText('3,500 sats');
  await page.getByRole('button', { name: 'Add Cake' }).click();
  await page.getByLabel('Quantity of Cake').fill('3');
  await page.getByLabel('Custom amount (sats)').fill('1234');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  // 5,000 + 10,500 + 1,234 = 16,734; tax 7.5 % of 10,500 = 787.5 → 788.
  await expect(page.getByTestId('cart-subtotal')).toHaveAttribute('data-sats', '16734');
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '17522');
  await accessibleOnPhone(page, 'Home, Items');

  // The cart survives a reload.
  await page.reload();
  await openItems(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '17522', LANDS);

  // Charge: the tip step, 10 % of 17,522 = 1,752.2 → 1,752; total 19,274.
  await page.getByTestId('cart-charge').click();
  await expect(page.getByTestId('tip-step')).toBeVisible();
  await page.getByRole('button', { name: '10 %' }).click();
  await expect(page.getByTestId('cart-tip')).toHaveAttribute('data-sats', '1752');
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '19274');
  await accessibleOnPhone(page, 'Home, tip step');
  await page.getByRole('button', { name: 'Charge 19,274 sats' }).click();
  const dialog = invoiceDialog(page);
  await expect(dialog.getByTestId('invoice-amount')).toHaveText('19,274 sats');
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(page.getByTestId('cart-line')).toHaveCount(0, LANDS);

  const [sale] = (await storedEvents(page)).filter((e) => e.type === 'direct-payment');
  expect(sale).toMatchObject({
    amount: 19_274,
    fiat: { currency: 'USD', price: 100_000, value: 19.27 },
    sale: {
      lines: [
        { name: 'Coffee', quantity: 2, unitSats: 2500 },
        { name: 'Cake', quantity: 3, unitSats: 3500, taxRatePercent: 7.5 },
        { name: 'Custom amount', quantity: 1, unitSats: 1234 },
      ],
      subtotalSats: 16_734,
      taxSats: 788,
      tipSats: 1752,
      method: 'lightning',
    },
  });

  // The parked basket comes back.
  await page.getByRole('button', { name: 'Recall Table 4' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toHaveAttribute('data-name', 'Bagel');
  // 1,200 + 19 % tax 228 = 1,428
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '1428');
});
