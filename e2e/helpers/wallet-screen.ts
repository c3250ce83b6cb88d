// E2E helper: the Wallet screen's money actions (open it, withdraw a token, cancel it, cash out) and the dev mint's switches.
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { takePayment } from './invoice';
import { onboard } from './onboard';

export async function openWallet(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
}

export async function allowCopy(context: BrowserContext, appUrl: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(appUrl).origin,
  });
}

/** A page in a browser context of its own (another device) that may copy a token. */
export async function devicePage(browser: Browser, appUrl: string): Promise<Page> {
  const context = await browser.newContext();
  await allowCopy(context, appUrl);
  return context.newPage();
}

/** Withdraw `amount` (everything available when omitted); returns the copied token. */
export async function withdraw(page: Page, amount?: number): Promise<string> {
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  if (amount !== undefined) await page.getByTestId('withdraw-amount-input').fill(String(amount));
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await dialog.getByRole('button', { name: 'Copy Token' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^cashuB/);
  const token = await page.evaluate(() => navigator.clipboard.readText());
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return token;
}

/** Cancels the one pending token from the Wallet screen; waits for the outcome. */
export async function cancelToken(page: Page, sats: number): Promise<void> {
  await page
    .getByTestId('pending-withdrawals')
    .getByRole('button', { name: 'Cancel token' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this token?' });
  await expect(confirm).toContainText(`${sats} sats`);
  await confirm.getByRole('button', { name: 'Cancel token' }).click();
  await expect(page.getByTestId('cancel-token-outcome')).toHaveText(
    `Token cancelled: ${sats} sats are available again.`,
    { timeout: 30_000 },
  );
}

/** The money parts of the e2e stack a merchant needs to take a first payment. */
export interface Stack {
  mintUrl: string;
  relayUrl: string;
  payQuote: (quoteId: string) => Promise<void>;
}

/** Onboards, takes one keypad payment of `sats` and opens the Wallet screen. */
export async function merchantWithBalance(page: Page, stack: Stack, sats: number): Promise<void> {
  await onboard(page, { mintUrl: stack.mintUrl, relayUrl: stack.relayUrl });
  await takePayment(page, sats, stack.payQuote);
  await openWallet(page);
}

/** The first cash-out dialog (destination, then the amount for an address). */
export function cashOutDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Cash out to Lightning' });
}

/** Wallet → Cash out → fills the destination → Continue; returns the cash-out dialog. */
export async function enterDestination(page: Page, destination: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Cash out', exact: true }).click();
  const dialog = cashOutDialog(page);
  await dialog.getByLabel('Invoice, Lightning address or LNURL').fill(destination);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  return dialog;
}

/** Wallet → Cash out → destination → (amount, comment) → waits for and returns the confirm dialog. */
export async function startCashOut(
  page: Page,
  destination: string,
  amount?: number,
  comment?: string,
): Promise<Locator> {
  const dialog = await enterDestination(page, destination);
  if (amount !== undefined) {
    await dialog.getByLabel(/^Amount in sats/).fill(String(amount));
    if (comment) await dialog.getByLabel(/^Comment/).fill(comment);
    await dialog.getByRole('button', { name: 'Continue' }).click();
  }
  const confirm = page.getByRole('dialog', { name: 'Confirm cash-out' });
  await expect(confirm).toBeVisible();
  return confirm;
}

/** Wallet → Cash out → an invoice → Pay; returns the result line's locator. */
export async function cashOutToInvoice(page: Page, invoice: string) {
  const confirm = await startCashOut(page, invoice);
  await confirm.getByRole('button', { name: 'Pay' }).click();
  return page.getByTestId('cash-out-result');
}

/** Settings → ticks automatic cash-out and fills the address and a 100-sat threshold (not saved yet). */
export async function fillAutoCashOut(page: Page, lightningAddress: string): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Cash out automatically').check();
  await page.getByLabel('Lightning address').fill(lightningAddress);
  await page.getByLabel('Threshold in sats').fill('100');
}

/** Saves the automatic cash-out section and waits for its confirmation. */
export async function saveAutoCashOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save automatic cash-out' }).click();
  await expect(page.getByText('Automatic cash-out saved.')).toBeVisible();
}

/** Adds a fault rule (or rules) to the dev mint (dev/mint/README.md "Fault switches"). */
export async function mintFault(
  request: APIRequestContext,
  mintUrl: string,
  rule: Record<string, unknown> | Record<string, unknown>[],
): Promise<void> {
  const response = await request.post(`${mintUrl}/dev/faults`, { data: rule });
  expect(response.ok()).toBe(true);
}

/** Changes the dev mint's live settings (`POST /dev/config`). */
export async function mintConfig(
  request: APIRequestContext,
  mintUrl: string,
  settings: Record<string, unknown>,
): Promise<void> {
  const response = await request.post(`${mintUrl}/dev/config`, { data: settings });
  expect(response.ok()).toBe(true);
}
