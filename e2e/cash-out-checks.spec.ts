// Cash-out checks the mint and the Lightning address (issue 30), against the dev mint and the dev
// Lightning address: a melt quote for another amount and a 90 % fee reserve are refused or asked
// again (automatic cash-out never pays them); an address answering a wrong amount, a wrong
// description hash, a redirect to another host or an error is refused with the reason on screen;
// "Cash out everything" empties the balance to within the fees; every step can be cancelled.
import type { APIRequestContext, Page } from '@playwright/test';
import { outsideInvoice } from '../dev/mint/test-support';
import { expect, test } from './helpers/own-mint';
import { takePayment } from './helpers/invoice';
import { setUpTill } from './helpers/till';
import { storedMoney } from './helpers/stored-money';
import {
  cashOutDialog,
  enterDestination,
  merchantWithBalance,
  saveAutoCashOut,
} from './helpers/wallet-screen';
import { appRows } from './helpers/app-rows';

const SETTLES = { timeout: 20_000 };

async function post(request: APIRequestContext, url: string, data: unknown) {
  const response = await request.post(url, { data });
  expect(response.ok()).toBe(true);
}

/** The dev mint's fee reserve for the length of `body`, back to 1 % afterwards. */
async function withFeeReserve(
  request: APIRequestContext,
  mintUrl: string,
  percent: number,
  body: () => Promise<void>,
) {
  await post(request, `${mintUrl}/dev/config`, { feeReservePercent: percent });
  try {
    await body();
  } finally {
    await post(request, `${mintUrl}/dev/config`, { feeReservePercent: 1 });
  }
}

/** The melt rows the app has in flight (its IndexedDB 'melts' table). */
async function pendingMelts(page: Page): Promise<number> {
  return (await appRows(page, { melts: 'keys' })).melts.length;
}

test.describe('cash-out checks the mint', () => {
  test('a melt quote for another amount than the invoice is refused', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
    await post(request, `${mintUrl}/dev/faults`, {
      path: '/v1/melt/quote/bolt11',
      action: 'malform',
      malform: 'wrongAmount',
      count: 1,
    });
    const dialog = await enterDestination(page, outsideInvoice(100));
    await expect(
      dialog.getByText(
        "The mint quoted another amount than the invoice's 100 sats. Nothing was paid.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Confirm cash-out' })).toBeHidden();
    expect(await storedMoney(page)).toMatchObject({ balance: 300 });
    expect(await pendingMelts(page)).toBe(0);
  });

  test('a 90 % fee reserve is asked again: Cancel pays nothing, Pay anyway pays', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
    await withFeeReserve(request, mintUrl, 90, async () => {
      await enterDestination(page, outsideInvoice(100));
      const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
      await expect(confirm.getByTestId('cash-out-fee-reserve')).toHaveText('90 sats');
      await expect(confirm.getByTestId('cash-out-total')).toHaveText('190 sats');
      await expect(confirm.getByTestId('cash-out-fee-warning')).toHaveText(
        'The fees can be up to 90 sats, above your limit of 11 sats. Pay anyway?',
      );
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      expect((await storedMoney(page)).balance).toBe(300);
      expect(await pendingMelts(page)).toBe(0);

      await enterDestination(page, outsideInvoice(100));
      await confirm.getByRole('button', { name: 'Pay anyway' }).click();
      await expect(page.getByTestId('cash-out-result')).toHaveText(
        'Cash-out paid: 100 sats sent, 1 sat fee.',
      );
    });
    // Only the routing fee was kept; the rest of the reserve came back.
    expect((await storedMoney(page)).balance).toBe(199);
  });

  test('automatic cash-out never pays a fee above the limit', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
    lightningAddress,
  }) => {
    await setUpTill(page, { mintUrl, relayUrl, autoCashOut: lightningAddress });
    await expect(page.getByLabel('Fee limit: percent of the amount')).toHaveValue('1');
    await expect(page.getByLabel('Fee limit: sats on top')).toHaveValue('10');
    await saveAutoCashOut(page);

    await withFeeReserve(request, mintUrl, 90, async () => {
      await takePayment(page, 120, payQuote);
      await expect(
        page.getByText(
          /^Automatic cash-out failed: The fees \(up to \d+ sats\) are above your limit of \d+ sats\. Nothing was paid\. Trying again in \d+ min\.$/,
        ),
      ).toBeVisible(SETTLES);
      const stored = await storedMoney(page);
      expect(stored.balance).toBe(120);
      expect(stored.history.map((e) => e.type)).toEqual(['direct-payment']);
      expect(await pendingMelts(page)).toBe(0);
    });
  });
});

