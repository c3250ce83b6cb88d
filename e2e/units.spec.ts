// Selling in dollars against the real dev mint: Charge in set to USD, 3.50 USD typed becomes the
// mint's usd quote of 350 cents, paid, held as 3.50 USD (never as sats); a reload between the
// invoice and its payment still mints the cents. The sale's NUT-18 request asks for usd and is
// paid by the dev payer; ecash in sats is refused by name; the phrase restores sats and dollars apart.
import type { Page } from '@playwright/test';
import { getEncodedToken } from '@cashu/cashu-ts';
import { mintProofs } from '../dev/ecash-payer';
import { expect, test } from './fixtures';
import {
  clickDigits,
  invoiceDialog,
  LANDS,
  quoteIdOnScreen,
  RECEIVED,
  takePayment,
} from './helpers/invoice';
import { readRequest, sendPayload } from './helpers/ecash-payer';
import { onboard } from './helpers/onboard';
import { chargeInDollars, setUpTill } from './helpers/till';
import { storedMoney } from './helpers/stored-money';

const SAT_REFUSED = 'This ecash is in sat; this till takes USD.';

const balance = (page: Page) => page.getByTestId('home-balance');

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
    await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
    const quoteId = await invoiceFor350(page);
    const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
    expect(atMint).toMatchObject({ quote: quoteId, amount: 350, unit: 'usd', state: 'UNPAID' });

    await payQuote(quoteId);
    await expect(page.getByText(`${RECEIVED} 3.50 USD`)).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeHidden();
    await expect(balance(page)).toHaveText('3.50 USD');
    expect(await storedMoney(page)).toMatchObject({
      balance: 0,
      inUnits: { usd: 350 },
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 350, quoteId, unit: 'usd' }],
    });

    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    // The headline leads with the till's unit; no sat is held, so none is listed.
    await expect(page.getByTestId('wallet-balance')).toHaveText('3.50 USD');
    await expect(page.getByTestId('wallet-sat-balance')).toBeHidden();
  });

  test('a reload between the invoice and its payment still mints the cents', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
    const quoteId = await invoiceFor350(page);

    await page.reload();
    await expect(page.getByText('Waiting for 3.50 USD · Show invoice')).toBeVisible(LANDS);
    await payQuote(quoteId);
    await expect(balance(page)).toHaveText('3.50 USD', LANDS);
    expect(await storedMoney(page)).toMatchObject({
      inUnits: { usd: 350 },
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 350, quoteId, unit: 'usd' }],
    });
  });
});

test.describe('ecash in dollars', () => {
  test('the usd request is paid by the dev payer; sats sent to it are refused by name', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
    await invoiceFor350(page);
    const dialog = invoiceDialog(page);
    await dialog.getByRole('button', { name: 'Ecash', exact: true }).click();
    const text = (await dialog.getByTestId('ecash-request-string').textContent()) ?? '';
    const request = readRequest(text);
    expect(request).toMatchObject({ amount: 350, unit: 'usd', mints: [mintUrl] });
    const { lock } = request;

    // Sats answering the dollar request: refused by name, nothing stored, the sale still open.
    const sats = await mintProofs(mintUrl, 350, payQuote, undefined, lock);
    await sendPayload(request, { unit: 'sat', proofs: sats });
    await expect(page.getByText(SAT_REFUSED)).toBeVisible(LANDS);
    await expect(dialog).toBeVisible();
    expect(await storedMoney(page)).toMatchObject({ balance: 0, inUnits: {}, history: [] });

    // The dev payer's dollars, locked as the request asks: the sale lands as 3.50 USD.
    const dollars = await mintProofs(mintUrl, 350, payQuote, undefined, lock, 'usd');
    await sendPayload(request, { proofs: dollars });
    await expect(page.getByText(`${RECEIVED} 3.50 USD`)).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toHaveText('3.50 USD', LANDS);
    expect(await storedMoney(page)).toMatchObject({
      balance: 0,
      inUnits: { usd: 350 },
      history: [{ type: 'ecash-payment', amount: 350, unit: 'usd' }],
    });
  });

  test('a pasted sat token is refused by name; a usd token lands as 3.50 USD', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
    const token = async (unit: 'sat' | 'usd') =>
      getEncodedToken({
        mint: mintUrl,
        unit,
        proofs: await mintProofs(mintUrl, 350, payQuote, undefined, undefined, unit),
      });
    const satToken = await token('sat');
    const usdToken = await token('usd');

    await clickDigits(page, '350');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive 3.50 USD in ecash' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Ecash token');
    const take = dialog.getByRole('button', { name: 'Take ecash' });
    await field.fill(satToken);
    await take.click();
    await expect(dialog.getByText(SAT_REFUSED)).toBeVisible(LANDS);
    expect(await storedMoney(page)).toMatchObject({ balance: 0, inUnits: {}, history: [] });

    await field.fill(usdToken);
    await take.click();
    await expect(page.getByText(`${RECEIVED} 3.50 USD`).first()).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toHaveText('3.50 USD', LANDS);
    expect(await storedMoney(page)).toMatchObject({
      balance: 0,
      inUnits: { usd: 350 },
      history: [{ type: 'ecash-payment', amount: 350, unit: 'usd' }],
    });
  });
});

test.describe('restore per unit', () => {
  test('the phrase brings back sats and dollars separately on a fresh profile', async ({
    browser,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    const first = await browser.newContext();
    const page = await first.newPage();
    const { phrase } = await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 21, payQuote);
    await chargeInDollars(page);
    await payQuote(await invoiceFor350(page));
    await expect(balance(page)).toHaveText('3.50 USD', LANDS);
    expect(await storedMoney(page)).toMatchObject({ balance: 21, inUnits: { usd: 350 } });
    await first.close();

    const second = await browser.newContext();
    const restored = await second.newPage();
    await onboard(restored, { phrase, mintUrl, relayUrl });
    const SCANNED = { timeout: 45_000 };
    await expect(
      restored.getByText('Recovery finished: 21 sats found and added to your balance.'),
    ).toBeVisible(SCANNED);
    await expect(
      restored.getByText('Recovery finished: 3.50 USD found and added to your balance.'),
    ).toBeVisible(SCANNED);
    const stored = await storedMoney(restored);
    expect(stored).toMatchObject({ balance: 21, inUnits: { usd: 350 } });
    expect(
      stored.history.filter((e) => e.type === 'restore').map((e) => [e.amount, e.unit]),
    ).toEqual(
      expect.arrayContaining([
        [21, undefined],
        [350, 'usd'],
      ]),
    );
    await second.close();
  });
});
