// Cash out end to end against the dev mint and the dev Lightning address: to an invoice and to an
// address, fees to the sat, a lost melt reply, a mint failing mid-melt, PENDING then PAID across a
// reload, PENDING then UNPAID, two tabs paying at once, automatic cash-out at the threshold (and
// again after a reload when it failed), and a pending withdrawal token that a cash-out leaves
// alone.
// Every test ends with the exact stored balance and history.
import type { Page } from '@playwright/test';
import { outsideInvoice } from '../dev/mint/test-support';
import { expect, test } from './helpers/own-mint';
import { customerWallet } from './helpers/customer';
import { takePayment } from './helpers/invoice';
import { setUpTill } from './helpers/till';
import { storedMoney } from './helpers/stored-money';
import {
  mintFault,
  merchantWithBalance,
  saveAutoCashOut,
  startCashOut,
} from './helpers/wallet-screen';
import { appRows } from './helpers/app-rows';

const SETTLES = { timeout: 20_000 };

interface AutoCashOutTill {
  mintUrl: string;
  relayUrl: string;
  payQuote: Parameters<typeof takePayment>[2];
  lightningAddress: string;
}

/** The melt quote ids the app has in flight (its IndexedDB 'melts' table). */
async function pendingMelts(page: Page): Promise<string[]> {
  return (await appRows(page, { melts: 'keys' })).melts as string[];
}

async function fees(confirm: ReturnType<Page['getByRole']>) {
  return {
    amount: await confirm.getByTestId('cash-out-amount').textContent(),
    reserve: await confirm.getByTestId('cash-out-fee-reserve').textContent(),
    inputFee: await confirm.getByTestId('cash-out-input-fee').textContent(),
    total: await confirm.getByTestId('cash-out-total').textContent(),
  };
}

/** The tokens of the pending withdrawals the app stored (its IndexedDB 'withdrawals' table). */
async function pendingTokens(page: Page): Promise<string[]> {
  const { withdrawals } = await appRows(page, { withdrawals: 'rows' });
  return (withdrawals as Array<{ token: string }>).map((r) => r.token).filter(Boolean);
}

/**
 * A till with automatic cash-out to `lightningAddress`, whose first run failed because the
 * address could not be reached when a 110-sat payment reached the threshold. The address answers
 * again when this returns; its host is returned for routes on it.
 */
async function autoCashOutFailedOnce(
  page: Page,
  { mintUrl, relayUrl, payQuote, lightningAddress }: AutoCashOutTill,
): Promise<string> {
  await setUpTill(page, { mintUrl, relayUrl, autoCashOut: lightningAddress });
  await saveAutoCashOut(page);
  const address = new URL(`https://${lightningAddress.split('@')[1]}`).host;
  await page.route(`**://${address}/**`, (route) => route.abort());
  await takePayment(page, 110, payQuote);
  await expect(
    page.getByText(/^Automatic cash-out failed: .* Trying again in 1 min\.$/),
  ).toBeVisible(SETTLES);
  expect((await storedMoney(page)).balance).toBe(110);
  await page.unroute(`**://${address}/**`);
  return address;
}

