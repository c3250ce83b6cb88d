// Payment latency: from the dev mint marking an open invoice paid to the new balance stored and
// shown on Home, over NUT-17 WebSockets and over polling (WebSocket upgrades refused by a fault).
//
// Importable: measurePaymentLatency({ appUrl, mintUrl, relayUrl, browser?, runs? }).
// Standalone: `node bench/payment-latency.mjs [runs]` starts a dev mint, a dev relay and a
// production build on free ports and prints the JSON figures.
import { chromium } from '@playwright/test';

export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const DEFAULT_RUNS = 20;
/** The app's foreground poll period (DEFAULT_WATCH_INTERVALS.foregroundMs). */
const POLL_PERIOD_MS = 1_000;
const STEP_TIMEOUT = 30_000;

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    median: round(median),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
    runs: sorted.length,
  };
}

async function mintControl(mintUrl, method, body) {
  const response = await fetch(`${mintUrl}/dev/faults`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`dev/faults ${method}: ${response.status}`);
}

/** A fresh wallet on this mint through the single-page onboarding; leaves the page on Home. */
async function onboard(page, { appUrl, mintUrl, relayUrl }) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByTestId('phrase-word').first().waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
  await page.locator('[data-testid="home-balance"][data-balance]').waitFor();
}

/**
 * One sample: open an invoice for `amount`, then inside the page note the time, pay it through
 * the dev mint, and note the time the balance on screen shows the new value. Both times come
 * from the page's clock; the pay request's own round trip (about a millisecond on loopback)
 * is included.
 */
async function oneRun(page, { mintUrl, amount, waitMs }) {
  const before = Number(await page.getByTestId('home-balance').getAttribute('data-balance'));
  await page.keyboard.type(String(amount));
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor({ timeout: STEP_TIMEOUT });
  const section = page.locator('section[data-quote-id]');
  await section.waitFor({ timeout: STEP_TIMEOUT });
  const quote = await section.getAttribute('data-quote-id');

  // The customer needs a moment to scan: without this wait every payment would land at the same
  // phase of the poll cycle and the polling figure would be biased.
  await page.waitForTimeout(waitMs);
  const sample = await page.evaluate(
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
      // Where the time went: until the app asked the mint for its ecash, that request, the rest.
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
    { mintUrl, quote, expected: before + amount, timeout: STEP_TIMEOUT },
  );
  // The screen resets after the payment: modal gone, keypad back to 0, ready for the next run.
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  await page
    .getByTestId('keypad-amount')
    .filter({ hasText: /^0 sats$/ })
    .waitFor();
  return sample;
}

async function series(page, options, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    // Payment moments spread evenly over one poll period (plus a fixed 250 ms to scan).
    const waitMs = 250 + ((i + 0.5) * POLL_PERIOD_MS) / runs;
    samples.push(await oneRun(page, { ...options, amount: 1 + i, waitMs }));
  }
  const phase = (key) => {
    const values = samples.map((s) => s[key]).filter((v) => typeof v === 'number');
    return values.length ? summary(values).median : null;
  };
  return {
    ...summary(samples.map((s) => s.total)),
    // Medians of the parts (resource timing of POST /v1/mint/bolt11), for whoever tunes this.
    breakdown: {
      notice: phase('notice'),
      mint: phase('mint'),
      storeAndShow: phase('storeAndShow'),
    },
  };
}

/**
 * Measures both modes on one onboarded wallet. Polling mode refuses WebSocket upgrades at the
 * mint (fault on GET /v1/ws), drops the live socket and reloads the app, so the quote watcher
 * falls back to its foreground poll. Mint faults are cleared afterwards.
 */
export async function measurePaymentLatency({
  appUrl,
  mintUrl,
  relayUrl,
  browser,
  runs = DEFAULT_RUNS,
}) {
  const ownBrowser = browser ? null : await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const context = await (browser ?? ownBrowser).newContext({
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await mintControl(mintUrl, 'DELETE');
    await onboard(page, { appUrl, mintUrl, relayUrl });
    const payment_latency_ws = await series(page, { mintUrl }, runs);

    await mintControl(mintUrl, 'POST', {
      faults: [{ path: '/v1/ws', method: 'GET', action: 'error500' }],
      closeWebSockets: true,
    });
    await page.reload();
    await page.locator('[data-testid="home-balance"][data-balance]').waitFor();
    const payment_latency_polling = await series(page, { mintUrl }, runs);
    return { payment_latency_ws, payment_latency_polling };
  } finally {
    await mintControl(mintUrl, 'DELETE').catch(() => {});
    await context.close();
    await ownBrowser?.close();
  }
}

/**
 * The `npm run bench` figure (bench/run.mjs calls the default export with its context): the same
 * measurement under the keys bench/budgets.json names (paymentLatency.websocket / .polling).
 */
export default async function paymentLatencyFigure(context) {
  const result = await measurePaymentLatency(context);
  return { websocket: result.payment_latency_ws, polling: result.payment_latency_polling };
}

/** Dev mint + dev relay + production build on free ports, like the e2e set-up. */
async function startStack() {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join, dirname } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { tsImport } = await import('tsx/esm/api');
  const { build, preview } = await import('vite');
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const { startMint } = await tsImport('../dev/mint/server.ts', import.meta.url);
  const { startRelay } = await tsImport('../dev/relay/server.ts', import.meta.url);

  const workDir = await mkdtemp(join(tmpdir(), 'cashew-bench-pay-'));
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(workDir, 'mint') });
  const relay = await startRelay({ port: 0 });
  process.env.VITE_DEFAULT_MINT_URL = mint.url;
  process.env.VITE_DEFAULT_RELAYS = JSON.stringify([relay.url]);
  process.env.VITE_DISCOVERY_RELAYS = JSON.stringify([relay.url]);
  process.env.VITE_AUDITOR_URL = '';
  const outDir = join(workDir, 'dist');
  const configFile = join(root, 'vite.config.ts');
  await build({ root, configFile, mode: 'production', logLevel: 'error', build: { outDir } });
  const server = await preview({
    root,
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const { port } = server.httpServer.address();
  return {
    appUrl: `http://127.0.0.1:${port}`,
    mintUrl: mint.url,
    relayUrl: relay.url,
    async close() {
      await server.close();
      await relay.close();
      await mint.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2]) || DEFAULT_RUNS;
  const stack = await startStack();
  try {
    const result = await measurePaymentLatency({ ...stack, runs });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stack.close();
  }
}
