// Staff and shifts end to end (docs/behaviour.md "Staff and shifts"): with default settings Home is
// the keypad alone, "Receive ecash" in view on a phone; two people added in Settings, the cashier
// (personal PIN) at the till opens a shift with a float, sells by Lightning and records a cash
// sale, cannot close the shift; the manager closes it with the counted cash and the report shows
// the sales by method and by person and expected against counted; the day summary and the CSV
// name who sold. Two people each sell on the till with a tip: the cashier's parked basket names
// him, he cannot refund and the manager can; the shift report and its CSV, the day summary and
// chart for one person and the CSV grouped by person give each one's sales and tips.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  clickDigits,
  invoiceDialog,
  LANDS,
  quoteIdOnScreen,
  RECEIVED,
  takePayment,
} from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { setUpTill } from './helpers/till';
import { openWallet } from './helpers/wallet-screen';

const PHONE = { width: 390, height: 844 };

/** Home with its services loaded (the balance read) and the till bar's reads settled. */
async function homeSettled(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('home-balance')).toHaveAttribute('data-balance', /\d/, LANDS);
  await page.waitForLoadState('networkidle');
}

test('with default settings the keypad keeps "Receive ecash" in view on a phone', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await page.setViewportSize(PHONE);
  await homeSettled(page);
  await expect(page.getByTestId('till-staff')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Paid in cash' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('button', { name: 'Receive ecash' })).toBeInViewport({ ratio: 1 });
});

/** Settings' Staff card: each person with their role and personal PIN ('' for none). */
async function addPeople(page: Page, people: readonly (readonly [string, string, string])[]) {
  await page.goto('/settings');
  const card = page.getByTestId('staff-settings');
  for (const [name, role, pin] of people) {
    await card.getByLabel('Name', { exact: true }).fill(name);
    await card.getByLabel('Role').selectOption({ label: role });
    await card.getByLabel('Personal PIN (optional)').fill(pin);
    await card.getByRole('button', { name: 'Add person' }).click();
    await expect(card.getByText(name, { exact: true })).toBeVisible();
  }
  return card;
}

/** A CSV download's rows, split into cells (no cell here holds a comma). */
async function downloadedCsv(page: Page, click: () => Promise<void>): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  return csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

/** Home's till line: "Change person", the person, their PIN if asked, "Switch". */
async function switchTo(page: Page, option: string, name: string, pin?: string) {
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const bar = page.getByTestId('till-staff');
  await bar.getByRole('button', { name: 'Change person' }).click();
  await bar.getByRole('combobox').selectOption({ label: option });
  if (pin) await bar.getByLabel(`PIN for ${name}`).fill(pin);
  await bar.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('till-staff-name')).toHaveText(name);
}

