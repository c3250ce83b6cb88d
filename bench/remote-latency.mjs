// Remote payment latency: from the dev mint marking a cashier's invoice paid to the merchant's new
// balance stored and shown, with merchant and cashier in two browser contexts on the local relay.
//
// Importable: measureRemoteLatency({ browser, appUrl, mintUrl, relayUrl, quick?, remoteRuns?, log? }),
// and measureRemoteLatencyUnderJunk({ ...the same, stack }) with 50,000 junk wraps addressed to
// the merchant put on the relay first (the inbox's bounds, docs/decisions/0027-bounded-inbox.md).
// Standalone: `node bench/remote-latency.mjs [runs] [--junk]` starts the dev stack on free ports
// and prints the JSON figures.
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
import WebSocket from 'ws';
import { summarize } from './lib/stats.mjs';

/** Lookups of the merchant that may end without finding it before the bench gives up. */
const LOOKUPS = 6;
/**
 * How long one opening of the cashier may take to say whether it found the merchant: its load
 * (route code, services, device key) and its profile reads (three, 2 s apart). Under the junk the
 * merchant's tab checks thousands of wraps on the same cores, and a cashier's heading came after
 * 53 s once, and past 180 s at a load average of 45; a page that has said nothing after this long
 * is hung, and the bench says so.
 */
const LOOKUP_TIMEOUT = 300_000;

/**
 * Opens the cashier once it sells: a cashier sells only on the mints the merchant's signed profile
 * names, which the merchant's start-up publishes; until it is on the relay the page says it cannot
 * sell, so it is opened again. Each opening is waited for as long as the page is getting on
 * (navigation committed, then its link status out of "checking"), not for a fixed 10 s: a reload
 * every 10 s never let a loaded page finish. What the page last showed is in the error.
 */
async function openWhenMerchantFound(cashier, link, log = () => {}) {
  const status = cashier.locator('[data-link-status]');
  const looked = cashier.locator('[data-link-status]:not([data-link-status="checking"])');
  let last = 'none';
  for (let lookup = 1; lookup <= LOOKUPS; lookup++) {
    const started = performance.now();
    await cashier.goto(link, { waitUntil: 'commit', timeout: LOOKUP_TIMEOUT });
    try {
      await looked.waitFor({ timeout: LOOKUP_TIMEOUT });
    } catch (error) {
      const shown =
        (await status.count()) > 0 ? await status.getAttribute('data-link-status') : null;
      throw new Error(
        `The cashier page said nothing about the merchant in ${LOOKUP_TIMEOUT / 1000} s ` +
          `(link status: ${shown ?? 'not rendered'}; lookup ${lookup} of ${LOOKUPS})`,
        { cause: error },
      );
    }
    last = await looked.getAttribute('data-link-status');
    log(`cashier lookup ${lookup}: ${last} in ${Math.round(performance.now() - started)} ms`);
    if (last === 'ready') {
      await cashier.getByRole('button', { name: 'Submit' }).waitFor({ timeout: STEP_TIMEOUT });
      return;
    }
  }
  throw new Error(`The cashier never found the merchant: ${LOOKUPS} lookups, the last "${last}"`);
}

