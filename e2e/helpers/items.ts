// E2E helper: items made in the editor (/items), with a tax rate, options and stock counts.
import { expect, type Page } from '@playwright/test';
import { appRows } from './app-rows';

export interface ItemSpec {
  name: string;
  price: string;
  /** the editor's "Priced in" (e.g. `USD`); sats when absent */
  currency?: string;
  tax?: string;
  /** the options text: `Size: small | large +500; Extras (any): oat milk +300` */
  options?: string;
  stock?: string;
  lowAt?: string;
  /** counts of choices: `large: 5` */
  optionStock?: string;
}

/** On the editor: fills the form with `item` and adds it. */
export async function addCatalogItem(page: Page, item: ItemSpec): Promise<void> {
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(item.name);
  await form.getByLabel('Price', { exact: true }).fill(item.price);
  if (item.currency) await form.getByLabel('Priced in').selectOption(item.currency);
  if (item.tax) await form.getByLabel('Tax rate % (optional)').fill(item.tax);
  if (item.options) await form.getByLabel('Options (optional)').fill(item.options);
  if (item.stock) await form.getByLabel('Stock count (optional)').fill(item.stock);
  if (item.lowAt) await form.getByLabel('Low stock at (optional)').fill(item.lowAt);
  if (item.optionStock) await form.getByLabel('Stock of options (optional)').fill(item.optionStock);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${item.name}`, exact: true })).toBeVisible();
}

/**
 * What is left of each counted item and choice, as stored: keyed by the item's name, a choice as
 * `{name}/{choiceId}`.
 */
export async function stockLeft(page: Page): Promise<Record<string, number>> {
  const { items, stock } = await appRows(page, { items: 'rows', stock: 'rows' });
  const names = new Map(
    (items as Array<{ id: string; name: string }>).map((item) => [item.id, item.name]),
  );
  return Object.fromEntries(
    (stock as Array<{ key: string; left: number }>).map((row) => {
      const [id, choice] = row.key.split('/');
      const name = names.get(id!) ?? id!;
      return [choice ? `${name}/${choice}` : name, row.left];
    }),
  );
}
