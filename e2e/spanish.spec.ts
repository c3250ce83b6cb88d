// A cart sale in Spanish, then the Wallet and Settings in German (issue 48, decision 0055): with
// Chromium's locale es-ES the keypad's offline refusal, the cart, its charge, the invoice, the paid
// toast, the history row with its folded details, the receipt and each tab's title read Spanish
// texts with Spanish figures ("26.200 sats"); chosen in Settings, German shows on the Wallet
// (balance, history, its row) and on Settings (title, groups, cards, the navigation's own link).
import type { Page } from '@playwright/test';
import itemsSpanish from '../src/features/items/locales/items/es.json' with { type: 'json' };
import posSpanish from '../src/features/pos/locales/keypad/es.json' with { type: 'json' };
import languageSpanish from '../src/features/settings/locales/language/es.json' with { type: 'json' };
import settingsEnglish from '../src/features/settings/locales/settings/en.json' with { type: 'json' };
import settingsGerman from '../src/features/settings/locales/settings/de.json' with { type: 'json' };
import walletEnglish from '../src/features/wallet/locales/wallet/en.json' with { type: 'json' };
import walletGerman from '../src/features/wallet/locales/wallet/de.json' with { type: 'json' };
import walletSpanish from '../src/features/wallet/locales/wallet/es.json' with { type: 'json' };
import cartEnglish from '../src/ui/locales/cart/en.json' with { type: 'json' };
import cartSpanish from '../src/ui/locales/cart/es.json' with { type: 'json' };
import invoiceSpanish from '../src/ui/locales/invoice/es.json' with { type: 'json' };
import keypadSpanish from '../src/ui/locales/keypad/es.json' with { type: 'json' };
import titlesSpanish from '../src/app/locales/titles/es.json' with { type: 'json' };
import titlesGerman from '../src/app/locales/titles/de.json' with { type: 'json' };
import receiptSpanish from '../src/ui/locales/receipt/es.json' with { type: 'json' };
import receiptButtonSpanish from '../src/ui/locales/receipt-button/es.json' with { type: 'json' };
import shellGerman from '../src/app/locales/shell/de.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { clickDigits, LANDS, quoteIdOnScreen } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { plainEnglishOnly } from './helpers/screens';

test.use({ locale: 'es-ES' });

async function shown(page: Page, text: string): Promise<number> {
  return page.getByText(text, { exact: true }).filter({ visible: true }).count();
}

/** The Items editor, in Spanish: an item priced in sats. */
async function addItem(page: Page, name: string, sats: string) {
  const form = page.getByTestId('item-form');
  await form.getByLabel(itemsSpanish.ITEM_NAME_LABEL, { exact: true }).fill(name);
  await form.getByLabel(itemsSpanish.ITEM_PRICE_LABEL, { exact: true }).fill(sats);
  await form.getByRole('button', { name: itemsSpanish.ADD_ITEM }).click();
  const edit = itemsSpanish.ITEM_EDIT_LABEL.replace('{name}', name);
  await expect(page.getByRole('button', { name: edit, exact: true })).toBeVisible();
}