test('a cashier sells and records cash in a shift; the manager closes it and the report adds up', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  // Settings, two switches, a Lightning and a cash sale, a shift and its report: long on a
  // shared machine.
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });

  // Settings: a manager, a cashier with a personal PIN, and cash sales on.
  const card = await addPeople(page, [
    ['Ana', 'Manager', ''],
    ['Bo', 'Cashier', '2468'],
  ]);
  await card.getByLabel('Record cash sales at the till').check();
  await expect(card.getByLabel('Record cash sales at the till')).toBeChecked();

  // The cashier takes the till with their PIN (a wrong one is refused first).
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('till-staff-name')).toHaveText('Owner', LANDS);
  const bar = page.getByTestId('till-staff');
  await bar.getByRole('button', { name: 'Change person' }).click();
  await bar.getByRole('combobox').selectOption({ label: 'Bo (Cashier)' });
  await bar.getByLabel('PIN for Bo').fill('1111');
  await bar.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(bar.getByRole('alert')).toHaveText('Wrong PIN');
  await expect(page.getByTestId('till-staff-name')).toHaveText('Owner');
  // The wait after one wrong PIN is a second.
  await page.waitForTimeout(1_100);
  await bar.getByLabel('PIN for Bo').fill('2468');
  await bar.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('till-staff-name')).toHaveText('Bo');

  // Bo opens the shift with a float of 2,000 sats (the shop shows sats only).
  await openWallet(page);
  const shift = page.getByTestId('shift-panel');
  await expect(shift.getByTestId('shift-state')).toHaveText('No shift is open.', LANDS);
  await shift.getByLabel('Starting float (sats)').fill('2000');
  await shift.getByRole('button', { name: 'Open shift' }).click();
  await expect(shift.getByTestId('shift-state')).toHaveText(/^Open since .*, by Bo$/);

  // A Lightning sale and a cash sale, both Bo's.
  await takePayment(page, 1000, payQuote);
  await page.getByRole('button', { name: 'Paid in cash' }).click();
  await expect(page.getByRole('button', { name: 'Paid in cash' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await clickDigits(page, '500');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Cash sale recorded').first()).toBeVisible(LANDS);
  await expect(page.getByRole('button', { name: 'Paid in cash' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The cashier cannot close the shift; the cash is not in the balance.
  await openWallet(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText('1,000 sats', LANDS);
  await shift.getByLabel('Counted cash (sats)').fill('2400');
  await shift.getByRole('button', { name: 'Close shift' }).click();
  await expect(
    shift.getByText('Closing a shift needs a manager or the owner at the till.'),
  ).toBeVisible();

  // The manager closes it with the counted cash: 100 sats short.
  await switchTo(page, 'Ana (Manager)', 'Ana');
  await openWallet(page);
  await shift.getByLabel('Counted cash (sats)').fill('2400');
  await shift.getByRole('button', { name: 'Close shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift report' });
  const report = dialog.getByTestId('shift-report');
  await expect(report).toBeVisible(LANDS);
  await expect(report.getByTestId('shift-sales')).toHaveText('2 · 1,500 sats');
  await expect(report.getByTestId('shift-lightning')).toHaveText('1 · 1,000 sats');
  await expect(report.getByTestId('shift-ecash')).toHaveText('0 · 0 sats');
  await expect(report.getByTestId('shift-cash')).toHaveText('1 · 500 sats');
  await expect(report.getByTestId('shift-opened')).toHaveText(/ by Bo$/);
  await expect(report.getByTestId('shift-closed')).toHaveText(/ by Ana$/);
  const bo = report.getByRole('definition').filter({ hasText: 'tips' });
  await expect(bo).toHaveText(['2 · 1,500 sats; tips 0 sats; cash 500 sats; refunds 0 · 0 sats']);
  await expect(report.getByRole('term').filter({ hasText: /^Bo$/ })).toHaveCount(1);
  await expect(report.getByTestId('shift-float')).toHaveText('2,000 sats');
  await expect(report.getByTestId('shift-cash-sales')).toHaveText('500 sats');
  await expect(report.getByTestId('shift-expected')).toHaveText('2,500 sats');
  await expect(report.getByTestId('shift-counted')).toHaveText('2,400 sats');
  await expect(report.getByTestId('shift-over-short')).toHaveText('−100 sats');

  // Printed alone, on an 80 mm roll by default or on A4.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-print-root]')).toHaveAttribute('data-paper', '80mm');
  await expect(page.locator('[data-print-root]')).toContainText('2 · 1,500 sats');
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByLabel('Paper').selectOption('A4');
  await expect(page.locator('[data-print-root]')).toHaveAttribute('data-paper', 'A4');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(shift.getByTestId('shift-state')).toHaveText('No shift is open.');

  // The day summary gives Bo's sales and tips for the tip-out; the CSV names Bo on both sales.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const day = page.getByRole('dialog', { name: 'Day summary' });
  await expect(day.getByTestId('summary-sales')).toHaveText('2 · 1,500 sats', LANDS);
  await expect(day.getByTestId('summary-lightning')).toHaveText('1 · 1,000 sats');
  await expect(day.getByTestId('summary-cash')).toHaveText('1 · 500 sats');
  await expect(day.getByRole('definition').filter({ hasText: 'tips' })).toHaveText([
    '2 · 1,500 sats; tips 0 sats',
  ]);
  await expect(day.getByRole('term').filter({ hasText: /^Bo$/ })).toHaveCount(1);
  await day.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporter = page.getByRole('dialog', { name: 'Export history' });
  const [header, ...rows] = await downloadedCsv(page, () =>
    exporter.getByRole('button', { name: 'Download CSV' }).click(),
  );
  // Staff comes after Device; the receipt and tax columns follow it.
  expect(header![16]).toBe('Staff');
  expect(rows.map((row) => [row[3], row[16]])).toEqual([
    ['direct-payment', 'Bo'],
    ['cash-payment', 'Bo'],
  ]);
});

/** Coffee from the Items side with the tip button `tip`, charged and paid. */
async function sellCoffee(
  page: Page,
  tip: string,
  total: string,
  payQuote: (quote: string) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  if ((await page.getByTestId('cart-line').count()) === 0) {
    await page.getByRole('button', { name: 'Add Coffee' }).click();
  }
  await page.getByTestId('cart-charge').click();
  await page.getByRole('button', { name: tip, exact: true }).click();
  await page.getByRole('button', { name: `Charge ${total} sats` }).click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText(`${total} sats`);
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(page.getByTestId('cart-line')).toHaveCount(0, LANDS);
}

/** The newest sale's receipt on the wallet screen, and its Refund button pressed. */
async function refundNewestSale(page: Page) {
  await openWallet(page);
  const sale = page.getByTestId('history-item').filter({ hasText: 'Sale' }).first();
  await sale.getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt')).toBeVisible(LANDS);
  await receipt.getByRole('button', { name: 'Refund', exact: true }).click();
}

test('each person sells with a tip; only the manager refunds; reports by person add up', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  lightningAddress,
}) => {
  // Items, two people, two cart sales with tips, a refund and four reports: long on a busy box.
  test.setTimeout(300_000);
  await setUpTill(page, {
    mintUrl,
    relayUrl,
    tips: true,
    items: [{ name: 'Coffee', price: '1000' }],
  });
  await addPeople(page, [
    ['Ana', 'Manager', ''],
    ['Bo', 'Cashier', ''],
  ]);

  // Bo opens the shift, parks a basket (it names him), recalls it and sells it with a 10 % tip.
  await switchTo(page, 'Bo (Cashier)', 'Bo');
  await openWallet(page);
  const shift = page.getByTestId('shift-panel');
  await shift.getByLabel('Starting float (sats)').fill('0');
  await shift.getByRole('button', { name: 'Open shift' }).click();
  await expect(shift.getByTestId('shift-state')).toHaveText(/^Open since .*, by Bo$/, LANDS);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await page.getByRole('button', { name: 'Add Coffee' }).click();
  await page.getByLabel('Basket name').fill('Table 2');
  await page.getByRole('button', { name: 'Park', exact: true }).click();
  const basket = page.getByRole('button', { name: 'Recall Table 2 (Bo)' });
  await expect(basket.getByTestId('basket-parked-by')).toHaveText('(Bo)');
  await basket.click();
  await sellCoffee(page, '10 %', '1,100', payQuote);

  // Ana, the manager, sells with a 5 % tip.
  await switchTo(page, 'Ana (Manager)', 'Ana');
  await sellCoffee(page, '5 %', '1,050', payQuote);

  // Bo cannot refund; Ana refunds 50 sats of her sale.
  await switchTo(page, 'Bo (Cashier)', 'Bo');
  await refundNewestSale(page);
  await expect(
    page.getByText('Refunds need a manager or the owner at the till.').first(),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Refund/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Receipt' })).toHaveCount(0);
  await switchTo(page, 'Ana (Manager)', 'Ana');
  await refundNewestSale(page);
  const refund = page.getByRole('dialog', { name: 'Refund (up to 1,050 sats)' });
  await refund.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
  await refund.getByRole('button', { name: 'Continue' }).click();
  await refund.getByLabel(/^Amount in sats/).fill('50');
  await refund.getByRole('button', { name: 'Continue' }).click();
  await refund.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('cash-out-result')).toHaveText(
    'Refund paid: 50 sats sent, 0 sats fee.',
    { timeout: 60_000 },
  );
  await refund.getByRole('button', { name: 'Close' }).click();

  // Ana closes the shift: each one's sales and tips, her refund; the CSV has a line each.
  await shift.getByLabel('Counted cash (sats)').fill('0');
  await shift.getByRole('button', { name: 'Close shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shift report' });
  const report = dialog.getByTestId('shift-report');
  await expect(report.getByTestId('shift-sales')).toHaveText('2 · 2,150 sats', LANDS);
  await expect(report.getByTestId('shift-tips')).toHaveText('150 sats');
  const person = (name: string) =>
    report
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(person('Bo')).toHaveText(
    '1 · 1,100 sats; tips 100 sats; cash 0 sats; refunds 0 · 0 sats',
  );
  await expect(person('Ana')).toHaveText(
    '1 · 1,050 sats; tips 50 sats; cash 0 sats; refunds 1 · 50 sats',
  );
  const [shiftHeader, ...shiftRows] = await downloadedCsv(page, () =>
    dialog.getByRole('button', { name: 'Download CSV' }).click(),
  );
  const cell = (row: string[], name: string) => row[shiftHeader!.indexOf(name)];
  expect(shiftRows.map((row) => [cell(row, 'Staff'), cell(row, 'Tip (sats)')])).toEqual([
    ['Bo', '100'],
    ['Ana', '50'],
    ['All staff', '150'],
  ]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The day summary for Bo alone, the chart by person, the CSV for Ana and grouped by person.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const day = page.getByRole('dialog', { name: 'Day summary' });
  await expect(day.getByTestId('summary-sales')).toHaveText('2 · 2,150 sats', LANDS);
  await day.getByLabel('Person', { exact: true }).selectOption({ label: 'Bo' });
  await expect(day.getByTestId('summary-sales')).toHaveText('1 · 1,100 sats', LANDS);
  await expect(day.getByTestId('summary-tips')).toHaveText('100 sats');
  await expect(day.getByTestId('summary-refunds')).toHaveText('0 · 0 sats, fees 0 sats');
  await day.getByLabel('Person', { exact: true }).selectOption({ label: 'Everyone' });
  await day.getByRole('button', { name: 'Chart' }).click();
  await day.getByRole('button', { name: 'By person' }).click();
  await expect(day.getByTestId('sales-chart').locator('svg')).toHaveAttribute(
    'data-bars',
    '1100,1050',
    LANDS,
  );
  await day.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporter = page.getByRole('dialog', { name: 'Export history' });
  await exporter.getByLabel('Person', { exact: true }).selectOption({ label: 'Ana' });
  const [header, ...anaRows] = await downloadedCsv(page, () =>
    exporter.getByRole('button', { name: 'Download CSV' }).click(),
  );
  const staffAt = header!.indexOf('Staff');
  expect(anaRows.map((row) => row[staffAt])).toEqual(['Ana', 'Ana']);
  await exporter.getByLabel('Person', { exact: true }).selectOption({ label: 'Everyone' });
  await exporter.getByLabel('Group by person').check();
  const [, ...grouped] = await downloadedCsv(page, () =>
    exporter.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(grouped.map((row) => row[staffAt])).toEqual(['Bo', 'Ana', 'Ana']);
});
