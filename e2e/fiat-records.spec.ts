// Prices in the merchant's currency and the records a shop keeps (issue 19), end to end: a sale
// typed in USD at a fixed dev price records the right sats and fiat; the CSV export of a known
// history matches row for row; the day summary of that history adds up. The merchant is in Berlin.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pricesControl } from './helpers/dollar-shop';
import { expectAccessible } from './helpers/axe';
import { storedEvents } from './helpers/history-events';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';

test.use({ timezoneId: 'Europe/Berlin' });

async function chooseCurrency(page: Page, currency: string, expectedStatus: string) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Display currency').selectOption(currency);
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByTestId('price-status')).toHaveText(expectedStatus);
}

test.describe('fiat sales', () => {
  test.afterEach(async ({ request, pricesUrl }) => {
    await request.delete(pricesControl(pricesUrl));
  });

  test('a sale typed in USD at a fixed price records the sats rounded up and the fiat value', async ({
    page,
    mintUrl,
    relayUrl,
    pricesUrl,
    payQuote,
    request,
  }) => {
    // 12.34 USD at 65,432 USD/BTC is 18,859.27… sat: the merchant asks 18,860.
    const set = await request.post(pricesControl(pricesUrl), { data: { USD: 65_432, time: null } });
    expect(set.ok()).toBe(true);
    await onboard(page, { mintUrl, relayUrl });
    await chooseCurrency(page, 'USD', 'Price source reached: 1 BTC = 65,432 USD.');

    await page.getByRole('link', { name: 'Home', exact: true }).click();
    const toggle = page.getByTestId('keypad-unit-toggle');
    await expect(toggle).toHaveAccessibleName('Enter the amount in USD');
    await toggle.click();
    for (const digit of '1234')
      await page.getByRole('button', { name: digit, exact: true }).click();
    await expect(page.getByTestId('keypad-amount')).toHaveText('12.34 USD');
    await expect(page.getByTestId('keypad-other')).toHaveText('= 18,860 sats');
    await page.getByRole('button', { name: 'Submit' }).click();

    const dialog = invoiceDialog(page);
    await expect(dialog.getByTestId('invoice-amount')).toHaveText('18,860 sats');
    await expect(dialog.getByTestId('invoice-fiat')).toHaveText('12.34 USD');
    await payQuote(await quoteIdOnScreen(page));
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);

    // Back in sats, the fiat value is shown below and recorded too: 1,000 sat is 0.65 USD.
    await expect(page.getByTestId('keypad-unit-toggle')).toHaveAccessibleName(
      'Enter the amount in sats',
    );
    await page.getByTestId('keypad-unit-toggle').click();
    for (const digit of '1000')
      await page.getByRole('button', { name: digit, exact: true }).click();
    await expect(page.getByTestId('keypad-other')).toHaveText('≈ 0.65 USD');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByTestId('invoice-fiat')).toHaveText('0.65 USD');
    await payQuote(await quoteIdOnScreen(page));
    await expect(dialog).toBeHidden(LANDS);
    await expect.poll(async () => (await storedEvents(page)).length, LANDS).toBe(2);

    const events = (await storedEvents(page)).sort((a, b) => Number(a.id) - Number(b.id));
    // Each record keeps the price and the price source's time for it.
    const priced = { currency: 'USD', price: 65_432, time: expect.any(Number) };
    expect(events.map((e) => [e.type, e.amount, e.fiat])).toEqual([
      ['direct-payment', 18_860, { ...priced, value: 12.34 }],
      ['direct-payment', 1_000, { ...priced, value: 0.65 }],
    ]);

    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page.getByTestId('history-fiat')).toHaveText(['0.65 USD', '12.34 USD']);
  });

  test('an unreachable price source falls back to sats with a note', async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Display currency').selectOption('EUR');
    await page.getByLabel('Price source URL').fill('http://127.0.0.1:9/api/v1/prices');
    await page.getByRole('button', { name: 'Save shop settings' }).click();
    await expect(page.getByTestId('price-status')).toContainText('Price source check failed');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByTestId('keypad-note')).toHaveText('Prices unavailable: amounts in sats');
    await expect(page.getByTestId('keypad-unit-toggle')).toHaveCount(0);
  });
});

