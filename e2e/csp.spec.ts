// The built app's Content-Security-Policy (docs/security.md "A hardened page"): the policy is in
// the page, and no screen the merchant or a cashier reaches triggers a violation.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { requestInvoice, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Every securitypolicyviolation of every document the page loads, kept across navigations. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const all: string[] = [];
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const collect = async () => {
    all.push(...(await page.evaluate(() => window.cspViolations.splice(0))));
  };
  return async () => {
    await collect();
    return all;
  };
}

test('the policy is in the built page, and an inline script is blocked and reported', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toMatch(/connect-src 'self' https: wss:/);
  // No inline script of the app's own, which the policy would block; a data block
  // (type="text/html", the prerendered welcome's markup) is text, never run.
  expect(await page.locator('script:not([src]):not([type="text/html"])').count()).toBe(0);

  // What an injected script would do: it does not run, and the recorder below sees it.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "ran"';
    document.head.append(script);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
});

test('no screen of the built app violates the policy', async ({
  browser,
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  const violations = await recordViolations(page);
  const seen: string[] = [];
  const visit = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    seen.push(...(await violations()));
  };

  await visit('/onboarding/welcome', () =>
    expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await expect(page.getByTestId('phrase-word').first()).toBeVisible();
  seen.push(...(await violations()));

  await onboard(page, { mintUrl, relayUrl });
  // A payment: the invoice modal, the mint's socket, the toast and the confetti.
  await takePayment(page, 100, payQuote);
  seen.push(...(await violations()));

  await visit('/wallet', () => expect(page.getByTestId('wallet-balance')).toBeVisible());
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Scan to withdraw' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cash out', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Cash out to Lightning' })).toBeVisible();
  await page.keyboard.press('Escape');
  seen.push(...(await violations()));

  await visit('/connect', () => expect(page.getByTestId('connection-string')).toBeVisible());
  const link = (await page.getByTestId('connection-string').textContent())!;
  await visit('/settings', () =>
    expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible(),
  );

  // The cashier's page, on another device (a fresh context), with an invoice asked for.
  const cashier = await browser.newContext();
  const cashierPage = await cashier.newPage();
  const cashierViolations = await recordViolations(cashierPage);
  await cashierPage.goto(link);
  await requestInvoice(cashierPage, 21);
  seen.push(...(await cashierViolations()));
  await cashier.close();

  expect(seen).toEqual([]);
});
