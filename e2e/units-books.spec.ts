// The books of a till charging in dollars, against the real dev mint (issues 49 and 51): a cart of
// a coffee at 7 % and a wine at 19 %, priced in USD, is charged and paid in dollars; its receipt,
// its history CSV row (the `(USD)` rate columns), the day summary (`Sales in USD`, on screen and on
// the printed Z report) and the books CSV carry the dollar figures per rate, and no sat figure holds
// a cent (docs/behaviour.md "Day close"; decisions 0064, 0091).
import { expect, test } from './fixtures';
import { downloadedCsv, PAPERS, printedWithin, rateRows } from './helpers/print';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { setUpTill } from './helpers/till';
import { openWallet } from './helpers/wallet-screen';

// 7 % of 1.99 is 13.93 cents, 19 % of 3.49 is 66.31: each line's tax rounds to a whole cent.
const SEVEN = ['Net 7 %1.99 USD', 'Tax 7 %0.14 USD', 'Gross 7 %2.13 USD'];
const NINETEEN = ['Net 19 %3.49 USD', 'Tax 19 %0.66 USD', 'Gross 19 %4.15 USD'];

test('a dollar sale at 7 % and 19 %: the receipt, the CSV, the day summary and the books in dollars per rate', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(240_000);
  await setUpTill(page, {
    mintUrl,
    relayUrl,
    items: [
      { name: 'Coffee', price: '1.99', currency: 'USD', tax: '7' },
      { name: 'Wine', price: '3.49', currency: 'USD', tax: '19' },
    ],
    unit: 'usd',
  });
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await page.getByRole('button', { name: 'Add Wine' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('6.28 USD');
  await page.getByRole('button', { name: 'Charge 6.28 USD' }).click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('6.28 USD');
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(`${RECEIVED} 6.28 USD`)).toBeVisible(LANDS);

  // The receipt: net, tax and gross per rate in dollars.
  await openWallet(page);
  const sale = page.getByTestId('history-item').filter({ hasText: 'Sale' }).first();
  await sale.getByRole('button', { name: 'Details' }).click();
  await sale.getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  const receipt = dialog.getByTestId('receipt');
  await expect(receipt).toContainText('Total6.28 USD', LANDS);
  expect(await rateRows(receipt, 7)).toEqual(SEVEN);
  expect(await rateRows(receipt, 19)).toEqual(NINETEEN);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The history CSV: the dollar row fills its unit's rate columns, never a sat column.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export history' });
  const [row, ...others] = await downloadedCsv(
    page,
    exporting.getByRole('button', { name: 'Download CSV' }),
  );
  await exporting.getByRole('button', { name: 'Close' }).click();
  expect(others.filter((r) => r.Type === 'direct-payment')).toEqual([]);
  expect(row).toMatchObject({
    Type: 'direct-payment',
    Sats: '',
    'Tax (sats)': '',
    Unit: 'USD',
    'Amount in unit': '6.28',
    'Tax in unit': '0.80',
    'Net 7 % (USD)': '1.99',
    'Tax 7 % (USD)': '0.14',
    'Gross 7 % (USD)': '2.13',
    'Net 19 % (USD)': '3.49',
    'Tax 19 % (USD)': '0.66',
    'Gross 19 % (USD)': '4.15',
  });
  expect(Object.keys(row!).filter((name) => name.endsWith('(sats)') && name.includes('%'))).toEqual(
    [],
  );

  // The day summary: the dollars under their own heading, the sat figures empty.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const day = page.getByRole('dialog', { name: 'Day summary' });
  await expect(day.getByTestId('summary-usd-sales')).toHaveText('1 · 6.28 USD', LANDS);
  await expect(day.getByTestId('summary-sales')).toHaveText('0 · 0 sats');
  await expect(day.getByTestId('summary-usd-taxes')).toHaveText('0.80 USD');
  for (const [rate, figures] of [
    [7, ['1.99 USD', '0.14 USD', '2.13 USD']],
    [19, ['3.49 USD', '0.66 USD', '4.15 USD']],
  ] as const) {
    await expect(day.getByTestId(`summary-usd-rate-${rate}-net`)).toHaveText(figures[0]);
    await expect(day.getByTestId(`summary-usd-rate-${rate}-tax`)).toHaveText(figures[1]);
    await expect(day.getByTestId(`summary-usd-rate-${rate}-gross`)).toHaveText(figures[2]);
  }
  // The books CSV: the dollar sale by method and its rates in usd rows.
  const books = await downloadedCsv(page, day.getByRole('button', { name: 'Books CSV' }));
  const figure = (name: string, unit: string, rate = '', method = '') =>
    books.find(
      (r) =>
        r.Figure === name &&
        r.Unit === unit &&
        r['Rate %'] === rate &&
        r['Payment method'] === method,
    )?.Amount;
  expect(figure('sales', 'usd', '', 'lightning')).toBe('628');
  expect(figure('sales', 'sat', '', 'lightning')).toBe('0');
  expect([
    figure('net', 'usd', '7'),
    figure('tax', 'usd', '7'),
    figure('gross', 'usd', '7'),
  ]).toEqual(['199', '14', '213']);
  expect([
    figure('net', 'usd', '19'),
    figure('tax', 'usd', '19'),
    figure('gross', 'usd', '19'),
  ]).toEqual(['349', '66', '415']);
  // The printed day (Z) report carries the same dollars.
  const report = await printedWithin(page, PAPERS[1].width);
  await expect(report.getByTestId('summary-usd-sales')).toHaveText('1 · 6.28 USD');
  await expect(report.getByTestId('summary-usd-rate-19-tax')).toHaveText('0.66 USD');
  await page.emulateMedia({ media: 'screen' });
});
