// E2E helper: a shop that shows dollars, priced by the stack's dev price feed (dev/prices).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The dev price feed's control endpoint: POST a price, DELETE to go back to its default. */
export const pricesControl = (pricesUrl: string) => new URL('/dev/prices', pricesUrl).href;

/** The dev feed answers `usd` dollars per bitcoin, dated now, until the test's afterEach resets it. */
export async function setUsdPrice(
  request: APIRequestContext,
  pricesUrl: string,
  usd: number,
): Promise<void> {
  const set = await request.post(pricesControl(pricesUrl), { data: { USD: usd, time: null } });
  expect(set.ok()).toBe(true);
}

/**
 * Settings: Display currency USD (and this price source, if given), saved; waits until Settings
 * reports the feed reached at `usd` per bitcoin.
 */
export async function showDollars(
  page: Page,
  usd: number,
  options: { priceSourceUrl?: string; timeout?: number } = {},
): Promise<void> {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Display currency').selectOption('USD');
  if (options.priceSourceUrl)
    await page.getByLabel('Price source URL').fill(options.priceSourceUrl);
  await page.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(page.getByTestId('price-status')).toHaveText(
    `Price source reached: 1 BTC = ${usd.toLocaleString('en-US')} USD.`,
    { timeout: options.timeout ?? 30_000 },
  );
}