/** Whether the relay holds a kind 10019 profile signed by `pubkey` (one REQ, up to its EOSE). */
function profileOnRelay(relayUrl, pubkey) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(relayUrl);
    let found = false;
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`relay ${relayUrl} sent no EOSE in ${STEP_TIMEOUT} ms`));
    }, STEP_TIMEOUT);
    socket.on('open', () =>
      socket.send(JSON.stringify(['REQ', 'p', { kinds: [10019], authors: [pubkey], limit: 1 }])),
    );
    socket.on('message', (data) => {
      const [type] = JSON.parse(String(data));
      if (type === 'EVENT') found = true;
      if (type !== 'EOSE') return;
      clearTimeout(timer);
      socket.close();
      resolve(found);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * Resolves once the merchant's signed profile is on the relay (its start-up publishes it), so the
 * junk stored next cannot stall that publish: storing it holds the relay's process for a minute
 * or more on this machine, and a publish cut off then was never made again in the page.
 */
async function waitForProfile(relayUrl, pubkey, log) {
  const started = performance.now();
  while (!(await profileOnRelay(relayUrl, pubkey))) {
    if (performance.now() - started > LOOKUP_TIMEOUT) {
      throw new Error(
        `The merchant's profile was not on the relay after ${LOOKUP_TIMEOUT / 1000} s`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`merchant profile on the relay after ${Math.round(performance.now() - started)} ms`);
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
    // Delivery waits for the inbox's queue: behind 5,000 junk wraps on loaded cores that took
    // minutes once, and the figure timed is what comes after it.
    { timeout: LOOKUP_TIMEOUT, polling: 20 },
  );
}

/**
 * One sample, timed by the merchant page's clock: pay at the mint -> balance attribute updated.
 * Also, by Node's clock, the cashier's Submit -> the merchant's inbox has the quote (delivery:
 * relay, inbox queue and the mint check; includes up to 20 ms of polling).
 */
async function oneRun(merchant, cashier, { mintUrl, amount }) {
  const before = await shownBalance(merchant);
  const submitted = performance.now();
  const quote = await openInvoice(cashier, amount);
  await waitTracked(merchant, quote);
  const delivery = performance.now() - submitted;
  const { total } = await payAndTimeBalance(merchant, {
    mintUrl,
    quote,
    expected: before + amount,
  });
  // The cashier resets too (modal closed, keypad at 0) before the next run.
  await waitForReset(cashier);
  return { total, delivery };
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
  beforeListening,
  label = 'remoteLatency',
}) {
  const runs = remoteRuns ?? (quick ? 3 : DEFAULT_RUNS);
  const merchantContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cashierContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const merchant = await merchantContext.newPage();
    await onboardMerchant(merchant, { appUrl, mintUrl, relayUrl });
    const link = await connectionLink(merchant, appUrl);
    // The reload below starts a fresh inbox session: it asks the relay for what it stored.
    if (beforeListening) await beforeListening(link);
    await merchant.goto(`${appUrl}/`);
    const cashier = await cashierContext.newPage();
    await openWhenMerchantFound(cashier, link, (line) => log(`${label}: ${line}`));

    const samples = [];
    const deliveries = [];
    for (let i = 0; i < runs; i++) {
      const { total, delivery } = await oneRun(merchant, cashier, { mintUrl, amount: 1 + i });
      samples.push(total);
      deliveries.push(delivery);
      log(
        `${label}: run ${i + 1}/${runs} ${total.toFixed(1)} ms (delivery ${delivery.toFixed(0)} ms)`,
      );
    }
    return { ...summarize(samples), relay: 'local dev relay', delivery: summarize(deliveries) };
  } finally {
    await cashierContext.close();
    await merchantContext.close();
  }
}

/** Junk wraps put on the relay for the "under junk" figure. */
export const JUNK_WRAPS = 50_000;

/**
 * The same figure with 50,000 validly signed gift wraps nobody can open, addressed to the
 * merchant, stored on the relay before the merchant's page loads (the dev relay then serves the
 * newest 5,000 to each subscription, as relays cap a REQ). Also reports how long the first
 * sale's delivery took behind them (`delivery`).
 */
export async function measureRemoteLatencyUnderJunk({ stack, relay, log = () => {}, ...rest }) {
  const target = relay ?? stack?.relay;
  if (!target?.store) throw new Error('needs the dev relay in process (stack.relay)');
  const { tsImport } = await import('tsx/esm/api');
  const { junkWraps } = await tsImport('../dev/relay/junk-wraps.ts', import.meta.url);
  const { decode } = await import('nostr-tools/nip19');
  const result = await measureRemoteLatency({
    ...rest,
    log,
    label: 'remoteLatencyJunk',
    beforeListening: async (link) => {
      const npub = decodeURIComponent(new URL(link).pathname.split('/').pop());
      const pubkey = decode(npub).data;
      await waitForProfile(rest.relayUrl ?? stack?.relayUrl, pubkey, (line) =>
        log(`remoteLatencyJunk: ${line}`),
      );
      const started = performance.now();
      target.store(junkWraps(pubkey, JUNK_WRAPS));
      log(
        `remoteLatencyJunk: ${JUNK_WRAPS} junk wraps made and stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  });
  return { ...result, junkWraps: JUNK_WRAPS };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2]) || DEFAULT_RUNS;
  const junk = process.argv.includes('--junk');
  await runStandalone('cashew-bench-remote-', async (stack) => ({
    [junk ? 'remoteLatencyJunk' : 'remoteLatency']: await (
      junk ? measureRemoteLatencyUnderJunk : measureRemoteLatency
    )({
      ...stack,
      stack,
      remoteRuns: runs,
      log: (line) => process.stderr.write(`${line}\n`),
    }),
  }));
}
