// A remote cashier sells in the merchant's till unit (issue 51, decision 0092): a merchant charging
// in USD at the dev mint (which offers usd), its paired cashier page takes 2.50 USD on its keypad,
// the mint's usd quote of 250 cents is paid by the dev payer, the merchant mints it into its usd
// keyset and holds 2.50 USD (never sats), and the cashier sees it paid and confirmed in dollars.
// A sat sale from an older page at that till is minted into its sat balance (decision 0115).
import type { BrowserContext } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { expect, test } from './fixtures';
import { cashierSale, expectSalePaid, openCashier } from './helpers/cashier';
import { clickDigits, invoiceDialog, quoteIdOnScreen } from './helpers/invoice';
import { giftWrap, linkSecret, lockedQuote, publish, saleMessage } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';
import { setUpTill } from './helpers/till';

/** Inbox delivery plus the background quote watch (5 s poll) on a busy box. */
const LANDS = { timeout: 30_000 };

let cashierContext: BrowserContext | undefined;
test.afterEach(async () => {
  await cashierContext?.close();
  cashierContext = undefined;
});

test('a paired cashier of a dollar till sells 2.50 USD: a usd quote, paid, held as dollars', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(180_000);
  await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;

  const cashier = await openCashier(browser, link, npub);
  cashierContext = cashier.context;
  // The merchant's catalog names the till's unit: the keypad takes cents, as the merchant's does.
  await expect(cashier.page.getByTestId('cashier-entry-text')).toHaveText(
    'Enter an amount in USD',
    LANDS,
  );
  await clickDigits(cashier.page, '250');
  await expect(cashier.page.getByTestId('keypad-amount')).toContainText('2.50');
  await cashier.page.getByRole('button', { name: 'Submit' }).click();
  await expect(invoiceDialog(cashier.page).getByTestId('invoice-amount')).toHaveText('2.50 USD');
  const quoteId = await quoteIdOnScreen(cashier.page);
  const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
  expect(atMint).toMatchObject({ quote: quoteId, amount: 250, unit: 'usd', state: 'UNPAID' });

  await payQuote(quoteId);
  await expectSalePaid(cashier.page, quoteId, LANDS);
  await expect(invoiceDialog(cashier.page)).toBeHidden();

  await page.goto('/');
  await expect(page.getByTestId('home-balance')).toHaveText('2.50 USD', LANDS);
  expect(await storedMoney(page)).toMatchObject({
    balance: 0,
    inUnits: { usd: 250 },
    pendingQuotes: 0,
    history: [{ type: 'remote-payment', amount: 250, quoteId, unit: 'usd' }],
  });
  // The merchant's receipt names the unit: the cashier's row says the dollars confirmed.
  const row = cashierSale(cashier.page, quoteId);
  await expect(row).toHaveAttribute('data-status', 'confirmed', LANDS);
  await expect(row).toHaveAttribute('data-unit', 'usd');
  await expect(row).toContainText('2.50 USD');
  await expect(row.getByTestId('cashier-sale-status')).toHaveText('Merchant confirmed 2.50 USD');
});

test('a sat sale from an older cashier page at a dollar till lands in the sat balance (0115)', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(180_000);
  await setUpTill(page, { mintUrl, relayUrl, unit: 'usd' });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const decoded = decode(new URL(link).pathname.split('/').pop()!);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  const merchant = decoded.data;
  await page.goto('/');

  // A paired page from before units sells sats: its quote is locked to this merchant, so once the
  // customer pays, only this till can mint it.
  const sale = await lockedQuote(request, mintUrl, 42, merchant);
  await payQuote(sale.quote);
  await publish(relayUrl, [
    giftWrap(saleMessage(mintUrl, sale, merchant, { secret: linkSecret(link) }), merchant),
  ]);

  await expect.poll(async () => (await storedMoney(page)).balance, LANDS).toBe(42);
  expect(await storedMoney(page)).toMatchObject({
    inUnits: {},
    pendingQuotes: 0,
    history: [{ type: 'remote-payment', amount: 42, quoteId: sale.quote }],
  });
  expect((await storedMoney(page)).history[0]!.unit).toBeUndefined();
});
