// Staff and shifts end to end (docs/behaviour.md "Staff and shifts"): with default settings Home is
// the keypad alone, "Receive ecash" in view on a phone; two people added in Settings, the cashier
// (personal PIN) at the till opens a shift with a float, sells by Lightning and records a cash
// sale, cannot close the shift; the manager closes it with the counted cash and the report shows
// the sales by method and by person and expected against counted; the day summary and the CSV
// name who sold.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { clickDigits, LANDS, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
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
  await page.goto('/settings');
  const card = page.getByTestId('staff-settings');
  for (const [name, role, pin] of [
    ['Ana', 'Manager', ''],
    ['Bo', 'Cashier', '2468'],
  ] as const) {
    await card.getByLabel('Name', { exact: true }).fill(name);
    await card.getByLabel('Role').selectOption({ label: role });
    await card.getByLabel('Personal PIN (optional)').fill(pin);
    await card.getByRole('button', { name: 'Add person' }).click();
    await expect(card.getByText(name, { exact: true })).toBeVisible();
  }
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
  await expect(day.getByRole('definition').filter({ hasText: 'tips' })).toHaveText([
    '2 · 1,500 sats; tips 0 sats',
  ]);
  await expect(day.getByRole('term').filter({ hasText: /^Bo$/ })).toHaveCount(1);
  await day.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporter = page.getByRole('dialog', { name: 'Export history' });
  const downloading = page.waitForEvent('download');
  await exporter.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  const [header, ...rows] = csv.trim().split('\r\n');
  // Staff comes after Device; the receipt and tax columns follow it.
  expect(header!.split(',')[16]).toBe('Staff');
  expect(rows.map((row) => [row.split(',')[3], row.split(',')[16]])).toEqual([
    ['direct-payment', 'Bo'],
    ['cash-payment', 'Bo'],
  ]);
});
