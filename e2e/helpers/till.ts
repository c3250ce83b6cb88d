// E2E helper: an onboarded till set up as a spec needs it (items in the editor, tips asked,
// charging in dollars, automatic cash-out filled in), in one call instead of the same steps in
// each spec.
import { expect, type Page } from '@playwright/test';
import { LANDS } from './invoice';
import { addCatalogItem, type ItemSpec } from './items';
import { onboard, type OnboardOptions } from './onboard';
import { fillAutoCashOut } from './wallet-screen';

export interface TillSetUp extends OnboardOptions {
  /** "Ask for a tip before charging" checked in the editor, before any item is added */
  tips?: boolean;
  /** added in the editor in this order; the page is left on the editor */
  items?: readonly ItemSpec[];
  /** Settings' Charge in: the keypad takes dollars (left on Home) */
  unit?: 'usd';
  /** automatic cash-out to this address filled in Settings, not yet saved */
  autoCashOut?: string;
}

/** The items editor (/items), loaded. */
export async function openItemsEditor(page: Page): Promise<void> {
  await page.goto('/items');
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
}

/** Settings, Charge in: USD; back on Home the keypad takes cents. */
export async function chargeInDollars(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const unit = page.getByRole('combobox', { name: 'Unit' });
  await expect(unit.getByRole('option', { name: 'USD' })).toBeAttached();
  await unit.selectOption('usd');
  await expect(unit).toHaveValue('usd');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('home-balance')).toHaveText('0.00 USD');
  await expect(page.getByText('Enter an amount in USD')).toBeVisible();
}

/**
 * Onboards the page's context and sets the till up: the editor's tips and items first, then the
 * unit, then the automatic cash-out. Resolves with the wallet's phrase, as onboard does.
 */
export async function setUpTill(page: Page, setUp: TillSetUp): Promise<{ phrase: string }> {
  const { tips, items, unit, autoCashOut, ...stack } = setUp;
  const onboarded = await onboard(page, stack);
  if (tips || items) {
    await openItemsEditor(page);
    if (tips) await page.getByLabel('Ask for a tip before charging').check();
    for (const item of items ?? []) await addCatalogItem(page, item);
  }
  if (unit === 'usd') await chargeInDollars(page);
  if (autoCashOut) await fillAutoCashOut(page, autoCashOut);
  return onboarded;
}
