// E2E helper: asking for an invoice on a keypad screen (Home or the remote cashier) and paying it.
import { expect, type Page } from '@playwright/test';
import { formatSats } from '../../src/ui/format-sats';

export const INVOICE_TITLE = 'Please pay this invoice';
export const RECEIVED = '🎉 Payment received! Proofs stored successfully.';
/** Background polling is 5 s and a fresh start resumes at once; leave room for a slow CI box. */
export const LANDS = { timeout: 20_000 };

export const invoiceDialog = (page: Page) => page.getByRole('dialog', { name: INVOICE_TITLE });

/** The id of the quote the screen is waiting for (exposed as data-quote-id on its section). */
export async function quoteIdOnScreen(page: Page): Promise<string> {
  const section = page.locator('section[data-quote-id]');
  await expect(section).toHaveAttribute('data-quote-id', /.+/);
  return (await section.getAttribute('data-quote-id'))!;
}

export async function clickDigits(page: Page, digits: string): Promise<void> {
  for (const digit of digits) {
    await page.getByRole('button', { name: digit, exact: true }).click();
  }
}

/**
 * Enters `sats` (keypad buttons, or typed and Enter) and submits; resolves with the quote id once
 * the invoice for exactly that amount is on screen.
 */
export async function requestInvoice(
  page: Page,
  sats: number,
  keys: 'buttons' | 'keyboard' = 'buttons',
): Promise<string> {
  if (keys === 'buttons') {
    await clickDigits(page, String(sats));
    await page.getByRole('button', { name: 'Submit' }).click();
  } else {
    await page.keyboard.type(String(sats));
    await page.keyboard.press('Enter');
  }
  const dialog = invoiceDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('invoice-amount')).toHaveText(
    `${formatSats(sats)} ${sats === 1 ? 'sat' : 'sats'}`,
  );
  return quoteIdOnScreen(page);
}

/** From any screen: Home, an invoice for `sats`, paid at the mint, until the app announces it. */
export async function takePayment(
  page: Page,
  sats: number,
  payQuote: (quoteId: string) => Promise<void>,
): Promise<void> {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await payQuote(await requestInvoice(page, sats));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(page.getByRole('dialog')).toBeHidden();
}

/**
 * Types `digits` until the keypad shows `hint`: the mint's limits arrive with its info a moment
 * after the keypad is up (Escape clears what an earlier try typed).
 */
export async function typeUntilHint(page: Page, digits: string, hint: string): Promise<void> {
  const shown = page.getByText(hint);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.type(digits);
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass();
}
