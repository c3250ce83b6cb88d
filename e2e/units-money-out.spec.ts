// Money out of a dollar balance against the real dev mint: 1.00 USD withdrawn as a usd token the
// dev payer redeems, 2.00 USD typed and cashed out to the dev Lightning address with the mint's
// rate and the fees shown in dollars before paying, and a dollar balance cashed out automatically
// at its dollar threshold (docs/protocol.md "Units", docs/decisions/0090-automatic-cash-out-per-unit.md).
import { Wallet } from '@cashu/cashu-ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { appRows } from './helpers/app-rows';
import { setUsdPrice } from './helpers/dollar-shop';
import { clickDigits, invoiceDialog, LANDS, quoteIdOnScreen } from './helpers/invoice';
import { setUpTill } from './helpers/till';
import { openWallet } from './helpers/wallet-screen';

interface Stack {
  mintUrl: string;
  relayUrl: string;
  payQuote: (quoteId: string) => Promise<void>;
}

const unitLine = (page: Page) => page.getByTestId('wallet-unit-balance');

/** An onboarded till charging in USD, on the Settings screen. */
async function dollarTill(page: Page, stack: Stack): Promise<void> {
  await setUpTill(page, { mintUrl: stack.mintUrl, relayUrl: stack.relayUrl, unit: 'usd' });
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
}

/** A paid 5.00 USD sale at the keypad. */
async function sell5Dollars(page: Page, stack: Stack): Promise<void> {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await clickDigits(page, '500');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('5.00 USD');
  await stack.payQuote(await quoteIdOnScreen(page));
}

/** An onboarded till charging in USD that took one paid 5.00 USD sale, on the Wallet screen. */
async function tillHolding5Dollars(page: Page, stack: Stack): Promise<void> {
  await dollarTill(page, stack);
  await sell5Dollars(page, stack);
  await expect(page.getByTestId('home-balance')).toHaveText('5.00 USD', LANDS);
  await openWallet(page);
  await expect(unitLine(page)).toContainText('5.00 USD');
}

const SWEEPS_DOLLARS = 'cashes out the dollars automatically at the dollar threshold';

test.describe('money out of a dollar balance', () => {
  test.beforeEach(async ({ request, pricesUrl }) => {
    // 100,000 USD per bitcoin: one cent is 10 sats at the dev mint.
    await setUsdPrice(request, pricesUrl, 100_000);
  });

  test('withdraws 1.00 USD as a usd token the payer redeems; 4.00 USD stay', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await tillHolding5Dollars(page, { mintUrl, relayUrl, payQuote });

    await page.getByRole('button', { name: 'Withdraw USD' }).click();
    const amount = page.getByLabel('Amount in USD');
    await expect(amount).toHaveValue('5.00');
    await amount.fill('1.00');
    await page.getByRole('button', { name: 'Withdraw 1.00 USD' }).click();
    const shown = page.getByRole('dialog', { name: 'Scan to withdraw' });
    await expect(shown.getByTestId('withdraw-amount')).toHaveText('1.00 USD');
    const qr = shown.getByTestId('animated-qr');
    await expect(qr).toHaveAttribute('data-part', /^ur:bytes\//);
    const { withdrawals } = await appRows(page, { withdrawals: 'rows' });
    const [row] = withdrawals as Array<{ token: string; unit?: string; amount: number }>;
    expect(row).toMatchObject({ unit: 'usd', amount: 100 });
    await shown.getByRole('button', { name: 'Close' }).click();

    // The dev payer redeems it at the mint as dollars.
    const payer = new Wallet(mintUrl, { unit: 'usd' });
    await payer.loadMint();
    const received = await payer.receive(row!.token);
    expect(received.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(100);

    await expect(unitLine(page)).toContainText('4.00 USD', LANDS);
    await expect(page.getByTestId('history-amount').first()).toHaveText('−1.00 USD');
    // The headline leads with the till's dollars; no sat is held, so none is listed.
    await expect(page.getByTestId('wallet-balance')).toHaveText('4.00 USD');
    await expect(page.getByTestId('wallet-sat-balance')).toBeHidden();
  });

  test('cashes out 2.00 USD to the Lightning address, rate and fees shown first', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    await tillHolding5Dollars(page, { mintUrl, relayUrl, payQuote });

    await page.getByRole('button', { name: 'Cash out USD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash out to Lightning' });
    await expect(dialog.getByTestId('cash-out-unit-note')).toHaveText(
      "Paid from your USD balance at the mint's rate.",
    );
    await dialog.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Typed in dollars: the mint's rate first, then the address is asked for the sats.
    await dialog.getByLabel(/^Amount in USD/).fill('2.00');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
    await expect(confirm.getByTestId('cash-out-amount')).toHaveText('2.00 USD');
    await expect(confirm.getByTestId('cash-out-fee-reserve')).toHaveText('0.02 USD');
    await expect(confirm.getByTestId('cash-out-input-fee')).toHaveText('0.00 USD');
    await expect(confirm.getByTestId('cash-out-total')).toHaveText('2.02 USD');
    await expect(confirm.getByTestId('cash-out-invoice-sats')).toHaveText('2,000 sats');
    await expect(confirm.getByTestId('cash-out-rate-value')).toHaveText('1,000 sats per USD');
    await confirm.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out paid: 2.00 USD sent, 0.00 USD fee.',
      LANDS,
    );
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(unitLine(page)).toContainText('3.00 USD', LANDS);
    await expect(page.getByTestId('history-amount').first()).toHaveText('−2.00 USD');
    await expect(page.getByTestId('wallet-balance')).toHaveText('3.00 USD');
    await expect(page.getByTestId('wallet-sat-balance')).toBeHidden();
    const { melts } = await appRows(page, { melts: 'keys' });
    expect(melts).toEqual([]);
  });

  test(SWEEPS_DOLLARS, async ({ page, mintUrl, relayUrl, payQuote, lightningAddress }) => {
    // Settings, a sale and a cash-out with its change payments: more steps than the others.
    test.slow();
    await dollarTill(page, { mintUrl, relayUrl, payQuote });
    await page.getByLabel('Cash out automatically').check();
    await page.getByLabel('Lightning address').fill(lightningAddress);
    await page.getByLabel('Threshold in USD').fill('3.00');
    await page.getByRole('button', { name: 'Save automatic cash-out' }).click();
    await expect(page.getByText('Automatic cash-out saved.')).toBeVisible();

    await sell5Dollars(page, { mintUrl, relayUrl, payQuote });

    await expect(
      page.getByText(/^Automatic cash-out: \d\.\d\d USD sent, \d\.\d\d USD fee\.$/),
    ).toBeVisible(LANDS);
    await openWallet(page);
    // Everything but less than a payment's fees left, as dollars; no sat ever moved.
    await expect(unitLine(page).filter({ hasText: /[1-9]\.\d\d USD|0\.[1-9]\d USD/ })).toHaveCount(
      0,
    );
    await expect(page.getByTestId('history-amount').first()).toHaveText(/^−\d\.\d\d USD$/);
    // The headline is the few cents left; no sat was ever held.
    await expect(page.getByTestId('wallet-balance')).toHaveText(/^0\.0\d USD$/);
    await expect(page.getByTestId('wallet-sat-balance')).toBeHidden();
    const { melts } = await appRows(page, { melts: 'keys' });
    expect(melts).toEqual([]);
  });
});