test('a cart sale in Spanish, then the Wallet and Settings in German', async ({
  page,
  context,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  await expect(page).toHaveTitle(`${titlesSpanish.TITLE_POINT_OF_SALE} · Cashew POS`);

  // Offline, the keypad refuses to ask the mint, in Spanish (the screen loaded before the network
  // goes).
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats', LANDS);
  await clickDigits(page, '21');
  await context.setOffline(true);
  await page.getByRole('button', { name: keypadSpanish.KEYPAD_SUBMIT, exact: true }).click();
  await expect(page.getByTestId('invoice-error')).toHaveText(keypadSpanish.OFFLINE_SUBMIT);
  await context.setOffline(false);

  await page.goto('/items');
  await expect(page).toHaveTitle(`${titlesSpanish.TITLE_ITEMS} · Cashew POS`);
  await addItem(page, 'Café', '12500');
  await addItem(page, 'Tarta', '900');

  // The cart: 2 × 12.500 + 900 + a custom 300 = 26.200 sats, Spanish grouping from five digits;
  // the custom amount's stored name shown in Spanish.
  await page.goto('/');
  await page.getByRole('button', { name: posSpanish.SELL_BY_ITEMS, exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  await expect(page.getByRole('heading', { name: cartSpanish.CART_TITLE })).toBeVisible();
  await expect(page.getByText(cartSpanish.CART_EMPTY)).toBeVisible();
  const coffee = page.getByRole('button', { name: /^Añadir Café/ });
  await expect(coffee).toContainText('12.500 sats');
  await coffee.click();
  await coffee.click();
  await page.getByRole('button', { name: /^Añadir Tarta/ }).click();
  await page.getByLabel(cartSpanish.CART_CUSTOM_LABEL).fill('300');
  await page.getByRole('button', { name: cartSpanish.CART_ADD_CUSTOM, exact: true }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(page.getByTestId('cart-line').nth(2)).toContainText(cartSpanish.CART_CUSTOM_LINE);
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '26200');
  await expect(page.getByTestId('cart-total')).toContainText('26.200 sats');
  for (const text of plainEnglishOnly(cartEnglish, cartSpanish)) {
    expect(await shown(page, text), text).toBe(0);
  }

  // Charge, the invoice and its payment at the dev mint.
  const charge = page.getByTestId('cart-charge');
  await expect(charge).toHaveText('Cobrar 26.200 sats');
  await charge.click();
  const dialog = page.getByRole('dialog', { name: invoiceSpanish.INVOICE_MODAL_TITLE });
  await expect(dialog.getByTestId('invoice-amount')).toHaveText('26.200 sats');
  await payQuote(await quoteIdOnScreen(page));
  await expect(
    page.getByText('🎉 ¡Pago recibido! Pruebas guardadas correctamente. 26.200 sats').first(),
  ).toBeVisible(LANDS);
  await expect(page.getByTestId('cart-line')).toHaveCount(0, LANDS);

  // The Wallet in Spanish: its title, the balance, the sale's row and its receipt.
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: walletSpanish.WALLET_TITLE })).toBeVisible();
  await expect(page).toHaveTitle(`${titlesSpanish.TITLE_WALLET} · Cashew POS`);
  await expect(page.getByTestId('wallet-balance')).toHaveText('26.200 sats', LANDS);
  const row = page.getByTestId('history-item').first();
  await expect(row).toContainText('Venta');
  await expect(row.getByTestId('history-amount')).toHaveText('+26.200 sats');
  await row.getByRole('button', { name: walletSpanish.DETAILS, exact: true }).click();
  const technical = row.getByTestId('history-technical');
  await technical.getByText(walletSpanish.TECHNICAL_DETAILS).click();
  await expect(technical).toContainText('Tipo: ');
  await expect(technical).toContainText('Cotización: ');
  await expect(technical).not.toContainText(/Type:|Quote:/);
  await expect(page.getByTestId('history-page')).toHaveText('Página 1 de 1');
  await row.getByRole('button', { name: receiptButtonSpanish.RECEIPT_BUTTON }).click();
  const receiptDialog = page.getByRole('dialog', { name: receiptSpanish.RECEIPT_TITLE });
  const receipt = receiptDialog.getByTestId('receipt');
  await expect(receipt).toContainText('Café');
  await expect(receipt).toContainText(cartSpanish.CART_CUSTOM_LINE);
  await expect(receipt).toContainText(`${receiptSpanish.RECEIPT_TOTAL}26.200 sats`);
  await expect(receipt).toContainText(`${receiptSpanish.RECEIPT_PAID_WITH}Lightning`);
  for (const word of [/Paid with/, /Subtotal/, /Refund/, /Custom amount/]) {
    await expect(receipt).not.toContainText(word);
  }
  await receiptDialog
    .getByRole('button', { name: receiptSpanish.CLOSE_RECEIPT, exact: true })
    .click();

  // German, chosen in Settings: Settings itself, then the Wallet.
  await page.goto('/settings');
  await page
    .getByRole('combobox', { name: languageSpanish.LANGUAGE_LABEL })
    .selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(`${titlesGerman.TITLE_SETTINGS} · Cashew POS`);
  await expect(
    page.getByRole('heading', { name: settingsGerman.SETTINGS_TITLE, level: 1 }),
  ).toBeVisible();
  const groups = page.getByRole('navigation', { name: settingsGerman.SETTINGS_GROUPS_LABEL });
  await expect(groups.getByRole('link')).toHaveText([
    settingsGerman.GROUP_SHOP,
    settingsGerman.GROUP_MONEY_OUT,
    settingsGerman.GROUP_SECURITY,
    settingsGerman.GROUP_MINT_AND_RELAYS,
    settingsGerman.GROUP_DEVICE,
  ]);
  await expect(
    page.getByRole('button', { name: settingsGerman.SHOP_SAVE, exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: settingsGerman.AUTO_SAVE, exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: settingsGerman.SAVE_SETTINGS, exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: settingsGerman.RECOVER_BUTTON, exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: shellGerman.NAV_SETTINGS, exact: true }),
  ).toBeVisible();
  for (const text of [
    settingsEnglish.SHOP_SAVE,
    settingsEnglish.SAVE_SETTINGS,
    settingsEnglish.AUTO_TITLE,
    settingsEnglish.RECOVER_TEXT,
  ]) {
    expect(await shown(page, text), text).toBe(0);
  }

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: walletGerman.WALLET_TITLE })).toBeVisible();
  await expect(page.getByText(walletGerman.CURRENT_BALANCE)).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('26.200 sats', LANDS);
  await expect(page.getByRole('heading', { name: walletGerman.HISTORY })).toBeVisible();
  const germanRow = page.getByTestId('history-item').first();
  await expect(germanRow).toContainText('Verkauf');
  await expect(germanRow.getByTestId('history-amount')).toHaveText('+26.200 sats');
  await expect(page.getByTestId('history-count')).toHaveText('1 von 1 Buchungen');
  await expect(
    page.getByRole('button', { name: walletGerman.WITHDRAW, exact: true }),
  ).toBeVisible();
  for (const text of plainEnglishOnly(walletEnglish, walletGerman)) {
    expect(await shown(page, text), text).toBe(0);
  }
});
