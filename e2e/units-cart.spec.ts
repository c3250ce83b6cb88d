// The cart in a till charging in dollars, against the real dev mint: items priced in USD are added
// to a 3.50 USD cart with no price feed in between, charged as a 350-cent usd invoice, paid, held
// as 3.50 USD and receipted in dollars; an item in euros is refused by name
// (docs/decisions/0089-sat-prices-in-a-fiat-till.md).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedEvents } from './helpers/history-events';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { storedMoney } from './helpers/stored-money';
import { openItemsEditor, setUpTill } from './helpers/till';

const EURO_REFUSED =
  'An item is priced in EUR, but this till charges in USD: it cannot be charged. Price the item in USD or in sats.';

/** On the items editor: `name` priced at `price` in `currency`. */
async function addPricedItem(page: Page, name: string, price: string, currency: string) {
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Priced in').selectOption(currency);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
}

test('a 3.50 USD cart is a 350-cent usd invoice, paid, held and receipted in dollars', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(180_000);
  await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
  await openItemsEditor(page);
  await addPricedItem(page, 'Coffee', '1.25', 'USD');
  await addPricedItem(page, 'Cake', '2.25', 'USD');
  await addPricedItem(page, 'Croissant', '2.00', 'EUR');

  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const balance = page.getByTestId('home-balance');
  await expect(balance).toHaveText('0.00 USD');
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  // Dollar items show their dollars alone: no sats, no price feed asked.
  await expect(page.getByRole('button', { name: 'Add Coffee' })).toHaveAccessibleName(
    'Add Coffee, 1.25 USD',
  );

  // A croissant in euros is refused by name, nothing charged, until it is taken out.
  await page.getByRole('button', { name: 'Add Croissant' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'priced in EUR' })).toHaveText(
    EURO_REFUSED,
  );
  await expect(page.getByTestId('cart-charge')).toBeDisabled();
  await page.getByRole('button', { name: 'One less Croissant' }).click();

  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await page.getByRole('button', { name: 'Add Cake' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('3.50 USD');
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-minor', '350');
  await page.getByRole('button', { name: 'Charge 3.50 USD' }).click();

  const dialog = invoiceDialog(page);
  await expect(dialog.getByTestId('invoice-amount')).toHaveText('3.50 USD');
  const quoteId = await quoteIdOnScreen(page);
  const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
  expect(atMint).toMatchObject({ quote: quoteId, amount: 350, unit: 'usd', state: 'UNPAID' });

  await payQuote(quoteId);
  await expect(page.getByText(`${RECEIVED} 3.50 USD`)).toBeVisible(LANDS);
  await expect(balance).toHaveText('3.50 USD', LANDS);
  await expect(page.getByTestId('cart-line')).toHaveCount(0, LANDS);
  expect(await storedMoney(page)).toMatchObject({ balance: 0, inUnits: { usd: 350 } });
  const [sale] = (await storedEvents(page)).filter((e) => e.type === 'direct-payment');
  expect(sale).toMatchObject({
    amount: 350,
    unit: 'usd',
    quoteId,
    sale: {
      lines: [
        { name: 'Coffee', quantity: 1, unitSats: 125 },
        { name: 'Cake', quantity: 1, unitSats: 225 },
      ],
      subtotalSats: 350,
      taxSats: 0,
      tipSats: 0,
      method: 'lightning',
    },
  });
  expect(sale).not.toHaveProperty('fiat');

  // The receipt right after the sale: every amount in dollars.
  const last = page.getByTestId('last-sale');
  await expect(last).toContainText('Last sale: 3.50 USD', LANDS);
  await last.getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' }).getByTestId('receipt');
  await expect(receipt).toContainText('Total3.50 USD', LANDS);
  await expect(receipt.getByTestId('receipt-line')).toHaveText(['Coffee1.25 USD', 'Cake2.25 USD']);
  await expect(receipt).not.toContainText('sats');
});
