// What the payment and remote latency benches share: onboarding a merchant, asking for an invoice,
// timing "paid at the dev mint" -> "balance shown", the screen's reset, and the standalone stack.
import { onboard } from './lib/onboard.mjs';

export const STEP_TIMEOUT = 30_000;
export const DEFAULT_RUNS = 20;

/** A fresh wallet on this mint through the single-page onboarding; leaves the page on Home. */
export async function onboardMerchant(page, { appUrl, mintUrl, relayUrl }) {
  await onboard(page, { appUrl, mintUrl, relayUrl }, { timeout: STEP_TIMEOUT });
  await page.locator('[data-testid="home-balance"][data-balance]').waitFor();
}

/** The balance Home shows (its data-balance attribute), once it is known. */
export async function shownBalance(page) {
  const balance = page.locator('[data-testid="home-balance"][data-balance]');
  await balance.waitFor({ timeout: STEP_TIMEOUT });
  return Number(await balance.getAttribute('data-balance'));
}

/** Types the amount on a keypad screen and submits; resolves with the quote id on screen. */
export async function openInvoice(page, amount) {
  await page.keyboard.type(String(amount));
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ timeout: STEP_TIMEOUT });
  const section = page.locator('section[data-quote-id]');
  await section.waitFor({ timeout: STEP_TIMEOUT });
  return section.getAttribute('data-quote-id');
}

/**
 * Inside `page` (the merchant's Home): note the time, pay `quote` through the dev mint, and note
 * the time the balance on screen shows `expected`. Both times come from the page's clock; the pay
 * request's own round trip (about a millisecond on loopback) is included. The parts: until the app
 * asked the mint for its ecash (notice), that request (mint), the rest (storeAndShow); null when
 * the page made no such request.
 */
export function payAndTimeBalance(page, { mintUrl, quote, expected }) {
  return page.evaluate(
    async ({ mintUrl, quote, expected, timeout }) => {
      performance.clearResourceTimings();
      const balance = document.querySelector('[data-testid="home-balance"]');
      const shown = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`balance never showed ${expected}`)),
          timeout,
        );
        const observer = new MutationObserver(() => {
          if (balance.getAttribute('data-balance') === String(expected)) {
            const at = performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          }
        });
        observer.observe(balance, { attributes: true, attributeFilter: ['data-balance'] });
      });
      const paidAt = performance.now();
      const response = await fetch(`${mintUrl}/dev/pay/${encodeURIComponent(quote)}`, {
        method: 'POST',
      });
      if (!response.ok) throw new Error(`pay ${quote}: ${response.status}`);
      const shownAt = await shown;
      const mintRequest = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith('/v1/mint/bolt11') && entry.startTime >= paidAt);
      return {
        total: shownAt - paidAt,
        notice: mintRequest ? mintRequest.startTime - paidAt : null,
        mint: mintRequest ? mintRequest.responseEnd - mintRequest.startTime : null,
        storeAndShow: mintRequest ? shownAt - mintRequest.responseEnd : null,
      };
    },
    { mintUrl, quote, expected, timeout: STEP_TIMEOUT },
  );
}

/** After a payment the keypad screen resets (modal closed, amount 0): ready for the next run. */
export async function waitForReset(page) {
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  await page
    .getByTestId('keypad-amount')
    .filter({ hasText: /^0 sats$/ })
    .waitFor({ timeout: STEP_TIMEOUT });
}

/** Headless Debian Chromium with the e2e suite's launch options (plain `node` can run this). */
export async function launchBenchChromium() {
  const { tsImport } = await import('tsx/esm/api');
  const { chromiumLaunchOptions } = await tsImport('../playwright.config.ts', import.meta.url);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ ...chromiumLaunchOptions, headless: true });
}

/**
 * `node bench/<file>.mjs`: the dev stack (mint, relay, production build) on free ports and a
 * browser, `measure({ browser, appUrl, mintUrl, relayUrl })`, its result printed as JSON.
 */
export async function runStandalone(tempPrefix, measure) {
  const { tsImport } = await import('tsx/esm/api');
  const { startStack } = await tsImport('../dev/stack.ts', import.meta.url);
  const stack = await startStack({ tempPrefix });
  const browser = await launchBenchChromium();
  try {
    const result = await measure({ browser, ...stack });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
    await stack.close();
  }
}
