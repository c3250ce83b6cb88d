// Remote payment latency: from the dev mint marking a cashier's invoice paid to the merchant's new
// balance stored and shown, with merchant and cashier in two browser contexts on the local relay.
//
// Importable: measureRemoteLatency({ browser, appUrl, mintUrl, relayUrl, quick?, remoteRuns?, log? }).
// Standalone: `node bench/remote-latency.mjs [runs]` starts the dev stack on free ports and prints
// the JSON figures.
import { summarize } from './lib/stats.mjs';

const DEFAULT_RUNS = 20;
const STEP_TIMEOUT = 30_000;

/** A fresh merchant wallet through the single-page onboarding; leaves the page on Home. */
async function onboard(page, { appUrl, mintUrl, relayUrl }) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByTestId('phrase-word').first().waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
}

async function connectionLink(page, appUrl) {
  await page.goto(`${appUrl}/connect`);
  const link = page.getByTestId('connection-string');
  await link.waitFor({ timeout: STEP_TIMEOUT });
  return link.textContent();
}

/** Waits until the merchant's inbox has taken the quote over (persisted it), so only the
 * paid-to-stored path is timed, not the relay delivery before it. */
async function waitTracked(page, quote) {
  await page.waitForFunction(
    (id) =>
      new Promise((resolve) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('mintQuotes', 'readonly').objectStore('mintQuotes').get(id);
          read.onsuccess = () => {
            db.close();
            resolve(read.result !== undefined);
          };
          read.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      }),
    quote,
    { timeout: STEP_TIMEOUT, polling: 20 },
  );
}

/** One sample, timed by the merchant page's clock: pay at the mint -> balance attribute updated. */
async function oneRun(merchant, cashier, { mintUrl, amount }) {
  const balance = merchant.locator('[data-testid="home-balance"][data-balance]');
  await balance.waitFor({ timeout: STEP_TIMEOUT });
  const before = Number(await balance.getAttribute('data-balance'));

  await cashier.keyboard.type(String(amount));
  await cashier.keyboard.press('Enter');
  await cashier.getByRole('dialog').waitFor({ timeout: STEP_TIMEOUT });
  const section = cashier.locator('section[data-quote-id]');
  await section.waitFor({ timeout: STEP_TIMEOUT });
  const quote = await section.getAttribute('data-quote-id');
  await waitTracked(merchant, quote);

  const latency = await merchant.evaluate(
    async ({ mintUrl, quote, expected, timeout }) => {
      const shownBalance = document.querySelector('[data-testid="home-balance"]');
      const shown = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`balance never showed ${expected}`)),
          timeout,
        );
        const observer = new MutationObserver(() => {
          if (shownBalance.getAttribute('data-balance') === String(expected)) {
            const at = performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          }
        });
        observer.observe(shownBalance, { attributes: true, attributeFilter: ['data-balance'] });
      });
      const paidAt = performance.now();
      const response = await fetch(`${mintUrl}/dev/pay/${encodeURIComponent(quote)}`, {
        method: 'POST',
      });
      if (!response.ok) throw new Error(`pay ${quote}: ${response.status}`);
      return (await shown) - paidAt;
    },
    { mintUrl, quote, expected: before + amount, timeout: STEP_TIMEOUT },
  );

  // The cashier resets too (modal closed, keypad at 0) before the next run.
  await cashier.getByRole('dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  await cashier
    .getByTestId('keypad-amount')
    .filter({ hasText: /^0 sats$/ })
    .waitFor({ timeout: STEP_TIMEOUT });
  return latency;
}

/**
 * Median (and spread) of `remoteRuns` remote payments (20 unless `quick`): the merchant onboarded
 * on Home in one context, a cashier opened from the merchant's Connect link in another.
 */
export async function measureRemoteLatency({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  quick = false,
  remoteRuns,
  log = () => {},
}) {
  const runs = remoteRuns ?? (quick ? 3 : DEFAULT_RUNS);
  const merchantContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cashierContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const merchant = await merchantContext.newPage();
    await onboard(merchant, { appUrl, mintUrl, relayUrl });
    const link = await connectionLink(merchant, appUrl);
    await merchant.goto(`${appUrl}/`);
    const cashier = await cashierContext.newPage();
    await cashier.goto(link);
    await cashier.getByRole('button', { name: 'Submit' }).waitFor({ timeout: STEP_TIMEOUT });

    const samples = [];
    for (let i = 0; i < runs; i++) {
      samples.push(await oneRun(merchant, cashier, { mintUrl, amount: 1 + i }));
      log(`remoteLatency: run ${i + 1}/${runs} ${samples[i].toFixed(1)} ms`);
    }
    return { ...summarize(samples), relay: 'local dev relay' };
  } finally {
    await cashierContext.close();
    await merchantContext.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2]) || DEFAULT_RUNS;
  const { tsImport } = await import('tsx/esm/api');
  const { startStack } = await tsImport('../dev/stack.ts', import.meta.url);
  const { chromiumLaunchOptions } = await tsImport('../playwright.config.ts', import.meta.url);
  const { chromium } = await import('playwright-core');
  const stack = await startStack({ tempPrefix: 'cashew-bench-remote-' });
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const remoteLatency = await measureRemoteLatency({
      browser,
      ...stack,
      remoteRuns: runs,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${JSON.stringify({ remoteLatency }, null, 2)}\n`);
  } finally {
    await browser.close();
    await stack.close();
  }
}