// A known history, stamped in UTC; Berlin is UTC+1 in November.
const MINT = 'http://mint.example';
const KNOWN = [
  // 23:59:59 on the 20th in Berlin: outside the day and the export range.
  {
    createdAt: Date.UTC(2026, 10, 20, 22, 59, 59),
    type: 'direct-payment',
    amount: 5,
    mintUrl: MINT,
    quoteId: 'q-before',
  },
  // 00:00:00 on the 21st in Berlin: the first event of the day.
  {
    createdAt: Date.UTC(2026, 10, 20, 23, 0, 0),
    type: 'direct-payment',
    amount: 12_340,
    mintUrl: MINT,
    quoteId: 'q-local',
    metadata: '{"request":"lnbc1"}',
    fiat: { currency: 'USD', price: 100_000, value: 12.34 },
  },
  {
    createdAt: Date.UTC(2026, 10, 21, 9, 15, 30),
    type: 'remote-payment',
    amount: 2_000,
    mintUrl: MINT,
    quoteId: 'q-remote',
    fiat: { currency: 'USD', price: 100_000, value: 2 },
  },
  {
    createdAt: Date.UTC(2026, 10, 21, 10, 0, 0),
    type: 'direct-payment',
    amount: 21,
    mintUrl: '=cmd|x',
    quoteId: 'q, "sats"',
  },
  {
    createdAt: Date.UTC(2026, 10, 21, 12, 0, 0),
    type: 'withdrawal',
    amount: 4_000,
    mintUrl: MINT,
    metadata: '{"numProofs":3}',
  },
  {
    createdAt: Date.UTC(2026, 10, 21, 18, 45, 0),
    type: 'cash-out',
    amount: 9_000,
    mintUrl: MINT,
    quoteId: 'melt-1',
    metadata: '{"feePaid":2,"inputFee":1,"request":"lnbc9"}',
  },
  // 23:59:59.999 on the 21st in Berlin: the last event of the day.
  {
    createdAt: Date.UTC(2026, 10, 21, 22, 59, 59, 999),
    type: 'direct-payment',
    amount: 1_000,
    mintUrl: MINT,
    quoteId: 'q-last',
    fiat: { currency: 'EUR', price: 92_000, value: 0.92 },
  },
  // 00:00:00 on the 22nd in Berlin: the next day.
  {
    createdAt: Date.UTC(2026, 10, 21, 23, 0, 0),
    type: 'direct-payment',
    amount: 7,
    mintUrl: MINT,
    quoteId: 'q-after',
  },
];

async function storeKnownHistory(page: Page) {
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('historyEvents', 'readwrite');
          for (const row of rows) tx.objectStore('historyEvents').add(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    KNOWN,
  );
}

test.describe('records of a known history', () => {
  test.beforeEach(async ({ page, mintUrl, relayUrl }) => {
    await onboard(page, { mintUrl, relayUrl });
    await storeKnownHistory(page);
    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  });

  test('the CSV export of one day matches the history row for row', async ({ page }) => {
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export history' });
    await dialog.getByLabel('From').fill('2026-11-21');
    await dialog.getByLabel('To').fill('2026-11-21');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('cashew-history-2026-11-21-to-2026-11-21.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')).toEqual([
      'Date,Time,UTC offset,Type,Sats,Fiat value,Currency,Price,Fee (sats),Quote id,Origin,Mint,Refund of,Tip (sats),Lines,Device,Staff,Receipt no.,Discount (sats),Tax (sats),Unit,Amount in unit,Fee in unit,Tip in unit,Discount in unit,Tax in unit',
      `2026-11-21,00:00:00,UTC+01:00,direct-payment,12340,12.34,USD,100000,,q-local,local,${MINT},,,,this device,,,,,sat,,,,,`,
      `2026-11-21,10:15:30,UTC+01:00,remote-payment,2000,2.00,USD,100000,,q-remote,remote,${MINT},,,,this device,,,,,sat,,,,,`,
      `2026-11-21,11:00:00,UTC+01:00,direct-payment,21,,,,,"q, ""sats""",local,'=cmd|x,,,,this device,,,,,sat,,,,,`,
      `2026-11-21,13:00:00,UTC+01:00,withdrawal,4000,,,,,,,${MINT},,,,this device,,,,,sat,,,,,`,
      `2026-11-21,19:45:00,UTC+01:00,cash-out,9000,,,,3,melt-1,,${MINT},,,,this device,,,,,sat,,,,,`,
      `2026-11-21,23:59:59,UTC+01:00,direct-payment,1000,0.92,EUR,92000,,q-last,local,${MINT},,,,this device,,,,,sat,,,,,`,
      '',
    ]);
    await expect(dialog.getByTestId('export-status')).toHaveText('Exported 6 events.');
  });

  test('the day summary of that day adds up', async ({ page }) => {
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Day summary' });
    await dialog.getByLabel('Day').fill('2026-11-21');
    await expect(dialog.getByTestId('day-summary')).toHaveAttribute('data-day', '2026-11-21');
    // Sales: 12,340 + 2,000 + 21 + 1,000.
    await expect(dialog.getByTestId('summary-sales')).toHaveText('4 · 15,361 sats');
    await expect(dialog.getByTestId('summary-fiat-USD')).toHaveText('14.34 USD');
    await expect(dialog.getByTestId('summary-fiat-EUR')).toHaveText('0.92 EUR');
    await expect(dialog.getByTestId('summary-local')).toHaveText('3 · 13,361 sats');
    await expect(dialog.getByTestId('summary-remote')).toHaveText('1 · 2,000 sats');
    await expect(dialog.getByTestId('summary-withdrawals')).toHaveText('1 · 4,000 sats');
    await expect(dialog.getByTestId('summary-cash-outs')).toHaveText('1 · 9,000 sats, fees 3 sats');
    // Fiat rows and the note on sales without fiat, at phone size too.
    await expectAccessible(page, 'day summary');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'day summary on a phone');
    // The day after holds only the midnight sale.
    await dialog.getByLabel('Day').fill('2026-11-22');
    await expect(dialog.getByTestId('summary-sales')).toHaveText('1 · 7 sats');
  });
});
