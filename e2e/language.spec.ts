// The keypad in the browser's language (issue 48, decision 0055): with Chromium's locale set to
// es-ES the keypad, its figures and the invoice are in Spanish, and none of the keypad's English
// texts is left.
import type { Page } from '@playwright/test';
import posEnglish from '../src/features/pos/locales/keypad/en.json' with { type: 'json' };
import posGerman from '../src/features/pos/locales/keypad/de.json' with { type: 'json' };
import posSpanish from '../src/features/pos/locales/keypad/es.json' with { type: 'json' };
import languageGerman from '../src/features/settings/locales/language/de.json' with { type: 'json' };
import languageSpanish from '../src/features/settings/locales/language/es.json' with { type: 'json' };
import keypadEnglish from '../src/ui/locales/keypad/en.json' with { type: 'json' };
import keypadSpanish from '../src/ui/locales/keypad/es.json' with { type: 'json' };
import invoiceSpanish from '../src/ui/locales/invoice/es.json' with { type: 'json' };
import paymentEnglish from '../src/ui/locales/payment/en.json' with { type: 'json' };
import receiptEnglish from '../src/ui/locales/receipt/en.json' with { type: 'json' };
import receiptSpanish from '../src/ui/locales/receipt/es.json' with { type: 'json' };
import receiptButtonSpanish from '../src/ui/locales/receipt-button/es.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { clickDigits, LANDS, quoteIdOnScreen } from './helpers/invoice';
import { onboard } from './helpers/onboard';

test.use({ locale: 'es-ES' });

/** A catalog's plain texts (no argument) that read differently in the two languages. */
function plainEnglishOnly(english: Record<string, string>, spanish: Record<string, string>) {
  return Object.entries(english)
    .filter(([key, text]) => !text.includes('{') && spanish[key] !== text)
    .map(([, text]) => text);
}

async function shown(page: Page, text: string): Promise<number> {
  // Visible ones only: the Items side is built hidden, and its cart is not translated yet.
  return page.getByText(text, { exact: true }).filter({ visible: true }).count();
}

test('the keypad in Spanish: its texts, Spanish figures, no English keypad text', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: posSpanish.POS_TITLE })).toBeVisible();
  await expect(page.getByText('Introduce un importe en sats')).toBeVisible();
  await expect(page.getByText(posSpanish.BALANCE_LABEL)).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
  await expect(page.getByRole('button', { name: keypadSpanish.KEYPAD_SUBMIT })).toBeVisible();
  await expect(page.getByRole('button', { name: keypadSpanish.KEYPAD_CLEAR })).toBeVisible();
  await expect(page.getByRole('button', { name: keypadSpanish.KEYPAD_BACKSPACE })).toBeVisible();
  const english = [
    ...plainEnglishOnly(posEnglish, posSpanish),
    ...plainEnglishOnly(keypadEnglish, keypadSpanish),
    'Enter an amount in sats',
  ];
  for (const text of english) expect(await shown(page, text), text).toBe(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  // An invoice of 21,000 sats: Spanish groups five digits ("21.000") but not four (Intl's
  // minimum grouping digits for es is 2: 2100 stays "2100").
  await clickDigits(page, '21000');
  await page.getByRole('button', { name: keypadSpanish.KEYPAD_SUBMIT }).click();
  const dialog = page.getByRole('dialog', { name: invoiceSpanish.INVOICE_MODAL_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(invoiceSpanish.INVOICE_MODAL_TEXT)).toBeVisible();
  await expect(dialog.getByTestId('invoice-amount')).toHaveText('21.000 sats');
  await expect(dialog.getByRole('button', { name: invoiceSpanish.COPY_INVOICE })).toBeVisible();
  await dialog.getByRole('button', { name: invoiceSpanish.CLOSE, exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Esperando 21.000 sats · Ver factura' }),
  ).toBeVisible();

  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByTestId('home-balance')).toHaveText('21.000 sats', LANDS);
  // The paid toast, in Spanish with a Spanish figure; none of the English toasts.
  await expect(
    page.getByText('🎉 ¡Pago recibido! Pruebas guardadas correctamente. 21.000 sats'),
  ).toBeVisible();
  for (const text of Object.values(paymentEnglish)) {
    const start = text.split('{')[0]!.trim();
    await expect(page.getByText(start)).toHaveCount(0);
  }

  // The receipt of that sale: every label in Spanish, a keypad sale's line too.
  const last = page.getByTestId('last-sale');
  await expect(last).toContainText('Última venta: 21.000 sats');
  await last.getByRole('button', { name: receiptButtonSpanish.RECEIPT_BUTTON }).click();
  const receiptDialog = page.getByRole('dialog', { name: receiptSpanish.RECEIPT_TITLE });
  const receipt = receiptDialog.getByTestId('receipt');
  await expect(receipt).toContainText(`${receiptSpanish.RECEIPT_SALE_LINE}21.000 sats`);
  await expect(receipt).toContainText(`${receiptSpanish.RECEIPT_TOTAL}21.000 sats`);
  await expect(receipt).toContainText(`${receiptSpanish.RECEIPT_PAID_WITH}Lightning`);
  await expect(receipt).toContainText('Ref. ');
  // Regular expressions: a string's spaces at either end would be trimmed ("Ref" is in "Ref.").
  const receiptWords = [/Ref\s/, /Sale/, /Paid with/, /Subtotal/, /Tip/, /Left/, /Refund/];
  for (const word of receiptWords) await expect(receipt).not.toContainText(word);
  for (const text of plainEnglishOnly(receiptEnglish, receiptSpanish)) {
    expect(await shown(page, text), text).toBe(0);
  }
  await receiptDialog
    .getByRole('button', { name: receiptSpanish.CLOSE_RECEIPT, exact: true })
    .click();

  await clickDigits(page, '2100');
  await page.getByRole('button', { name: keypadSpanish.KEYPAD_SUBMIT }).click();
  await expect(page.getByTestId('invoice-amount')).toHaveText('2100 sats');
});

test('a language chosen in Settings shows at once, stays after a reload, and can follow the browser again', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/settings');
  const picker = page.getByRole('combobox', { name: languageSpanish.LANGUAGE_LABEL });
  await expect(picker).toHaveValue('browser');
  await picker.selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('combobox', { name: languageGerman.LANGUAGE_LABEL })).toHaveValue(
    'de',
  );

  await page.goto('/');
  await expect(page.getByRole('heading', { name: posGerman.POS_TITLE })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: posGerman.POS_TITLE })).toBeVisible();

  await page.goto('/settings');
  await page
    .getByRole('combobox', { name: languageGerman.LANGUAGE_LABEL })
    .selectOption({ label: languageGerman.LANGUAGE_BROWSER });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: posSpanish.POS_TITLE })).toBeVisible();
});
