// Payment latency: from the dev mint marking an open invoice paid to the new balance stored and
// shown on Home, over NUT-17 WebSockets and over polling (WebSocket upgrades refused by a fault).
//
// Importable: measurePaymentLatency({ appUrl, mintUrl, relayUrl, browser?, runs? }).
// Standalone: `node bench/payment-latency.mjs [runs]` starts a dev mint, a dev relay and a
// production build on free ports and prints the JSON figures.
import {
  DEFAULT_RUNS,
  launchBenchChromium,
  onboardMerchant,
  openInvoice,
  payAndTimeBalance,
  runStandalone,
  shownBalance,
  waitForReset,
} from './latency-common.mjs';

/** The app's foreground poll period (DEFAULT_WATCH_INTERVALS.foregroundMs). */
const POLL_PERIOD_MS = 1_000;

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

/** One sample: an invoice for `amount`, paid at the mint after `waitMs`, until Home shows it. */
async function oneRun(page, { mintUrl, amount, waitMs }) {
  const before = await shownBalance(page);
  const quote = await openInvoice(page, amount);
  // The customer needs a moment to scan: without this wait every payment would land at the same
  // phase of the poll cycle and the polling figure would be biased.
  await page.waitForTimeout(waitMs);
  const sample = await payAndTimeBalance(page, { mintUrl, quote, expected: before + amount });
  await waitForReset(page);
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
  const ownBrowser = browser ? null : await launchBenchChromium();
  const context = await (browser ?? ownBrowser).newContext({
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await mintControl(mintUrl, 'DELETE');
    await onboardMerchant(page, { appUrl, mintUrl, relayUrl });
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2]) || DEFAULT_RUNS;
  await runStandalone('cashew-bench-pay-', (stack) => measurePaymentLatency({ ...stack, runs }));
}
