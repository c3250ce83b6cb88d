// The books of one full sale end to end (issue 49, its Tests paragraph): a cart with a 7 % and a
// 19 % item and a large coffee with oat milk, a 10 % cart discount and a tip, charged to the sat;
// the cart stops at an item's stock; the counter greys what the sale sold out at once; the 58 mm
// receipt lists both rates and the receipt number; the history CSV and the day's books CSV carry
// the same figures; the stock went down by what was sold and the refund of one line brings it
// back and is in the books. Then a paired cashier sells the coffee with its options and sees the
// sold-out cake greyed, as the counter does (docs/behaviour.md "Stock", "Records", "Day close";
// decisions 0064, 0074, 0078).
import type { Page } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { expect, test } from './fixtures';
import { openCashier } from './helpers/cashier';
import { storedEvents } from './helpers/history-events';
import { invoiceDialog, LANDS, quoteIdOnScreen, RECEIVED } from './helpers/invoice';
import { addCatalogItem, stockLeft } from './helpers/items';
import { onboard } from './helpers/onboard';
import { openItemsEditor, setUpTill } from './helpers/till';
import { backToScreen, downloadedCsv, PAPERS, printedWithin, rateRows } from './helpers/print';
import { openWallet } from './helpers/wallet-screen';

const SETTLES = { timeout: 25_000 };
const COFFEE_OPTIONS = 'Size: small | large +500; Extras (any): oat milk +300';
const LARGE_OAT = 'Coffee, large, oat milk';
const TIP = 100;
/** The cart: its lines' sats and rates (the coffee with its large size and oat milk). */
const LINES = [
  { name: 'Bread', sats: 1000, rate: 7 },
  { name: 'Wine', sats: 2000, rate: 19 },
  { name: LARGE_OAT, sats: 3000 + 500 + 300, rate: 7 },
];

/**
 * What the shop's rules make of the cart (docs/protocol.md "Tax by rate"): 10 % off each line
 * (exact here, so its share of the cart discount), tax on the rest rounded per line, the tip on top.
 */
function expected() {
  const lines = LINES.map((line) => {
    const net = line.sats - line.sats / 10;
    return { ...line, net, tax: Math.round((net * line.rate) / 100) };
  });
  const rate = (r: number) => {
    const of = lines.filter((line) => line.rate === r);
    const net = of.reduce((sum, line) => sum + line.net, 0);
    const tax = of.reduce((sum, line) => sum + line.tax, 0);
    return { net, tax, gross: net + tax };
  };
  const beforeTip = lines.reduce((sum, line) => sum + line.net + line.tax, 0);
  const discount = LINES.reduce((sum, line) => sum + line.sats / 10, 0);
  const wine = lines[1]!;
  return {
    total: beforeTip + TIP,
    beforeTip,
    discount,
    tax: lines.reduce((sum, line) => sum + line.tax, 0),
    rates: { 7: rate(7), 19: rate(19) },
    wineRefund: wine.net + wine.tax,
  };
}

const sats = (n: number) => `${n.toLocaleString('en-US')} sats`;

async function openItemsSide(page: Page) {
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
}

const tile = (page: Page, name: string) => page.getByRole('button', { name: `Add ${name},` });

async function expectSoldOut(page: Page, name: string) {
  await expect(tile(page, name)).toBeDisabled(SETTLES);
  await expect(tile(page, name)).toHaveAttribute('data-sold-out', 'true');
  await expect(tile(page, name)).toContainText('Sold out');
}

/** The day's books CSV: the amount of one figure (of one rate, or one payment method). */
async function booksOfToday(page: Page) {
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  const day = page.getByRole('dialog', { name: 'Day summary' });
  await expect(day.getByTestId('day-summary')).toBeVisible(LANDS);
  const rows = await downloadedCsv(page, day.getByRole('button', { name: 'Books CSV' }));
  await day.getByRole('button', { name: 'Close' }).click();
  return (figure: string, key: { rate?: number; method?: string } = {}) => {
    const row = rows.find(
      (r) =>
        r.Figure === figure &&
        r['Rate %'] === (key.rate === undefined ? '' : String(key.rate)) &&
        r['Payment method'] === (key.method ?? ''),
    );
    if (!row) throw new Error(`no ${figure} in the books`);
    return { count: row.Count, amount: Number(row.Amount) };
  };
}

