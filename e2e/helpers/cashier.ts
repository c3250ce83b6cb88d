// Remote-cashier e2e helpers: a fresh cashier context opened from the merchant's link, and a
// loopback port that is free right now (for a dead relay, or a server stopped and restarted on it).
import { createServer } from 'node:net';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** A loopback port nothing listens on at this moment. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A cashier in a fresh context (never onboarded) opened from the merchant's link, on its own
 * page with no navigation shell, once its keypad is up (after it read the merchant's profile).
 * The caller closes the context after the test. `shop`: the shop name the link carries, which the
 * heading shows instead of the npub.
 */
export async function openCashier(
  browser: Browser,
  link: string,
  npub: string,
  shop?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openCashierPage(browser, link, npub, shop);
  await expect(cashierKeypadReady(opened.page)).toBeVisible();
  return opened;
}

/**
 * Like openCashier, without waiting for the keypad (a link that is no longer valid has none).
 * `loaded`: how long the page may take to show its heading (the page's own load; it reads no
 * relay before it), when the test keeps the machine busy meanwhile.
 */
export async function openCashierPage(
  browser: Browser,
  link: string,
  npub: string,
  shop?: string,
  loaded: { timeout?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link, loaded);
  await expect(
    page.getByRole('heading', { level: 1, name: `Creating invoices for ${shop ?? npub}` }),
  ).toBeVisible(loaded);
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);
  return { context, page };
}

/** The keypad's Submit: shown once the page has read the merchant's profile (or timed out). */
export const cashierKeypadReady = (page: Page) => page.getByRole('button', { name: 'Submit' });

/** The quote's row in "Sales on this device". */
export const cashierSale = (page: Page, quoteId: string) =>
  page.locator(`[data-testid="cashier-sale"][data-quote="${quoteId}"]`);

/**
 * The cashier saw the customer pay: its row says so ("Paid, waiting for the merchant..."), or
 * the merchant's receipt already came ("Merchant confirmed N sats").
 */
export async function expectSalePaid(
  page: Page,
  quoteId: string,
  options: { timeout?: number } = {},
): Promise<void> {
  await expect(cashierSale(page, quoteId)).toHaveAttribute(
    'data-status',
    /^(paid|confirmed)$/,
    options,
  );
}
