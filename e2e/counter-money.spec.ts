// Money at the counter, end to end (issue 17): payment toasts with amounts, an earlier invoice paid
// while a later one is open, the waiting line after a reload, the mint check and mint-change
// warning in Settings, withdrawals that never share proofs, a partial withdrawal, cancelling a
// pending token, and history rows that fit a phone.
import { getDecodedToken } from '@cashu/cashu-ts';
import { expect, test } from './fixtures';
import { customerWallet } from './helpers/customer';
import {
  LANDS,
  RECEIVED,
  invoiceDialog,
  quoteIdOnScreen,
  requestInvoice,
  takePayment,
} from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { allowCopy, openWallet, withdraw } from './helpers/wallet-screen';

const SETTLES = { timeout: 20_000 };

async function tokenProofs(mintUrl: string, token: string) {
  const wallet = await customerWallet(mintUrl);
  const decoded = getDecodedToken(token, wallet.keyChain.getAllKeysetIds());
  return {
    secrets: decoded.proofs.map((p) => p.secret),
    amount: decoded.proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0),
  };
}

test.describe('payment toasts', () => {
  test('say the amount after the documented text', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await payQuote(await requestInvoice(page, 21));
    await expect(page.getByText(`${RECEIVED} 21 sats`)).toBeVisible(LANDS);
  });

  test('name an earlier invoice paid while a later one is open, which keeps waiting', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const earlier = await requestInvoice(page, 13);
    await invoiceDialog(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    const later = await requestInvoice(page, 34);

    await payQuote(earlier);

    await expect(
      page.getByText(
        `${RECEIVED} 13 sats from an earlier invoice. The invoice on screen is still waiting.`,
      ),
    ).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeVisible();
    expect(await quoteIdOnScreen(page)).toBe(later);
    await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('34 sats');

    await payQuote(later);
    await expect(page.getByText(`${RECEIVED} 34 sats`, { exact: true })).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeHidden();
  });
});

test('an earlier invoice paid while a later one waits closed is named too, and the line stays', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  const earlier = await requestInvoice(page, 8);
  await invoiceDialog(page).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Clear' }).click();
  await requestInvoice(page, 9);
  await invoiceDialog(page).getByRole('button', { name: 'Close' }).click();

  await payQuote(earlier);

  await expect(
    page.getByText(
      `${RECEIVED} 8 sats from an earlier invoice. The invoice on screen is still waiting.`,
    ),
  ).toBeVisible(LANDS);
  await expect(
    page.getByRole('button', { name: 'Waiting for 9 sats · Show invoice' }),
  ).toBeVisible();
});

test('the waiting line comes back after a reload and its invoice still lands', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  const quote = await requestInvoice(page, 21);
  await invoiceDialog(page).getByRole('button', { name: 'Close' }).click();

  await page.reload();

  const line = page.getByRole('button', { name: 'Waiting for 21 sats · Show invoice' });
  await expect(line).toBeVisible();
  expect(await quoteIdOnScreen(page)).toBe(quote);
  await line.click();
  await expect(invoiceDialog(page)).toBeVisible();
  await payQuote(quote);
  await expect(page.getByText(`${RECEIVED} 21 sats`)).toBeVisible(LANDS);
  await expect(line).toBeHidden();
});

test('Settings refuses a mint that does not answer and warns where the balance stays', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await takePayment(page, 5, payQuote);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const field = page.getByLabel('Mint URL');
  await expect(field).toHaveValue(mintUrl);
  const save = page.getByRole('button', { name: 'Save Settings' });

  await field.fill('http://127.0.0.1:9');
  await save.click();
  await expect(
    page.getByText('Could not reach this mint: the address cannot be reached. Nothing was saved.'),
  ).toBeVisible();

  // The same dev mint under another address: it answers, and counts as another mint.
  const other = mintUrl.replace('127.0.0.1', 'localhost');
  await field.fill(other);
  await save.click();
  await expect(page.getByTestId('mint-check')).toHaveText(/^Mint found: .+/);
  const warning = page.getByTestId('mint-change-warning');
  await expect(warning).toContainText(`5 sats stay on ${mintUrl}`);
  await expect(warning).toContainText('Balance per mint');
  await page.getByRole('button', { name: 'Switch mint and save' }).click();
  await expect(
    page.getByText('Settings saved. New mint and relays will be used going forward.'),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Mint URL')).toHaveValue(other);
  await openWallet(page);
  await expect(page.locator(`[data-testid="mint-balance"][data-mint="${mintUrl}"]`)).toContainText(
    '5 sats',
  );
});