test.describe('cash-out checks the Lightning address (LUD-06/16)', () => {
  test('a wrong amount, a wrong description hash, a redirect elsewhere and an error are refused with the reason', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
    lnurlUrl,
    lightningAddress,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 200);
    const invoicesBefore = async () =>
      ((await (await request.get(`${lnurlUrl}/dev/invoices`)).json()) as { invoices: unknown[] })
        .invoices.length;

    // A redirect of the address document to another host: refused at the first step.
    await post(request, `${lnurlUrl}/dev/faults`, {
      target: 'payRequest',
      action: 'redirectOtherHost',
      count: 1,
    });
    const dialog = await enterDestination(page, lightningAddress);
    await expect(
      dialog.getByText(
        `${lightningAddress} tried to send the request on to another address. Nothing was paid.`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const cases: Array<[string, string]> = [
      [
        'wrongAmount',
        `${lightningAddress} sent an invoice for 22 sats instead of 21 sats. Nothing was paid.`,
      ],
      [
        'wrongDescriptionHash',
        `${lightningAddress} sent an invoice that does not match its payment details (description hash). Nothing was paid.`,
      ],
      [
        'redirectOtherHost',
        `${lightningAddress} tried to send the request on to another address. Nothing was paid.`,
      ],
      ['error', `${lightningAddress} says: "refused by a fault switch"`],
    ];
    for (const [action, message] of cases) {
      const before = await invoicesBefore();
      await post(request, `${lnurlUrl}/dev/faults`, { target: 'callback', action, count: 1 });
      await dialog.getByLabel(/^Amount in sats/).fill('21');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Confirm cash-out' })).toBeHidden();
      // Redirected: nothing was asked at the other host (no invoice handed out there).
      if (action === 'redirectOtherHost') expect(await invoicesBefore()).toBe(before);
    }
    expect((await storedMoney(page)).balance).toBe(200);
    expect(await pendingMelts(page)).toBe(0);
  });
});

test.describe('cash-out a merchant can read', () => {
  test('Cash out everything empties the balance to within fees, its change too; the rows keep the description', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
    const dialog = await enterDestination(page, lightningAddress);
    await dialog.getByRole('button', { name: 'Cash out everything' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
    await expect(confirm.getByTestId('cash-out-to')).toHaveText(lightningAddress);
    await expect(confirm.getByTestId('cash-out-description')).toHaveText(
      'Pay merchant on the Cashew dev stack',
    );
    // 297 + a 3 sat reserve (1 %) is the whole balance.
    await expect(confirm.getByTestId('cash-out-amount')).toHaveText('297 sats');
    await expect(confirm.getByTestId('cash-out-total')).toHaveText('300 sats');
    await confirm.getByRole('button', { name: 'Pay' }).click();
    // Settled inside the dev mint: no routing fee, so the 3 sat reserve came back as change and
    // was cashed out too (2 sats and a 1 sat reserve, which came back again).
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out paid: 299 sats sent, 0 sats fee.',
    );
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(1);
    expect(stored.history.filter((e) => e.type === 'cash-out').map((e) => e.amount)).toEqual([
      297, 2,
    ]);
    await page.getByTestId('cash-out').getByRole('button', { name: 'Close', exact: true }).click();
    const rows = page.locator('[data-testid="history-item"][data-type="cash-out"]');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(row.getByTestId('history-description')).toHaveText(
        'Pay merchant on the Cashew dev stack',
      );
    }
  });

  test('the confirm step of an invoice shows its description and payee', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
    await enterDestination(page, outsideInvoice(100));
    const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
    await expect(confirm.getByTestId('cash-out-description')).toHaveText('elsewhere');
    await expect(confirm.getByTestId('cash-out-to')).toHaveText(/^0[23][0-9a-f]{64}$/);
  });

  test('every step has Cancel, and cancelling pays nothing', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
    // Destination step.
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    await cashOutDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(cashOutDialog(page)).toBeHidden();
    // Amount step.
    const dialog = await enterDestination(page, lightningAddress);
    await expect(dialog.getByLabel(/^Amount in sats/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Confirm step.
    await enterDestination(page, outsideInvoice(100));
    const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(300);
    expect(stored.history.map((e) => e.type)).toEqual(['direct-payment']);
    expect(await pendingMelts(page)).toBe(0);
  });
});
