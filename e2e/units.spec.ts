// Selling in dollars against the real dev mint: Charge in set to USD, 3.50 USD typed becomes the
// mint's usd quote of 350 cents, paid, held as 3.50 USD (never as sats); a reload between the
// invoice and its payment still mints the cents.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickDigits, invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';

const balance = (page: Page) => page.getByTestId('home-balance');

/** Settings, Charge in: USD; back on Home the keypad takes cents. */
async function chargeInDollars(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const unit = page.getByRole('combobox', { name: 'Unit' });
  await expect(unit.getByRole('option', { name: 'USD' })).toBeAttached();
  await unit.selectOption('usd');
  await expect(unit).toHaveValue('usd');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(balance(page)).toHaveText('0.00 USD');
  await expect(page.getByText('Enter an amount in USD')).toBeVisible();
}

/** 3.50 USD typed and submitted: the invoice for it, its quote id. */
async function invoiceFor350(page: Page): Promise<string> {
  await clickDigits(page, '350');
  await expect(page.getByTestId('keypad-amount')).toContainText('3.50');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('3.50 USD');
  return quoteIdOnScreen(page);
}

test.describe('selling in dollars', () => {
  test('a 3.50 USD sale is a 350-cent usd invoice, paid and held as 3.50 USD', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await chargeInDollars(page);
    const quoteId = await invoiceFor350(page);
    const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
    expect(atMint).toMatchObject({ quote: quoteId, amount: 350, unit: 'usd', state: 'UNPAID' });

    await payQuote(quoteId);
    await expect(page.getByText(`${RECEIVED} 3.50 USD`)).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeHidden();
    await expect(balance(page)).toHaveText('3.50 USD');
    expect(await storedMoney(page)).toMatchObject({
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 350, quoteId }],
    });

    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats');
    await expect(page.getByText('3.50 USD').first()).toBeVisible();
  });

  test('a reload between the invoice and its payment still mints the cents', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await chargeInDollars(page);
    const quoteId = await invoiceFor350(page);

    await page.reload();
    await expect(page.getByText('Waiting for 3.50 USD · Show invoice')).toBeVisible(LANDS);
    await payQuote(quoteId);
    await expect(balance(page)).toHaveText('3.50 USD', LANDS);
    expect(await storedMoney(page)).toMatchObject({
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 350, quoteId }],
    });
  });
});