test('a full sale at 7 % and 19 % with options, discount and tip: receipt, CSV, books and stock agree, and so does a line refund', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  lightningAddress,
}) => {
  test.setTimeout(300_000);
  const want = expected();
  await setUpTill(page, {
    mintUrl,
    relayUrl,
    tips: true,
    items: [
      { name: 'Bread', price: '1000', tax: '7', stock: '2', lowAt: '1' },
      { name: 'Wine', price: '2000', tax: '19', stock: '1' },
      {
        name: 'Coffee',
        price: '3000',
        tax: '7',
        options: COFFEE_OPTIONS,
        stock: '10',
        optionStock: 'large: 5',
      },
    ],
  });

  await page.goto('/');
  await openItemsSide(page);
  // The cart stops at the bread's count: a third is refused and says how many are left.
  await tile(page, 'Bread').click();
  await page.getByRole('button', { name: 'One more Bread' }).click();
  await expect(page.getByLabel('Quantity of Bread')).toHaveValue('2');
  await page.getByRole('button', { name: 'One more Bread' }).click();
  await expect(page.getByText('Bread: only 2 in stock.')).toBeVisible();
  await expect(page.getByLabel('Quantity of Bread')).toHaveValue('2');
  await page.getByRole('button', { name: 'One less Bread' }).click();
  await expect(page.getByLabel('Quantity of Bread')).toHaveValue('1');
  await tile(page, 'Wine').click();
  await tile(page, 'Coffee').click();
  const chooser = page.getByRole('dialog', { name: 'Choose options for Coffee' });
  await chooser.getByLabel('large').check();
  await chooser.getByLabel('oat milk').check();
  await chooser.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);

  await page.getByRole('button', { name: 'Discount on the cart' }).click();
  const discount = page.getByRole('dialog', { name: 'Discount on the cart' });
  await discount.getByRole('button', { name: 'Percent' }).click();
  await discount.getByLabel('Amount').fill('10');
  await discount.getByLabel('Reason').fill('Regular');
  await discount.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('cart-discount')).toHaveAttribute('data-sats', `${want.discount}`);
  await expect(page.getByTestId('cart-total')).toHaveAttribute('data-sats', `${want.beforeTip}`);

  // The tip step, then the invoice for exactly the computed total.
  await page.getByTestId('cart-charge').click();
  await page.getByLabel('Custom tip (sats)').fill(String(TIP));
  await expect(page.getByTestId('cart-charge')).toHaveText(`Charge ${sats(want.total)}`);
  await page.getByTestId('cart-charge').click();
  await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText(sats(want.total));
  await payQuote(await quoteIdOnScreen(page));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);

  // Right after the sale the counter shows what it left: the wine sold out, the bread low.
  await expectSoldOut(page, 'Wine');
  await expect(tile(page, 'Bread')).toContainText('Low stock');
  expect(await stockLeft(page)).toEqual({ Bread: 1, Wine: 0, Coffee: 9, 'Coffee/large': 4 });

  // The receipt on a 58 mm roll: its number and both rates with their net and tax.
  await openWallet(page);
  const sale = page.getByTestId('history-item').filter({ hasText: 'Sale' }).first();
  await sale.getByRole('button', { name: 'Details' }).click();
  const number = (await sale.getByTestId('history-receipt-number').textContent())!.replace(
    'Receipt no. ',
    '',
  );
  expect(number).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}-000001$/);
  await sale.getByRole('button', { name: 'Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receipt' });
  await expect(dialog.getByTestId('receipt')).toContainText(`Total${sats(want.total)}`, LANDS);
  await dialog.getByRole('button', { name: '58mm', exact: true }).click();
  const printed = (await printedWithin(page, PAPERS[0].width)).getByTestId('receipt');
  await expect(printed.getByTestId('receipt-number')).toHaveText(`Receipt no. ${number}`);
  for (const rate of [7, 19] as const) {
    const { net, tax, gross } = want.rates[rate];
    expect(await rateRows(printed, rate)).toEqual([
      `Net ${rate} %${sats(net)}`,
      `Tax ${rate} %${sats(tax)}`,
      `Gross ${rate} %${sats(gross)}`,
    ]);
  }
  await backToScreen(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The history CSV's row of the sale, and the day's books: the same figures.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export history' });
  const history = await downloadedCsv(
    page,
    exporting.getByRole('button', { name: 'Download CSV' }),
  );
  await exporting.getByRole('button', { name: 'Close' }).click();
  const row = history.find((r) => r['Receipt no.'] === number)!;
  expect(row).toMatchObject({
    Sats: `${want.total}`,
    'Tip (sats)': `${TIP}`,
    'Discount (sats)': `${want.discount}`,
    'Tax (sats)': `${want.tax}`,
  });
  const books = await booksOfToday(page);
  for (const rate of [7, 19] as const) {
    const { net, tax, gross } = want.rates[rate];
    expect(row).toMatchObject({
      [`Net ${rate} % (sats)`]: `${net}`,
      [`Tax ${rate} % (sats)`]: `${tax}`,
      [`Gross ${rate} % (sats)`]: `${gross}`,
    });
    expect(books('net', { rate }).amount).toBe(net);
    expect(books('tax', { rate }).amount).toBe(tax);
    expect(books('gross', { rate }).amount).toBe(gross);
  }
  expect(books('sales', { method: 'lightning' })).toEqual({ count: '1', amount: want.total });
  expect(books('tips').amount).toBe(TIP);
  expect(books('discounts')).toEqual({ count: '1', amount: want.discount });
  expect(books('refunds')).toEqual({ count: '0', amount: 0 });

  // The wine's line refunded: its stock comes back and the books carry the refund.
  await sale.getByRole('button', { name: 'Receipt' }).click();
  await dialog.getByRole('button', { name: 'Refund Wine' }).click();
  const refund = page.getByRole('dialog', { name: /^Refund \(up to / });
  await refund.getByLabel('Invoice, Lightning address or LNURL').fill(lightningAddress);
  await refund.getByRole('button', { name: 'Continue' }).click();
  await expect(refund.getByLabel(/^Amount in sats/)).toHaveValue(`${want.wineRefund}`);
  await refund.getByRole('button', { name: 'Continue' }).click();
  await refund.getByRole('button', { name: 'Pay' }).click();
  await expect(refund.getByText(/^Refund paid: /)).toBeVisible(SETTLES);
  await refund.getByRole('button', { name: 'Close' }).click();
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible(LANDS);
  await expect.poll(() => stockLeft(page), SETTLES).toMatchObject({ Wine: 1 });
  const after = await booksOfToday(page);
  expect(after('refunds')).toEqual({ count: '1', amount: want.wineRefund });
  expect(after('net sales').amount).toBe(want.total - want.wineRefund);
});

