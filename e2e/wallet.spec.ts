// Wallet screen end to end: withdraw as an animated QR token, redeemed by a customer's wallet,
// settled to a withdrawal event (also across a reload), and Withdraw disabled with nothing available.
import { getDecodedToken } from '@cashu/cashu-ts';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { customerWallet } from './helpers/customer';
import { takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { allowCopy, openWallet } from './helpers/wallet-screen';

/** WebSocket first; the checkstate poll (5 s) is the fallback. Leave room for a slow box. */
const SETTLES = { timeout: 20_000 };

interface FundedWallet {
  page: Page;
  context: BrowserContext;
  appUrl: string;
  mintUrl: string;
  relayUrl: string;
  payQuote: (quoteId: string) => Promise<void>;
}

/** An onboarded merchant that took these payments, on the Wallet screen, allowed to copy. */
async function fundedWallet(at: FundedWallet, amounts: number[]): Promise<void> {
  const { page, context, appUrl, mintUrl, relayUrl, payQuote } = at;
  await allowCopy(context, appUrl);
  await onboard(page, { mintUrl, relayUrl });
  for (const amount of amounts) await takePayment(page, amount, payQuote);
  await openWallet(page);
}

/** The customer's wallet (Node side) redeeming the token at the mint. */
async function redeem(mintUrl: string, token: string): Promise<number> {
  const proofs = await (await customerWallet(mintUrl)).receive(token);
  return proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0);
}

async function decodeAmount(mintUrl: string, token: string): Promise<number> {
  const wallet = await customerWallet(mintUrl);
  const decoded = getDecodedToken(token, wallet.keyChain.getAllKeysetIds());
  expect(decoded.mint).toBe(mintUrl);
  return decoded.proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0);
}

/** Opens Withdraw, confirms everything available, checks the animated QR, copies the token. */
async function withdrawToken(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await expect(dialog).toBeVisible();
  const qr = dialog.getByTestId('animated-qr');
  await expect(qr).toHaveAttribute('data-part', /^ur:bytes\//);
  expect(Number(await qr.getAttribute('data-part-count'))).toBeGreaterThan(1);
  const first = await qr.getAttribute('data-part');
  await expect(qr).not.toHaveAttribute('data-part', first!);

  await dialog.getByRole('button', { name: 'Copy Token' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^cashuB/);
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe('withdrawing from the wallet screen', () => {
  test('two payments become one animated QR token; redeeming it empties the balance', async ({
    page,
    context,
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await fundedWallet({ page, context, appUrl, mintUrl, relayUrl, payQuote }, [21, 34]);
    await expect(page.getByTestId('wallet-balance')).toHaveText('55 sats');

    const token = await withdrawToken(page);
    expect(await decodeAmount(mintUrl, token)).toBe(55);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    // Not redeemed yet: still in the balance, shown as pending.
    await expect(page.getByTestId('wallet-balance')).toHaveText('55 sats');
    await expect(page.getByTestId('pending-withdrawals')).toContainText('55 sats');

    expect(await redeem(mintUrl, token)).toBe(55);

    await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats', SETTLES);
    const withdrawal = page.locator('[data-testid="history-item"][data-type="withdrawal"]');
    await expect(withdrawal).toHaveCount(1);
    await expect(withdrawal).toContainText('55 sats');
    await expect(withdrawal.getByTestId('history-metadata')).toContainText('"numProofs"');
    await expect(page.getByTestId('pending-withdrawals')).toBeHidden();
  });

  test('a token redeemed after a reload still settles, exactly once', async ({
    page,
    context,
    appUrl,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await fundedWallet({ page, context, appUrl, mintUrl, relayUrl, payQuote }, [13, 8]);
    const token = await withdrawToken(page);

    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText('21 sats');
    expect(await redeem(mintUrl, token)).toBe(21);

    await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats', SETTLES);
    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats');
    await expect(page.locator('[data-testid="history-item"][data-type="withdrawal"]')).toHaveCount(
      1,
    );
    await expect(page.getByText('3 of 3 events')).toBeVisible();
  });

  test('an empty wallet has nothing available and Withdraw disabled', async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await openWallet(page);
    await expect(page.getByText('No events yet.')).toBeVisible();
    await expect(page.getByTestId('wallet-available')).toHaveText('0 sats');
    await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('proofs only on another mint: the main Withdraw is disabled, that mint keeps its own', async ({
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
    // The same dev mint under another address counts as another mint, and it answers /v1/info.
    await field.fill(mintUrl.replace('127.0.0.1', 'localhost'));
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByRole('button', { name: 'Switch mint and save' }).click();
    await expect(
      page.getByText('Settings saved. New mint and relays will be used going forward.'),
    ).toBeVisible();

    await openWallet(page);
    await expect(page.getByTestId('wallet-balance')).toHaveText('5 sats');
    await expect(page.getByTestId('wallet-available')).toHaveText('0 sats');
    await expect(page.getByRole('button', { name: 'Withdraw', exact: true })).toBeDisabled();
    // The old mint's row names it as the mint names itself (its NUT-06 info), not by its URL.
    const oldMint = page.locator(`[data-testid="mint-balance"][data-mint="${mintUrl}"]`);
    await expect(oldMint).toContainText('Cashew dev mint');
    await expect(
      oldMint.getByRole('button', { name: 'Withdraw from Cashew dev mint' }),
    ).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
