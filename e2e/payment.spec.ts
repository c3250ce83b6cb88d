// Taking a payment on Home end to end: keypad and keyboard entry, the invoice modal, paying through
// the dev mint, the toast, the reset, stored proofs and history; reloads and a dropped mint reply.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  clickDigits,
  INVOICE_TITLE as TITLE,
  invoiceDialog,
  LANDS,
  quoteIdOnScreen,
  RECEIVED,
  requestInvoice,
} from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';
import { freshMint } from './helpers/fresh-mint';

const TEXT = 'Scan the QR code with your Lightning wallet or copy the invoice string';

const amountDisplay = (page: Page) => page.getByTestId('keypad-amount');
const balanceDisplay = (page: Page) => page.getByTestId('home-balance');

test.describe('taking a payment on Home', () => {
  test('keypad buttons: invoice shown verbatim, paid at the mint, toast, reset, money stored', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await expect(balanceDisplay(page)).toHaveText('0 sats');

    await clickDigits(page, '210');
    await expect(amountDisplay(page)).toHaveText('210 sats');
    await page.getByRole('button', { name: 'Submit' }).click();

    const dialog = invoiceDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: TITLE })).toHaveText(TITLE);
    await expect(dialog.getByText(TEXT, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Invoice String:', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy Invoice' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    const invoice = (await dialog.getByTestId('invoice-string').textContent())!;
    expect(invoice).toMatch(/^lnbc2100n1/);
    await expect(dialog.getByRole('img', { name: 'Invoice QR code' })).toBeVisible();
    await expect(dialog.locator('[data-qr-value]')).toHaveAttribute('data-qr-value', invoice);
    // Keys do nothing while the invoice is open.
    await page.keyboard.press('5');
    await expect(amountDisplay(page)).toHaveText('210 sats');

    const quoteId = await quoteIdOnScreen(page);
    const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
    expect(atMint).toMatchObject({
      quote: quoteId,
      request: invoice,
      amount: 210,
      state: 'UNPAID',
    });

    await payQuote(quoteId);

    await expect(page.getByText(RECEIVED)).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(amountDisplay(page)).toHaveText('0 sats');
    await expect(balanceDisplay(page)).toHaveText('210 sats');
    expect(await storedMoney(page)).toMatchObject({
      balance: 210,
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 210, quoteId }],
    });

    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('210 sats');
    const item = page.getByTestId('history-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-type', 'direct-payment');
    await expect(item).toContainText('210 sats');
    await expect(item).toContainText(quoteId);
  });

  test('a payment landing while the merchant is on another screen is still announced', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const quoteId = await requestInvoice(page, 64);
    await invoiceDialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: /Show invoice/ })).toBeVisible();

    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats');
    await payQuote(quoteId);

    await expect(page.getByText(RECEIVED)).toBeVisible(LANDS);
    await expect(page.getByTestId('wallet-balance')).toHaveText('64 sats');
    await expect(page.getByText(RECEIVED)).toHaveCount(1);
  });

  test('keyboard entry; a second payment raises the balance by exactly its amount', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await expect(balanceDisplay(page)).toHaveText('0 sats');

    await page.keyboard.type('1000');
    await page.keyboard.press('Backspace');
    await expect(amountDisplay(page)).toHaveText('100 sats');
    await page.keyboard.press('Enter');
    await expect(invoiceDialog(page)).toBeVisible();
    await payQuote(await quoteIdOnScreen(page));
    await expect(balanceDisplay(page)).toHaveText('100 sats', LANDS);
    await expect(amountDisplay(page)).toHaveText('0 sats');

    await page.keyboard.type('99');
    await page.keyboard.press('Escape'); // clears
    await payQuote(await requestInvoice(page, 33, 'keyboard'));

    await expect(balanceDisplay(page)).toHaveText('133 sats', LANDS);
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(133);
    expect(stored.history.map((e) => e.amount).sort()).toEqual([100, 33].sort());
  });

  test('an invoice paid while the app was closed lands when the app is opened again', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const quoteId = await requestInvoice(page, 42);

    await page.reload();
    await expect(invoiceDialog(page)).toBeHidden();
    await page.goto('about:blank');
    await payQuote(quoteId);

    await page.goto('/');
    await expect(page.getByText(RECEIVED)).toBeVisible(LANDS);
    await expect(balanceDisplay(page)).toHaveText('42 sats');
    expect(await storedMoney(page)).toMatchObject({
      balance: 42,
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 42, quoteId }],
    });
  });

  test('an invoice open before a reload still lands when paid after it', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const quoteId = await requestInvoice(page, 7);

    await page.reload();
    await expect(balanceDisplay(page)).toHaveText('0 sats');
    await payQuote(quoteId);

    await expect(page.getByText(RECEIVED)).toBeVisible(LANDS);
    await expect(balanceDisplay(page)).toHaveText('7 sats');
    expect((await storedMoney(page)).history).toHaveLength(1);
  });
});

test.describe('with the mint dropping its reply to the mint request', () => {
  // A mint of its own: fault switches are global, and other spec files use the shared mint.
  const mint = freshMint(test, 'all', 'pay');

  test('the payment still lands, exactly once', async ({ page, relayUrl, request }) => {
    await onboard(page, { mintUrl: mint().url, relayUrl });
    const quoteId = await requestInvoice(page, 500);

    // The mint signs the outputs, then the client never hears back.
    mint().addFault({ path: '/v1/mint/bolt11', method: 'POST', action: 'dropResponse', count: 1 });
    await mint().pay(quoteId);

    await expect(page.getByText(RECEIVED)).toBeVisible(LANDS);
    await expect(page.getByText(RECEIVED)).toHaveCount(1);
    await expect(balanceDisplay(page)).toHaveText('500 sats');
    expect(mint().mintQuote(quoteId)?.state).toBe('ISSUED');
    expect(await storedMoney(page)).toMatchObject({
      balance: 500,
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 500, quoteId }],
    });
    // The fault was really hit (its one use consumed): recovery, not luck, stored the proofs.
    expect(await (await request.get(`${mint().url}/dev/faults`)).json()).toEqual({ faults: [] });
  });
});
