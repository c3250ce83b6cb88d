// One truth about the money on every device of a phrase (docs/behaviour.md "Two devices on one
// phrase"), in one run: device 1 takes a sale, then a cart sale while locked; device 2 restores
// the phrase and has both, the locked one with its lines, although device 1 never unlocked;
// device 2 withdraws everything, and device 1, unlocked, reads 0 after one Refresh with nothing to
// withdraw, never "Token already spent".
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { appRows } from './helpers/app-rows';
import { customerWallet } from './helpers/customer';
import { LANDS, quoteIdOnScreen, RECEIVED, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { enterPin, PIN, setPinInSettings } from './helpers/pin';
import { devicePage, openWallet, withdraw } from './helpers/wallet-screen';

const SPENT_ELSEWHERE = 'Spent elsewhere: another device on this phrase, or a token taken back';
const SCANNED = { timeout: 90_000 };

/** How many of this device's history events a relay has taken (its record batches). */
async function eventsOnRelay(page: Page): Promise<number> {
  const { recordBatches } = await appRows(page, { recordBatches: 'rows' });
  return (recordBatches as Array<{ count: number; taken: string[] }>)
    .filter((batch) => batch.taken.length > 0)
    .reduce((sum, batch) => sum + batch.count, 0);
}

/** The signed amounts of the History rows with this label. */
async function amountsOf(page: Page, label: string): Promise<string[]> {
  return page
    .getByTestId('history-item')
    .filter({ hasText: label })
    .getByTestId('history-amount')
    .allTextContents();
}

test('a restore has the other device’s balance and sales, its locked sale included, and a spend there leaves 0 here after one Refresh', async ({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(360_000);
  const one = await devicePage(browser, appUrl);
  const { phrase } = await onboard(one, { mintUrl, relayUrl });
  await one.goto('/items');
  const form = one.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill('Flat white');
  await form.getByLabel('Price', { exact: true }).fill('2500');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(one.getByRole('button', { name: 'Edit Flat white', exact: true })).toBeVisible();
  await takePayment(one, 1_234, payQuote);

  // A PIN and a reload: the till is locked, and sells two flat whites from the cart.
  await setPinInSettings(one, PIN);
  await one.getByRole('link', { name: 'Home', exact: true }).click();
  await one.reload();
  await expect(one.getByTestId('lock-banner')).toBeVisible(LANDS);
  await one.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(one.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
  await one.getByRole('button', { name: 'Add Flat white' }).click();
  await one.getByRole('button', { name: 'Add Flat white' }).click();
  await expect(one.getByTestId('cart-total')).toHaveAttribute('data-sats', '5000');
  await one.getByTestId('cart-charge').click();
  await payQuote(await quoteIdOnScreen(one));
  await expect(one.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(one.getByRole('dialog')).toBeHidden();
  await expect(one.getByTestId('lock-banner')).toBeVisible();
  await expect(one.getByTestId('home-balance')).toHaveText('6,234 sats');
  // Both sales' records are on the relay (a locked till publishes its own).
  await expect.poll(() => eventsOnRelay(one), LANDS).toBe(2);

  // Device 2 restores the phrase: the same balance and the same two sales.
  const two = await devicePage(browser, appUrl);
  await onboard(two, { phrase, mintUrl, relayUrl });
  await expect(two.getByTestId('restore-result')).toContainText(
    'Recovery finished: 6,234 sats found',
    SCANNED,
  );
  await openWallet(two);
  await expect(two.getByTestId('wallet-balance')).toHaveText('6,234 sats');
  const theirs = two
    .getByTestId('history-item')
    .filter({ has: two.getByTestId('history-other-device') });
  await expect(theirs).toHaveCount(2, LANDS);
  await expect(theirs.filter({ hasText: '+1,234 sats' })).toHaveCount(1);
  const lockedSale = theirs.filter({ hasText: '+5,000 sats' });
  await expect(lockedSale).toHaveCount(1);
  await lockedSale.getByRole('button', { name: 'Receipt' }).click();
  const receipt = two.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt.getByTestId('receipt-line')).toHaveText(['2 × Flat white5,000 sats']);
  await receipt.getByRole('button', { name: 'Close' }).first().click();
  await expect(receipt).toBeHidden();
  // Device 1 never unlocked.
  await expect(one.getByTestId('lock-banner')).toBeVisible();

  // Device 2 withdraws everything and a customer redeems it.
  const token = await withdraw(two);
  const redeemed = await (await customerWallet(mintUrl)).receive(token);
  expect(redeemed.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(6_234);
  await expect(two.getByTestId('wallet-balance')).toHaveText('0 sats', LANDS);

  // Device 1 is unlocked (its swap of the locked sale meets spent proofs) and Refreshes once.
  await one.getByRole('link', { name: 'Settings', exact: true }).click();
  await enterPin(one.getByTestId('pin-prompt'), PIN);
  await expect(one.getByTestId('lock-banner')).toHaveCount(0, LANDS);
  await openWallet(one);
  await one.getByRole('button', { name: 'Refresh' }).click();
  await expect(one.getByTestId('wallet-balance')).toHaveText('0 sats', LANDS);
  await expect(one.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  const spent = await amountsOf(one, SPENT_ELSEWHERE);
  expect(spent.map((amount) => Number(amount.replace(/\D/g, ''))).reduce((a, b) => a + b, 0)).toBe(
    6_234,
  );
  await expect(one.getByText('Token already spent')).toHaveCount(0);
  await one.context().close();
  await two.context().close();
});
