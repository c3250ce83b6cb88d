// The item editor behind the merchant PIN (docs/security.md "The merchant PIN"): on a locked till
// /items asks for the PIN in place of the items, a wrong PIN changes nothing; a delete is asked
// first and Undo puts back the very item, which a parked basket still charges.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { appRows } from './helpers/app-rows';
import { LANDS } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { PIN, PROMPT, enterPin, setPinInSettings } from './helpers/pin';

async function storedItems(page: Page): Promise<unknown[]> {
  return (await appRows(page, { items: 'rows' })).items;
}

test('on a locked till /items asks for the PIN; a delete is asked first and undone', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  test.setTimeout(180_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/items');
  const form = page.getByTestId('item-form');
  for (const item of [
    { name: 'Coffee', price: '2500', tax: '7' },
    { name: 'Bagel', price: '1200' },
  ]) {
    await form.getByLabel('Name', { exact: true }).fill(item.name);
    await form.getByLabel('Price', { exact: true }).fill(item.price);
    if (item.tax) await form.getByLabel('Tax rate % (optional)').fill(item.tax);
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(
      page.getByRole('button', { name: `Edit ${item.name}`, exact: true }),
    ).toBeVisible();
  }
  // A basket with the coffee parked at Home.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await page.getByLabel('Basket name').fill('Table 4');
  await page.getByRole('button', { name: 'Park', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Recall Table 4' })).toBeVisible();

  await setPinInSettings(page, PIN);
  // A reload: the PIN has not been entered since start.
  await page.reload();
  await expect(page.getByText('This till is locked.')).toBeVisible(LANDS);
  const before = await storedItems(page);
  expect(before).toHaveLength(2);

  await page.goto('/items');
  const prompt = page.getByRole('form', { name: PROMPT });
  await expect(prompt).toBeVisible(LANDS);
  await expect(page.getByTestId('item-list')).toHaveCount(0);
  await expect(page.getByTestId('item-form')).toHaveCount(0);
  await enterPin(prompt, '000000');
  await expect(prompt).toContainText('Wrong PIN.');
  await expect(page.getByTestId('item-list')).toHaveCount(0);
  expect(await storedItems(page)).toEqual(before);

  // The wait after one wrong PIN is a second: Unlock comes back by itself.
  await prompt.getByLabel('PIN', { exact: true }).fill(PIN);
  await expect(prompt.getByRole('button', { name: 'Unlock' })).toBeEnabled({ timeout: 10_000 });
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('button', { name: 'Delete Coffee' })).toBeVisible(LANDS);

  await page.getByRole('button', { name: 'Delete Coffee' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this item?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  expect(await storedItems(page)).toEqual(before);

  await page.getByRole('button', { name: 'Delete Coffee' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('item-deleted')).toContainText('Coffee deleted.');
  await expect(page.getByRole('button', { name: 'Edit Coffee' })).toHaveCount(0);
  await expect.poll(async () => (await storedItems(page)).length).toBe(1);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Edit Coffee' })).toBeVisible();
  await expect(page.getByTestId('item-deleted')).toHaveCount(0);
  // The very same item: its id, position, price, tax and the rest.
  await expect.poll(() => storedItems(page)).toEqual(before);

  // The parked basket still charges the coffee.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await page.getByRole('button', { name: 'Recall Table 4' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Coffee');
  await expect(page.getByRole('button', { name: /^Charge 2,675 sats$/ })).toBeVisible();
});