test.describe('withdrawing', () => {
  test('two withdrawals never share proofs; Withdraw is off once everything is in tokens', async ({
    page,
    context,
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await allowCopy(context, appUrl);
    await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 5, payQuote);
    await takePayment(page, 13, payQuote);
    await openWallet(page);
    const first = await withdraw(page);
    await expect(page.getByTestId('wallet-available')).toHaveText('0 sats');
    await expect(page.getByTestId('wallet-pending')).toHaveText('18 sats');
    await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();

    await takePayment(page, 21, payQuote);
    await openWallet(page);
    await expect(page.getByTestId('wallet-available')).toHaveText('21 sats');
    const second = await withdraw(page);

    const a = await tokenProofs(mintUrl, first);
    const b = await tokenProofs(mintUrl, second);
    expect([a.amount, b.amount]).toEqual([18, 21]);
    expect(a.secrets.filter((secret) => b.secrets.includes(secret))).toEqual([]);
    await expect(page.getByTestId('wallet-balance')).toHaveText('39 sats');
    await expect(page.getByTestId('wallet-pending')).toHaveText('39 sats');
  });

  test('a partial withdrawal holds exactly the amount and keeps the change', async ({
    page,
    context,
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await allowCopy(context, appUrl);
    await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 64, payQuote);
    await openWallet(page);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByTestId('withdraw-amount-input')).toHaveValue('64');
    await page.getByRole('button', { name: 'Cancel' }).click();

    const token = await withdraw(page, 21);

    expect((await tokenProofs(mintUrl, token)).amount).toBe(21);
    await expect(page.getByTestId('wallet-balance')).toHaveText('64 sats');
    await expect(page.getByTestId('wallet-available')).toHaveText('43 sats');
    await expect(page.getByTestId('wallet-pending')).toHaveText('21 sats');
    const redeemed = await (await customerWallet(mintUrl)).receive(token);
    expect(redeemed.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(21);
    await expect(page.getByTestId('wallet-balance')).toHaveText('43 sats', SETTLES);
    await expect(page.getByTestId('wallet-pending')).toHaveText('0 sats');
  });
});

test.describe('cancelling a pending token', () => {
  test('takes the sats back: available again, and the old token no longer redeems', async ({
    page,
    context,
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await allowCopy(context, appUrl);
    await onboard(page, { mintUrl, relayUrl });
    await takePayment(page, 21, payQuote);
    await openWallet(page);
    const token = await withdraw(page);
    await expect(page.getByTestId('wallet-available')).toHaveText('0 sats');
    await expect(page.getByTestId('wallet-pending')).toHaveText('21 sats');

    const pending = page.getByTestId('pending-withdrawals');
    await pending.getByRole('button', { name: 'Cancel token' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this token?' });
    await expect(confirm).toContainText('21 sats');
    await confirm.getByRole('button', { name: 'Cancel token' }).click();

    await expect(page.getByTestId('cancel-token-outcome')).toHaveText(
      'Token cancelled: 21 sats are available again.',
    );
    await expect(page.getByTestId('wallet-available')).toHaveText('21 sats');
    await expect(page.getByTestId('wallet-pending')).toHaveText('0 sats');
    await expect(page.getByTestId('wallet-balance')).toHaveText('21 sats');
    await expect(page.getByTestId('pending-withdrawals')).toHaveCount(0);
    await expect(
      page.locator('[data-testid="history-item"][data-type="token-cancelled"]'),
    ).toHaveText(/Token cancelled/);
    // Whoever holds the old token can no longer redeem it; the sats can be withdrawn again.
    await expect((await customerWallet(mintUrl)).receive(token)).rejects.toThrow();
    const again = await withdraw(page);
    expect((await tokenProofs(mintUrl, again)).amount).toBe(21);
  });
});

test('history: six rows on a 390x844 phone, the pager on one line at 320 px', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  // The sales are taken at the desktop width: on a phone one toast shows at a time, each waiting
  // out the last one's 5 s (src/ui/toast/toaster.tsx), which timed the toasts rather than the history.
  for (const sats of [1, 2, 3, 4, 5, 6]) {
    await payQuote(await requestInvoice(page, sats));
    await expect(page.getByText(`${RECEIVED} ${sats} ${sats === 1 ? 'sat' : 'sats'}`)).toBeVisible(
      LANDS,
    );
    await expect(invoiceDialog(page)).toBeHidden();
  }
  // On a phone the links sit behind the menu button: open the Wallet by URL.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/wallet');
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText('Sale');
  await expect(items.first()).toContainText('+6 sats');

  // Scrolled so the history starts right under the sticky top bar: all six rows are in view.
  const inView = await items.evaluateAll((rows) => {
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    rows[0]!.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -bar);
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= bar - 0.5 && box.bottom <= window.innerHeight;
    }).length;
  });
  expect(inView).toBeGreaterThanOrEqual(6);

  // Details opens the quote and invoice of a row.
  await items.first().getByRole('button', { name: 'Details' }).click();
  await expect(items.first().getByTestId('history-details')).toBeVisible();
  await expect(items.first().getByTestId('history-details')).toContainText('Invoice: lnbc');

  await page.setViewportSize({ width: 320, height: 700 });
  const pager = page.getByRole('navigation', { name: 'History pages' });
  const previous = await pager.getByRole('button', { name: 'Previous' }).boundingBox();
  const next = await pager.getByRole('button', { name: 'Next' }).boundingBox();
  const counts = await pager.getByTestId('history-count').boundingBox();
  expect(previous && next && counts).toBeTruthy();
  // One line: both buttons side by side at the same height, nothing pushed below them.
  expect(Math.abs(previous!.y - next!.y)).toBeLessThan(1);
  expect(counts!.y + counts!.height).toBeLessThanOrEqual(previous!.y + previous!.height + 1);
  expect(await pager.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
  expect(next!.x + next!.width).toBeLessThanOrEqual(320);
});
