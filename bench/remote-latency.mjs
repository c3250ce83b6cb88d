// Remote payment latency: from the dev mint marking a cashier's invoice paid to the merchant's new
// balance stored and shown, with merchant and cashier in two browser contexts on the local relay.
//
// Importable: measureRemoteLatency({ browser, appUrl, mintUrl, relayUrl, quick?, remoteRuns?, log? }).
// Standalone: `node bench/remote-latency.mjs [runs]` starts the dev stack on free ports and prints
// the JSON figures.
import {
  DEFAULT_RUNS,
  onboardMerchant,
  openInvoice,
  payAndTimeBalance,
  runStandalone,
  shownBalance,
  STEP_TIMEOUT,
  waitForReset,
} from './latency-common.mjs';
import { summarize } from './lib/stats.mjs';

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
  const before = await shownBalance(merchant);
  const quote = await openInvoice(cashier, amount);
  await waitTracked(merchant, quote);
  const { total } = await payAndTimeBalance(merchant, {
    mintUrl,
    quote,
    expected: before + amount,
  });
  // The cashier resets too (modal closed, keypad at 0) before the next run.
  await waitForReset(cashier);
  return total;
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
    await onboardMerchant(merchant, { appUrl, mintUrl, relayUrl });
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
  await runStandalone('cashew-bench-remote-', async (stack) => ({
    remoteLatency: await measureRemoteLatency({
      ...stack,
      remoteRuns: runs,
      log: (line) => process.stderr.write(`${line}\n`),
    }),
  }));
}
