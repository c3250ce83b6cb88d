// Two devices on one recovery phrase (docs/behaviour.md "Two devices on one phrase"): the second
// restores and withdraws everything, and the first never shows sats the mint will not honour.
// Its Withdraw says there is nothing to withdraw, one Refresh brings its balance to 0, and one
// history row says where the sats went; never "Token already spent".
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { customerWallet } from './helpers/customer';
import { LANDS, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { devicePage, enterDestination, openWallet, withdraw } from './helpers/wallet-screen';
import { outsideInvoice } from '../dev/mint/test-support';

const SPENT_ELSEWHERE = 'Spent elsewhere: another device on this phrase, or a token taken back';
const SCANNED = { timeout: 45_000 };

/** The other device withdraws everything it holds and a customer redeems the token. */
async function spendEverything(page: Page, mintUrl: string, sats: number): Promise<void> {
  await openWallet(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText(`${sats} sats`);
  const token = await withdraw(page);
  const received = await (await customerWallet(mintUrl)).receive(token);
  expect(received.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(sats);
}

/**
 * This device's history rows as the merchant reads them: label and signed amount. The other
 * device's events, which reach it through the relays within a minute, are left out.
 */
async function historyRows(page: Page): Promise<string[][]> {
  const items = page
    .getByTestId('history-item')
    .filter({ hasNot: page.getByTestId('history-other-device') });
  const rows: string[][] = [];
  for (const item of await items.all()) {
    rows.push([
      (await item.locator('span').first().textContent()) ?? '',
      (await item.getByTestId('history-amount').textContent()) ?? '',
    ]);
  }
  return rows;
}

test('a second device spends everything: the first has nothing to withdraw and reads 0 after one Refresh', async ({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(180_000);
  const one = await devicePage(browser, appUrl);
  const { phrase } = await onboard(one, { mintUrl, relayUrl });
  await takePayment(one, 300, payQuote);
  await takePayment(one, 200, payQuote);
  await openWallet(one);
  await expect(one.getByTestId('wallet-balance')).toHaveText('500 sats');

  const two = await devicePage(browser, appUrl);
  await onboard(two, { phrase, mintUrl, relayUrl });
  await expect(
    two.getByText('Recovery finished: 500 sats found and added to your balance.'),
  ).toBeVisible(SCANNED);
  await spendEverything(two, mintUrl, 500);

  // Device 1 still shows 500 and presses Withdraw: the withdrawal asks the mint first.
  await expect(one.getByTestId('wallet-balance')).toHaveText('500 sats');
  await one.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await one.getByRole('button', { name: 'Withdraw 500 sats' }).click();
  await expect(one.getByText('No unspent proofs available').first()).toBeVisible();
  await expect(one.getByTestId('wallet-balance')).toHaveText('0 sats');
  await expect(one.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  expect(await historyRows(one)).toEqual([
    [SPENT_ELSEWHERE, '−500 sats'],
    ['Sale', '+200 sats'],
    ['Sale', '+300 sats'],
  ]);

  // A new sale on device 1 only; device 2 finds it with Recover funds and withdraws it too.
  await takePayment(one, 120, payQuote);
  await openWallet(one);
  await expect(one.getByTestId('wallet-balance')).toHaveText('120 sats', LANDS);
  await two.getByRole('link', { name: 'Settings', exact: true }).click();
  await two.getByRole('button', { name: 'Recover funds' }).click();
  await expect(
    two.getByText('Recovery finished: 120 sats found and added to your balance.'),
  ).toBeVisible(SCANNED);
  await spendEverything(two, mintUrl, 120);

  // One Refresh on device 1: the balance the mint honours, one more history row.
  await expect(one.getByTestId('wallet-balance')).toHaveText('120 sats');
  await one.getByRole('button', { name: 'Refresh' }).click();
  await expect(one.getByTestId('wallet-balance')).toHaveText('0 sats');
  await expect(one.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
  expect((await historyRows(one)).slice(0, 2)).toEqual([
    [SPENT_ELSEWHERE, '−120 sats'],
    ['Sale', '+120 sats'],
  ]);
  await expect(one.getByText('Token already spent')).toHaveCount(0);
  // A cash-out has nothing to pay with either, and says so in the app's words.
  const cashOut = await enterDestination(one, outsideInvoice(50));
  await expect(cashOut.getByText('There is nothing to cash out at this mint.')).toBeVisible();
  await one.context().close();
  await two.context().close();
});