test.describe('cash out', () => {
  test('never spends a pending withdrawal token: the token stays redeemable', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 64);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByTestId('withdraw-amount-input').fill('21');
    await page.getByRole('button', { name: 'Withdraw 21 sats' }).click();
    const shown = page.getByRole('dialog', { name: 'Scan to withdraw' });
    await shown.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('wallet-available')).toHaveText('43 sats');
    const [token] = await pendingTokens(page);

    // 50 sats would fit the 64 stored, but 21 of them are the token's.
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash out to Lightning' });
    await dialog.getByLabel('Invoice, Lightning address or LNURL').fill(outsideInvoice(50));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(
      dialog.getByText(
        'Not enough available balance: this needs 51 sats with fees, 43 sats are available and 21 sats are held by a pending withdrawal token. Cancel that token on the Wallet screen to use them.',
      ),
    ).toBeVisible();

    await dialog.getByLabel('Invoice, Lightning address or LNURL').fill(outsideInvoice(40));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
    await confirm.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out paid: 40 sats sent, 1 sat fee.',
    );
    // A customer redeems the token shown before the cash-out: every sat of it is there.
    const customer = await customerWallet(mintUrl);
    const received = await customer.receive(token!);
    expect(received.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(21);
    await expect
      .poll(async () => (await storedMoney(page)).balance, SETTLES)
      .toBe(64 - 40 - 1 - 21);
  });

  test('to an invoice: fee reserve shown, 1 sat charged, the rest back as change', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 2000);
    const confirm = await startCashOut(page, outsideInvoice(1000));
    expect(await fees(confirm)).toEqual({
      amount: '1,000 sats',
      reserve: '10 sats',
      inputFee: '0 sats',
      total: '1,010 sats',
    });
    await confirm.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out paid: 1,000 sats sent, 1 sat fee.',
    );
    // 10 reserved = 1 charged + 9 returned as change.
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(999);
    expect(stored.history.map(({ type, amount }) => ({ type, amount }))).toEqual([
      { type: 'direct-payment', amount: 2000 },
      { type: 'cash-out', amount: 1000 },
    ]);
    await page.getByTestId('cash-out').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('999 sats');
  });

  test('to a Lightning address with an amount and a comment', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
    // Outside the address's limits first: refused, nothing leaves the balance.
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash out to Lightning' });
    await dialog.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel(/^Amount in sats/).fill('2000000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Enter an amount from 1 to 1,000,000 sats.')).toBeVisible();
    await dialog.getByLabel(/^Amount in sats/).fill('100');
    await dialog.getByLabel(/^Comment/).fill('Week 12 takings');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
    expect(await fees(confirm)).toMatchObject({ amount: '100 sats', reserve: '1 sat' });
    await confirm.getByRole('button', { name: 'Pay' }).click();
    // The address's invoices are the dev mint's own: settled inside the mint, no routing fee.
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out paid: 100 sats sent, 0 sats fee.',
    );
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(200);
    expect(stored.history.map((e) => e.type)).toEqual(['direct-payment', 'cash-out']);
  });

  test('bad invoices are refused with their message and nothing leaves', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 50);
    await page.getByRole('button', { name: 'Cash out', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cash out to Lightning' });
    const field = dialog.getByLabel('Invoice, Lightning address or LNURL');
    const cases: Array<[string, string]> = [
      ['lnbc1garbage', 'This is not a valid Lightning invoice.'],
      [
        outsideInvoice(10, { network: 'tb' }),
        'This invoice is for another Bitcoin network. Use a mainnet invoice (lnbc…).',
      ],
      [
        outsideInvoice(10, { timestamp: Math.floor(Date.now() / 1000) - 7200 }),
        'This invoice has expired. Ask for a new one.',
      ],
      [
        outsideInvoice(100),
        'Not enough balance: this needs 101 sats with fees, the balance is 50 sats.',
      ],
      ['nobody@127.0.0.1:9', 'The Lightning address did not answer. Check it and try again.'],
    ];
    for (const [text, message] of cases) {
      await field.fill(text);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByText(message)).toBeVisible();
    }
    expect((await storedMoney(page)).balance).toBe(50);
  });

  test('response lost after paying: found PAID, change recovered, one event', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 500);
    const confirm = await startCashOut(page, outsideInvoice(200));
    await mintFault(request, mintUrl, {
      path: '/v1/melt/bolt11',
      action: 'dropResponse',
      count: 1,
    });
    await confirm.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out paid: 200 sats sent, 1 sat fee.',
      SETTLES,
    );
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(299);
    expect(stored.history.map((e) => e.type)).toEqual(['direct-payment', 'cash-out']);
  });

  test('mint fails mid-melt: nothing paid, the sats are back', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 100);
    const confirm = await startCashOut(page, outsideInvoice(50));
    await mintFault(request, mintUrl, { path: '/v1/melt/bolt11', action: 'error500', count: 1 });
    await confirm.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('cash-out-result')).toHaveText(
      'Cash-out failed: the payment did not go through. The sats are back in your balance.',
    );
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(100);
    expect(stored.history.map((e) => e.type)).toEqual(['direct-payment']);
  });

  for (const settled of ['PAID', 'UNPAID'] as const) {
    test(`PENDING, reload, then ${settled}`, async ({
      page,
      mintUrl,
      relayUrl,
      payQuote,
      request,
    }) => {
      await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 300);
      const confirm = await startCashOut(page, outsideInvoice(100));
      await mintFault(request, mintUrl, { path: '/v1/melt/bolt11', action: 'pending', count: 1 });
      await confirm.getByRole('button', { name: 'Pay' }).click();
      await expect(page.getByTestId('cash-out-result')).toHaveText(
        'Cash-out pending. The balance updates once the mint settles the payment.',
      );
      const [quote] = await pendingMelts(page);
      expect(quote).toBeTruthy();
      await page.reload();
      await expect(page.getByTestId('pending-cash-outs')).toContainText('100 sats to');
      const response = await request.post(`${mintUrl}/dev/melt/${quote}/settle`, {
        data: { state: settled },
      });
      expect(response.ok()).toBe(true);
      const toast =
        settled === 'PAID'
          ? 'Cash-out paid: 100 sats sent, 1 sat fee.'
          : 'Cash-out failed: the payment did not go through. The sats are back in your balance.';
      await expect(page.getByText(toast)).toBeVisible(SETTLES);
      await expect(page.getByTestId('pending-cash-outs')).toBeHidden();
      const stored = await storedMoney(page);
      expect(stored.balance).toBe(settled === 'PAID' ? 199 : 300);
      expect(stored.history.map((e) => e.type)).toEqual(
        settled === 'PAID' ? ['direct-payment', 'cash-out'] : ['direct-payment'],
      );
    });
  }

  test('two tabs pressing Pay at once pay the invoice once', async ({
    page,
    context,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await merchantWithBalance(page, { mintUrl, relayUrl, payQuote }, 500);
    const other = await context.newPage();
    await other.goto('/wallet');
    const invoice = outsideInvoice(100);
    const [first, second] = [await startCashOut(page, invoice), await startCashOut(other, invoice)];
    await Promise.all([
      first.getByRole('button', { name: 'Pay' }).click(),
      second.getByRole('button', { name: 'Pay' }).click(),
    ]);
    const paidText = 'Cash-out paid: 100 sats sent, 1 sat fee.';
    const refused = /This invoice (was already paid from this wallet|is already being paid)\./;
    const outcomes = await Promise.all(
      [page, other].map(async (tab) => {
        const dialog = tab.getByRole('dialog');
        await expect(dialog.getByText(new RegExp(`${paidText}|${refused.source}`))).toBeVisible(
          SETTLES,
        );
        return (await dialog.getByTestId('cash-out-result').count()) > 0 ? 'paid' : 'refused';
      }),
    );
    expect(outcomes.sort()).toEqual(['paid', 'refused']);
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(399);
    expect(stored.history.map((e) => e.type)).toEqual(['direct-payment', 'cash-out']);
  });

  test('automatic cash-out fires once when a payment reaches the threshold', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    await setUpTill(page, { mintUrl, relayUrl, autoCashOut: lightningAddress });
    await saveAutoCashOut(page);

    await takePayment(page, 60, payQuote);
    expect((await storedMoney(page)).history.map((e) => e.type)).toEqual(['direct-payment']);
    await takePayment(page, 50, payQuote);
    await expect(page.getByText(/^Automatic cash-out: \d+ sats sent, 0 sats fee\.$/)).toBeVisible(
      SETTLES,
    );
    const stored = await storedMoney(page);
    const cashOuts = stored.history.filter((e) => e.type === 'cash-out');
    // 110 sats: the largest amount whose total with the fee reserve fits; no routing fee was
    // charged (the address's invoices settle inside the dev mint), so the reserve came back and
    // was cashed out too, leaving the last payment's 1 sat reserve.
    expect(cashOuts.map((e) => e.amount)).toEqual([108, 1]);
    expect(stored.balance).toBe(1);
    expect(stored.history.map((e) => e.type)).toEqual([
      'direct-payment',
      'direct-payment',
      'cash-out',
      'cash-out',
    ]);
    await expect(page.getByText('Automatic cash-out: 109 sats sent, 0 sats fee.')).toBeVisible();
    await expect(page.getByText(/^Automatic cash-out:/)).toHaveCount(1);
  });

  test('an automatic cash-out that failed is tried again after a reload', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    await autoCashOutFailedOnce(page, { mintUrl, relayUrl, payQuote, lightningAddress });

    // Reloaded before the retry: the address answers again, and the balance goes at start.
    await page.reload();
    await expect(page.getByText(/^Automatic cash-out: \d+ sats sent, 0 sats fee\.$/)).toBeVisible(
      SETTLES,
    );
    await expect.poll(async () => (await storedMoney(page)).balance, SETTLES).toBe(1);
    expect((await storedMoney(page)).history.map((e) => e.type)).toEqual([
      'direct-payment',
      'cash-out',
      'cash-out',
    ]);
  });

  test('two tabs opened at once cash out once, and neither says it failed', async ({
    page,
    context,
    mintUrl,
    relayUrl,
    payQuote,
    lightningAddress,
  }) => {
    const address = await autoCashOutFailedOnce(page, {
      mintUrl,
      relayUrl,
      payQuote,
      lightningAddress,
    });

    // Both tabs start together, and each checks the balance at start. The first tab's invoice
    // request is held until the second tab asks the address too (which it does only without the
    // cross-tab lock) or 3 s have passed, so the two checks overlap on any machine.
    const second = await context.newPage();
    // What the tabs' loggers report: a failed run warns there even before its toast can show.
    const warnings: string[] = [];
    for (const tab of [page, second]) tab.on('console', (message) => warnings.push(message.text()));
    const secondAsks = second.waitForRequest((request) => new URL(request.url()).host === address);
    const held = Promise.race([secondAsks, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    await page.route(`**://${address}/lnurlp/*/callback**`, async (route) => {
      await held;
      await route.continue();
    });
    await Promise.all([page.reload(), second.goto(page.url())]);
    const sent = /^Automatic cash-out: \d+ sats sent, 0 sats fee\.$/;
    await expect
      .poll(
        async () => (await page.getByText(sent).count()) + (await second.getByText(sent).count()),
        SETTLES,
      )
      .toBe(1);
    await expect.poll(async () => (await storedMoney(page)).balance, SETTLES).toBe(1);
    await expect
      .poll(async () => (await storedMoney(second)).history.map((e) => e.type), SETTLES)
      .toEqual(['direct-payment', 'cash-out', 'cash-out']);
    // The other tab's check ends quietly, so there is no sign to wait for: without the lock its
    // failure came within a second of the held request going on, and this gives it two.
    await held;
    await page.waitForTimeout(2_000);
    for (const tab of [page, second]) {
      await expect(tab.getByText(/^Automatic cash-out failed/)).toHaveCount(0);
    }
    expect(warnings.filter((text) => text.includes('Automatic cash-out failed'))).toEqual([]);
  });
});
