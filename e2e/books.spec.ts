// Books end to end against the dev mint (issue 49): a shop with its name, address and tax number
// in Settings sells an item at 7 % and one at 19 %; the receipt carries the device's first receipt
// number, date, time, payment method and net, tax and gross per rate, and printed (print media)
// on a 58 mm roll, an 80 mm roll and A4 nothing is wider than the paper; the history CSV carries
// the same number and figures; the day report (Z report) shows and prints the per-rate totals
// (docs/behaviour.md "Receipts", "Records", "Day close"; decisions 0064, 0074).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { openWallet } from './helpers/wallet-screen';
import { PAPERS, printedWithin, rateRows } from './helpers/print';

const SHOP = 'Bäckerei Kern & Weinhandlung';
const ADDRESS = 'Hauptstraße 1\n10115 Berlin';
const TAX_NUMBER = 'DE123456789';
// Long names: on a 58 mm roll they must wrap, never push the figures off the paper.
const BREAD = 'Organic sourdough rye bread, whole loaf';
const WINE = 'Riesling Spätlese 2019, Mosel, 0.75 l';
/** A number this device gave its first sale: six unambiguous symbols, then 000001. */
const FIRST_NUMBER = /^[0-9A-HJKMNP-TV-Z]{6}-000001$/;

async function setUpShop(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Shop name').fill(SHOP);
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByText(/^Shop settings saved/)).toBeVisible();
  // Each text is saved when its field is left; one save at a time, so none reads back over the next.
  const saved = page.getByText('Saved', { exact: true });
  await page.getByLabel('Shop address').fill(ADDRESS);
  await page.getByLabel('Tax number').focus();
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 15_000 });
  await page.getByLabel('Tax number').fill(TAX_NUMBER);
  await page.getByLabel('Shop address').focus();
  await expect(saved).toBeVisible();
}

async function addItem(page: Page, name: string, price: string, tax: string) {
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Tax rate % (optional)').fill(tax);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
}

/** Bread (1,000 sats + 7 % = 70) and wine (2,000 sats + 19 % = 380) charged and paid: 3,450. */
async function sellBreadAndWine(page: Page, payQuote: (quote: string) => Promise<void>) {
  await page.getByRole('link', { name: 'Items and tips' }).click();
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
  await addItem(page, BREAD, '1000', '7');
  await addItem(page, WINE, '2000', '19');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  await page.getByRole('button', { name: `Add ${BREAD}` }).click();
  await page.getByRole('button', { name: `Add ${WINE}` }).click();
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', '3450');
  await page.getByTestId('cart-charge').click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('3,450 sats');
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
}

test('a sale at 7 % and 19 %: its numbered receipt prints on 58 mm, 80 mm and A4; the CSV and the Z report agree', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  await setUpShop(page);
  await sellBreadAndWine(page, payQuote);

  await openWallet(page);
  const sale = page.getByTestId('history-item').filter({ hasText: 'Sale' }).first();
  await sale.getByRole('button', { name: 'Details' }).click();
  const shownNumber = (await sale.getByTestId('history-receipt-number').textContent())!;
  const number = shownNumber.replace('Receipt no. ', '');
  expect(number).toMatch(FIRST_NUMBER);

  await sale.getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  const receipt = dialog.getByTestId('receipt');
  await expect(receipt).toBeVisible(LANDS);
  await expect(receipt.getByTestId('receipt-shop')).toHaveText(SHOP);
  await expect(receipt.getByTestId('receipt-address')).toContainText('Hauptstraße 1');
  await expect(receipt.getByTestId('receipt-address')).toContainText('10115 Berlin');
  await expect(receipt.getByTestId('receipt-tax-number')).toHaveText(`Tax no. ${TAX_NUMBER}`);
  await expect(receipt.getByTestId('receipt-number')).toHaveText(`Receipt no. ${number}`);
  await expect(receipt.getByTestId('receipt-date')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  await expect(receipt.getByTestId('receipt-line')).toHaveText([
    `${BREAD} (7 %)1,000 sats`,
    `${WINE} (19 %)2,000 sats`,
  ]);
  await expect(receipt).toContainText('Total3,450 sats');
  await expect(receipt).toContainText('Paid withLightning');
  const seven = ['Net 7 %1,000 sats', 'Tax 7 %70 sats', 'Gross 7 %1,070 sats'];
  const nineteen = ['Net 19 %2,000 sats', 'Tax 19 %380 sats', 'Gross 19 %2,380 sats'];
  expect(await rateRows(receipt, 7)).toEqual(seven);
  expect(await rateRows(receipt, 19)).toEqual(nineteen);

  for (const { paper, width } of PAPERS) {
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: paper, exact: true }).click();
    await expect(dialog.getByRole('button', { name: paper, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const printed = await printedWithin(page, width);
    await expect(printed).toHaveAttribute('data-paper', paper);
    const copy = printed.getByTestId('receipt');
    await expect(copy.getByTestId('receipt-number')).toHaveText(`Receipt no. ${number}`);
    await expect(copy.getByTestId('receipt-date')).toBeVisible();
    await expect(copy).toContainText('Paid withLightning');
    // The dialog is hidden from print: the printed copy is checked on its own.
    expect(await rateRows(copy, 7)).toEqual(seven);
    expect(await rateRows(copy, 19)).toEqual(nineteen);
  }
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The history CSV: the same number, discount 0, tax 450, and each rate's net, tax and gross.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export history' });
  const downloading = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile((await (await downloading).path())!, 'utf8')).split('\r\n');
  expect(csv[0]).toMatch(
    /,Device,Staff,Receipt no\.,Discount \(sats\),Tax \(sats\),Unit,Amount in unit,Fee in unit,Tip in unit,Discount in unit,Tax in unit,Net 7 % \(sats\),Tax 7 % \(sats\),Gross 7 % \(sats\),Net 19 % \(sats\),Tax 19 % \(sats\),Gross 19 % \(sats\)$/,
  );
  expect(csv[1]).toMatch(
    new RegExp(`,this device,,${number},0,450,sat,,,,,,1000,70,1070,2000,380,2380$`),
  );
  await exporting.getByRole('button', { name: 'Close' }).click();

  // The day report (Z report): the day's totals per rate, on screen and printed on its 80 mm roll.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const day = page.getByRole('dialog', { name: 'Day summary' });
  await expect(day.getByTestId('summary-sales')).toHaveText('1 · 3,450 sats', LANDS);
  await expect(day.getByTestId('summary-taxes')).toHaveText('450 sats');
  await expect(day.getByTestId('summary-discounts')).toHaveText('0 · 0 sats');
  await expect(day.getByTestId('summary-rate-7-net')).toHaveText('1,000 sats');
  await expect(day.getByTestId('summary-rate-7-tax')).toHaveText('70 sats');
  await expect(day.getByTestId('summary-rate-7-gross')).toHaveText('1,070 sats');
  await expect(day.getByTestId('summary-rate-19-net')).toHaveText('2,000 sats');
  await expect(day.getByTestId('summary-rate-19-tax')).toHaveText('380 sats');
  await expect(day.getByTestId('summary-rate-19-gross')).toHaveText('2,380 sats');
  const report = await printedWithin(page, PAPERS[1].width);
  await expect(report).toHaveAttribute('data-paper', '80mm');
  await expect(report.getByTestId('summary-rate-7-gross')).toHaveText('1,070 sats');
  await expect(report.getByTestId('summary-rate-19-tax')).toHaveText('380 sats');
  await expect(report.getByTestId('summary-sales')).toHaveText('1 · 3,450 sats');
  await page.emulateMedia({ media: 'screen' });
});
