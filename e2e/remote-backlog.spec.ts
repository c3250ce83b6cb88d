// A rush of remote sales while the merchant's tab is closed, then the tab reloaded every second
// while it works through the backlog (a merchant reloading, a phone killing a background tab):
// every paid sale lands exactly once, in the balance, the history and at the mint.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectSalePaid, openCashier } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { merchantProfilePublished } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';

const CASHIERS = 3;
const SALES_EACH = 3;
/** How often the merchant page is reloaded once it is reopened, one second apart. */
const RELOADS = 8;
const SETTLES = { timeout: 60_000 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** One cashier's sales, one after another: an invoice, paid at the mint, the cashier sees it. */
async function sell(cashier: Page, amounts: number[], payQuote: (id: string) => Promise<void>) {
  const quotes: string[] = [];
  for (const amount of amounts) {
    const quoteId = await requestInvoice(cashier, amount, 'keyboard');
    await payQuote(quoteId);
    await expectSalePaid(cashier, quoteId, SETTLES);
    await expect(cashier.getByRole('dialog')).toBeHidden();
    quotes.push(quoteId);
  }
  return quotes;
}

test('every sale of a rush lands exactly once while the merchant tab keeps reloading', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(180_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  // The cashiers sell only on a mint the merchant's signed profile names.
  await merchantProfilePublished(relayUrl, npub);
  const merchantContext = page.context();
  await page.close();

  const cashiers = await Promise.all(
    Array.from({ length: CASHIERS }, async () => {
      const cashier = await openCashier(browser, link, npub);
      contexts.push(cashier.context);
      return cashier.page;
    }),
  );
  const amounts = cashiers.map((_, c) =>
    Array.from({ length: SALES_EACH }, (_, s) => 100 + 10 * c + s),
  );
  const sold = (
    await Promise.all(cashiers.map((cashier, c) => sell(cashier, amounts[c]!, payQuote)))
  ).flat();
  const expected = sold
    .map((quoteId, i) => ({ type: 'remote-payment', amount: amounts.flat()[i]!, quoteId }))
    .sort((a, b) => a.quoteId.localeCompare(b.quoteId));
  const total = expected.reduce((sum, sale) => sum + sale.amount, 0);

  const merchant = await merchantContext.newPage();
  await merchant.goto('/');
  for (let i = 0; i < RELOADS; i++) {
    await merchant.waitForTimeout(1_000);
    await merchant.reload();
  }

  await expect
    .poll(async () => {
      const money = await storedMoney(merchant);
      return {
        ...money,
        history: [...money.history].sort((a, b) => a.quoteId!.localeCompare(b.quoteId!)),
      };
    }, SETTLES)
    .toMatchObject({ balance: total, pendingQuotes: 0, history: expected });
  for (const quoteId of sold) {
    const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
    expect(atMint.state, quoteId).toBe('ISSUED');
  }
  await expect(merchant.getByTestId('home-balance')).toHaveText(
    `${total.toLocaleString('en-US')} sats`,
  );
});
