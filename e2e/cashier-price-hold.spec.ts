// A cashier page holds a price jump as the merchant's keypad does, across a reload (decision
// 0053): the last price it accepted is on the cashier's device, so a reload that meets a +300 %
// price shows the same "The price changed a lot" box and takes sats until the cashier confirms.
import { decode } from 'nostr-tools/nip19';
import { startPriceFeed, type DevPriceFeed } from '../dev/prices/server.ts';
import { expect, test } from './fixtures';
import { openCashier } from './helpers/cashier';
import { showDollars } from './helpers/dollar-shop';
import { onboard } from './helpers/onboard';
import { ageStoredPrice } from './helpers/stored-price';

/** Catalog delivery over the relay and the price source on a busy box. */
const LANDS = { timeout: 25_000 };

let feed: DevPriceFeed;
test.beforeEach(async () => {
  feed = await startPriceFeed({ port: 0 });
});
test.afterEach(async () => {
  await feed.close();
});

test('a reloaded cashier page still holds a jump from the price it took, until the cashier takes it', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  await showDollars(page, 100_000, { priceSourceUrl: feed.pricesUrl });
  // The catalog (with the currency and the price source) goes to the cashiers with the items.
  await page.goto('/items');
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('Catalog of 1 items published'),
    timeout: LANDS.timeout,
  });
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill('Coffee');
  await form.getByLabel('Price', { exact: true }).fill('2500');
  await form.getByRole('button', { name: 'Add item' }).click();
  await published;
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  const decoded = decode(npub);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  await page.goto('/');

  const cashier = await openCashier(browser, link, npub);
  try {
    const till = cashier.page;
    await expect(till.getByTestId('cashier-entry-text')).toHaveText(
      'Enter an amount in USD',
      LANDS,
    );
    // Two minutes later the page asks the source again; the source now says +300 %.
    await ageStoredPrice(till, 120, `CASHIER_PRICE_CACHE:${decoded.data}`);
    feed.setPrices({ USD: 400_000 });
    await till.reload();

    const jump = till.getByRole('group', { name: 'The price changed a lot' });
    await expect(jump).toBeVisible(LANDS);
    await expect(jump.getByTestId('price-jump-last')).toHaveText(
      /^Last price: 1 BTC = 100,000 USD \(\d\d:\d\d\)$/,
    );
    await expect(jump.getByTestId('price-jump-next')).toHaveText(
      /^New price: 1 BTC = 400,000 USD \(\d\d:\d\d\)$/,
    );
    await expect(till.getByTestId('cashier-entry-text')).toHaveText(
      'The price moved +300 % in under an hour: amounts in sats',
    );
    // Another reload meets the same jump: the last accepted price is still the reference.
    await till.reload();
    await expect(jump).toBeVisible(LANDS);

    await jump.getByRole('button', { name: 'Use new price' }).click();
    await expect(jump).toBeHidden();
    await expect(till.getByTestId('cashier-entry-text')).toHaveText('Enter an amount in USD');
  } finally {
    await cashier.context.close();
  }
});