test('a paired cashier sells a coffee with its options; a sold-out cake is greyed on both tills', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  expect(decode(npub).type).toBe('npub');

  await openItemsEditor(page);
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('Catalog of 2 items published'),
    timeout: SETTLES.timeout,
  });
  await addCatalogItem(page, { name: 'Cake', price: '1500', stock: '0' });
  await addCatalogItem(page, {
    name: 'Coffee',
    price: '3000',
    options: COFFEE_OPTIONS,
    stock: '10',
    optionStock: 'large: 5',
  });
  await published;
  await page.goto('/');
  await openItemsSide(page);
  await expectSoldOut(page, 'Cake');

  const cashier = await openCashier(browser, link, npub);
  try {
    const till = cashier.page;
    await openItemsSide(till);
    await expectSoldOut(till, 'Cake');
    await tile(till, 'Coffee').click();
    const chooser = till.getByRole('dialog', { name: 'Choose options for Coffee' });
    await chooser.getByLabel('large').check();
    await chooser.getByLabel('oat milk').check();
    await expect(chooser.getByTestId('options-price')).toHaveText('Price: 3,800 sats');
    await chooser.getByRole('button', { name: 'Add to cart' }).click();
    await till.getByRole('button', { name: `One more ${LARGE_OAT}` }).click();
    await expect(till.getByTestId('cart-total')).toHaveAttribute('data-sats', '7600');
    await till.getByTestId('cart-charge').click();
    await expect(invoiceDialog(till).getByTestId('invoice-amount')).toHaveText('7,600 sats', LANDS);
    const quote = (await till.locator('[data-quote-id]').getAttribute('data-quote-id'))!;
    await payQuote(quote);

    // The merchant records the cashier's line as its catalog prices it (no note) and counts it.
    await expect
      .poll(
        async () => (await storedEvents(page)).filter((e) => e.type === 'remote-payment'),
        SETTLES,
      )
      .toHaveLength(1);
    const [sale] = (await storedEvents(page)).filter((e) => e.type === 'remote-payment');
    expect(sale).toMatchObject({
      amount: 7600,
      quoteId: quote,
      sale: {
        lines: [
          {
            name: LARGE_OAT,
            quantity: 2,
            unitSats: 3800,
            options: [
              { groupId: 'size', id: 'large', name: 'large' },
              { groupId: 'extras', id: 'oat-milk', name: 'oat milk' },
            ],
          },
        ],
      },
    });
    expect(sale!.sale).not.toHaveProperty('note');
    await expect
      .poll(() => stockLeft(page), SETTLES)
      .toEqual({ Cake: 0, Coffee: 8, 'Coffee/large': 3 });
  } finally {
    await cashier.context.close();
  }
});
