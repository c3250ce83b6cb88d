// The shop's name end to end: set in Settings, named on the Connect screen, carried by the link to
// the cashier's heading.
import { expect, test } from './fixtures';
import { openCashier } from './helpers/cashier';
import { onboard } from './helpers/onboard';

const SHOP = 'Corner Café & Co';

test('a shop name saved in Settings shows on the Connect screen and heads the cashier page', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connect-shop')).toHaveText(
    'Cashiers see this device’s key (npub). Add a shop name in Settings to show it instead.',
  );

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Shop name').fill(SHOP);
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(
    page.getByText(
      'Shop settings saved. Cashiers see the new name once they open the new connection link.',
    ),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Shop name')).toHaveValue(SHOP);

  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connect-shop')).toHaveText(
    `Cashiers who scan it create invoices for ${SHOP}.`,
  );
  const link = (await page.getByTestId('connection-string').textContent())!;
  expect(new URL(link).searchParams.get('shop')).toBe(SHOP);
  const npub = new URL(link).pathname.split('/').pop()!;

  const cashier = await openCashier(browser, link, npub, SHOP);
  try {
    await expect(cashier.page.getByText(`Merchant key: ${npub}`)).toBeVisible();
    await expect(cashier.page).toHaveTitle('Remote POS · Cashew POS');
  } finally {
    await cashier.context.close();
  }
});
