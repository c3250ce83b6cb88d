// Tap figures (issue 35): from a tap to what it shows, each the median of interleaved cold runs,
// beside a floor measured in the same run.
// - welcome: "Create New Wallet" -> twelve phrase words visible, 4x CPU; floor: the floor page's
//   "Next" -> its second route (already loaded) with twelve words;
// - firstSale / laterSale: the keypad's Submit -> the invoice QR code visible, 4x CPU, the dev mint
//   answering at once: the first sale after a cold start, then three more in the same page;
// - paid: the dev mint marking the invoice paid (its WebSocket notice) -> balance and toast
//   updated, 1x; paidFloor: a bare cashu-ts wallet in Node getting the same notice and minting.
import WebSocket from 'ws';
import { Amount, injectWebSocketImpl, Wallet } from '@cashu/cashu-ts';
import { floorRun, onboardMerchant, readyProbe } from './first-load.mjs';
import { throttledPage } from './lib/chromium.mjs';
import { startFloor } from './lib/floor.mjs';
import { round, summarize } from './lib/stats.mjs';

const STEP_TIMEOUT = 30_000;
const RECEIVED = '🎉 Payment received! Proofs stored successfully.';

/**
 * In the page before its scripts: from the click on the button with `text` (the click event's
 * time stamp, so a busy main thread counts) to the frame in which `count` elements matching
 * `selector` are laid out, in ms, logged as `__benchTap <ms>`. Armed again after each tap.
 */
function tapProbe({ text, selector, count }) {
  let clickedAt = null;
  const done = () => {
    const shown = [...document.querySelectorAll(selector)].filter(
      (node) => node.getBoundingClientRect().width > 0,
    );
    return shown.length >= count;
  };
  const frame = () => {
    if (clickedAt === null) return;
    if (!done()) return requestAnimationFrame(frame);
    console.debug(`__benchTap ${performance.now() - clickedAt}`);
    clickedAt = null;
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent.trim() !== text) return;
      clickedAt = event.timeStamp;
      requestAnimationFrame(frame);
    },
    true,
  );
}

/**
 * Resolves once the main thread has been idle for five idle periods in a row (nothing queued), or
 * after 10 s.
 */
function quietMainThread() {
  return new Promise((resolve) => {
    setTimeout(resolve, 10_000);
    let quiet = 0;
    const check = (deadline) => {
      quiet = deadline.timeRemaining() >= 40 ? quiet + 1 : 0;
      if (quiet >= 5) resolve();
      else requestIdleCallback(check);
    };
    requestIdleCallback(check);
  });
}

const nextTap = (page) =>
  page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('__benchTap '),
    timeout: STEP_TIMEOUT,
  });

/**
 * Opens url until the button `ready` is interactive, waits until the page is settled (no network,
 * an idle main thread: a merchant reading the screen), then taps `tap` and times it.
 */
async function settledTap(page, url, ready, tap, target) {
  await page.addInitScript(readyProbe, ready);
  await page.addInitScript(tapProbe, { text: tap, ...target });
  const interactive = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('__benchReady '),
    timeout: STEP_TIMEOUT,
  });
  await page.goto(url, { waitUntil: 'commit' });
  await interactive;
  await page.waitForLoadState('networkidle');
  await page.evaluate(quietMainThread);
  const timed = nextTap(page);
  await page.getByRole('button', { name: tap, exact: true }).click();
  return Number((await timed).text().split(' ')[1]);
}

/**
 * In the page before its scripts, for a tap made as soon as a button shows: every frame from the
 * navigation on, clicks the button with `text` if it is there and enabled (as an impatient user
 * taps a prerendered welcome again and again) until `count` elements matching `selector` are laid
 * out; logs `__benchColdTap <ms since navigation> <clicks>`.
 */
function coldTapProbe({ text, selector, count }) {
  let clicks = 0;
  const frame = () => {
    const shown = [...document.querySelectorAll(selector)].filter(
      (node) => node.getBoundingClientRect().width > 0,
    );
    if (shown.length >= count) {
      console.debug(`__benchColdTap ${performance.now()} ${clicks}`);
      return;
    }
    const button = [...document.querySelectorAll('button')].find(
      (node) => node.textContent.trim() === text,
    );
    if (button && !button.disabled && button.getBoundingClientRect().width > 0) {
      clicks += 1;
      button.click();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const WORDS = { selector: '[data-testid="phrase-word"]', count: 12 };
const QR = { selector: '[role="img"][aria-label="Invoice QR code"]', count: 1 };

async function floorTap(browser, floorUrl, rate) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    return await settledTap(page, `${floorUrl}/`, 'Ready', 'Next', WORDS);
  } finally {
    await context.close();
  }
}

async function welcomeTap(browser, appUrl, rate) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    return await settledTap(page, `${appUrl}/`, 'Create New Wallet', 'Create New Wallet', WORDS);
  } finally {
    await context.close();
  }
}

/**
 * A new user's first tap, made every frame from navigation: ms until the phrase words show.
 * `around` as in keypadSales, wrapping the whole load.
 */
export async function coldWelcomeTap(browser, appUrl, rate, around) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    await page.addInitScript(coldTapProbe, { text: 'Create New Wallet', ...WORDS });
    const shown = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith('__benchColdTap '),
      timeout: STEP_TIMEOUT,
    });
    const after = await around?.(page, 'coldWelcome');
    await page.goto(`${appUrl}/`, { waitUntil: 'commit' });
    const ms = Number((await shown).text().split(' ')[1]);
    await after?.();
    return ms;
  } finally {
    await context.close();
  }
}

/** Pays the quote on screen at the dev mint and waits for the keypad's reset. */
async function payAndReset(page, mintUrl) {
  const quote = await page.locator('section[data-quote-id]').getAttribute('data-quote-id');
  const response = await fetch(`${mintUrl}/dev/pay/${encodeURIComponent(quote)}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`pay ${quote}: ${response.status}`);
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  await page
    .getByTestId('keypad-amount')
    .filter({ hasText: /^0 sats$/ })
    .waitFor({ timeout: STEP_TIMEOUT });
}

/**
 * One cold start of the keypad: the first sale, then `later` more; ms from Submit to the QR.
 * `around(page, step)` (bench/taps-ab.mjs --profile) wraps the first sale's tap (or, with
 * `aroundLater`, the first later sale's): it is called with the page and the step, and returns
 * what to run once the QR shows.
 */
export async function keypadSales(
  browser,
  storageState,
  { appUrl, mintUrl },
  rate,
  later = 3,
  around,
  aroundLater = false,
) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await throttledPage(context, rate);
    const sale = async (amount, wrap) => {
      const timed = nextTap(page);
      await page.keyboard.type(String(amount));
      const after = await wrap?.(page, aroundLater ? 'laterSale' : 'firstSale');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const ms = Number((await timed).text().split(' ')[1]);
      await after?.();
      await payAndReset(page, mintUrl);
      return ms;
    };
    await page.addInitScript(readyProbe, 'Submit');
    await page.addInitScript(tapProbe, { text: 'Submit', ...QR });
    const interactive = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith('__benchReady '),
      timeout: STEP_TIMEOUT,
    });
    await page.goto(`${appUrl}/`, { waitUntil: 'commit' });
    await interactive;
    await page.locator('[data-testid="home-balance"][data-balance]').waitFor();
    await page.evaluate(quietMainThread);
    const first = await sale(21, aroundLater ? undefined : around);
    const rest = [];
    for (let i = 0; i < later; i++) {
      await page.evaluate(quietMainThread);
      rest.push(await sale(22 + i, aroundLater && i === 0 ? around : undefined));
    }
    return { first, later: rest };
  } finally {
    await context.close();
  }
}

/**
 * In the merchant's page (1x): pays `quote` at the dev mint and resolves with the ms until the
 * balance shows `expected` and the payment toast is up, whichever comes last (`total`), and the
 * requests the page started meanwhile (`requests`: path, start and end in ms after paid).
 */
function paidInPage(page, { mintUrl, quote, expected }) {
  return page.evaluate(
    async ({ mintUrl, quote, expected, received, timeout }) => {
      performance.clearResourceTimings();
      performance.clearMarks();
      const balance = document.querySelector('[data-testid="home-balance"]');
      const updated = () =>
        balance.getAttribute('data-balance') === String(expected) &&
        document.body.textContent.includes(received);
      const shown = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('balance or toast never updated')),
          timeout,
        );
        const observer = new MutationObserver(() => {
          if (!updated()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now());
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
      const paidAt = performance.now();
      const response = await fetch(`${mintUrl}/dev/pay/${encodeURIComponent(quote)}`, {
        method: 'POST',
      });
      if (!response.ok) throw new Error(`pay ${quote}: ${response.status}`);
      const total = (await shown) - paidAt;
      const requests = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= paidAt && !entry.name.includes('/dev/pay/'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          start: entry.startTime - paidAt,
          end: entry.responseEnd - paidAt,
        }));
      // A build with performance.mark('paid:<step>') calls in it shows its steps here.
      const marks = performance
        .getEntriesByType('mark')
        .filter((entry) => entry.startTime >= paidAt && entry.name.startsWith('paid:'))
        .map((entry) => ({ name: entry.name, at: entry.startTime - paidAt }));
      return { total, requests, marks };
    },
    { mintUrl, quote, expected, received: RECEIVED, timeout: STEP_TIMEOUT },
  );
}

/** The protocol floor: a loaded cashu-ts wallet in Node, from paid to the notice and the mint. */
async function protocolFloorRun(wallet, mintUrl, amount) {
  const quote = await wallet.createMintQuoteBolt11(Amount.from(amount));
  const minted = new Promise((resolve, reject) => {
    let cancel = null;
    wallet.on
      .mintQuotePaid(
        quote.quote,
        () => {
          cancel?.();
          wallet
            .mintProofsBolt11(Amount.from(amount), quote.quote)
            .then(() => resolve(performance.now()), reject);
        },
        reject,
      )
      .then((canceller) => (cancel = canceller), reject);
  });
  // Subscribed first, as the app is while its invoice is on screen.
  await new Promise((resolve) => setTimeout(resolve, 250));
  const paidAt = performance.now();
  const response = await fetch(`${mintUrl}/dev/pay/${encodeURIComponent(quote.quote)}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`pay ${quote.quote}: ${response.status}`);
  return (await minted) - paidAt;
}

/** A cashu-ts wallet in Node for the protocol floor, on the socket implementation Node needs. */
export async function floorWallet(mintUrl) {
  injectWebSocketImpl(WebSocket);
  const wallet = new Wallet(mintUrl, { unit: 'sat' });
  await wallet.loadMint();
  return wallet;
}

/** An onboarded merchant's Home in a new context at 1x, its balance known. */
export async function paidPage(browser, storageState, appUrl) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  await page.goto(`${appUrl}/`);
  await page
    .locator('[data-testid="home-balance"][data-balance]')
    .waitFor({ timeout: STEP_TIMEOUT });
  return { context, page };
}

/**
 * One paid sample on `page` (Home): an invoice of `amount` opened, paid at the mint, ms until the
 * balance and toast show it; then the page's reset and one protocol floor sample. `around.before`
 * and `around.after` run just before the pay and after the balance shows (a profiler's start/stop).
 */
export async function paidRound(page, wallet, mintUrl, amount, around = {}) {
  const balance = page.locator('[data-testid="home-balance"][data-balance]');
  const before = Number(await balance.getAttribute('data-balance'));
  await page.keyboard.type(String(amount));
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('img', { name: 'Invoice QR code' }).waitFor({ timeout: STEP_TIMEOUT });
  const quote = await page.locator('section[data-quote-id]').getAttribute('data-quote-id');
  await page.waitForTimeout(250);
  await around.before?.();
  const {
    total: app,
    requests,
    marks,
  } = await paidInPage(page, {
    mintUrl,
    quote,
    expected: before + amount,
  });
  await around.after?.();
  await page.getByText(RECEIVED).first().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
  const floor = await protocolFloorRun(wallet, mintUrl, amount);
  return { app, floor, requests, marks };
}

async function paidSeries(browser, storageState, { appUrl, mintUrl }, runs) {
  const wallet = await floorWallet(mintUrl);
  const { context, page } = await paidPage(browser, storageState, appUrl);
  const app = [];
  const floor = [];
  try {
    // One of each unmeasured: the first socket and the first mint warm both up.
    for (let i = -1; i < runs; i++) {
      const sample = await paidRound(page, wallet, mintUrl, 30 + i);
      if (i >= 0) {
        app.push(sample.app);
        floor.push(sample.floor);
      }
    }
  } finally {
    await context.close();
  }
  return { app, floor };
}

export async function measureTaps({ browser, stack, appUrl, mintUrl, relayUrl, runs = 10, log }) {
  const floorServer = await startFloor();
  const setupContext = await browser.newContext();
  let storageState;
  try {
    const setup = await setupContext.newPage();
    await onboardMerchant(setup, { appUrl, mintUrl, relayUrl });
    storageState = await setupContext.storageState({ indexedDB: true });
  } finally {
    await setupContext.close();
  }
  const urls = { appUrl, mintUrl: stack?.mintUrl ?? mintUrl };
  try {
    const rate = 4;
    const runsOf = {
      floor: [],
      welcome: [],
      firstSale: [],
      laterSale: [],
      coldFloor: [],
      coldWelcome: [],
    };
    // One discarded round: the first page of a fresh browser pays for process start-up.
    await floorTap(browser, floorServer.url, rate);
    await welcomeTap(browser, appUrl, rate);
    await keypadSales(browser, storageState, urls, rate, 1);
    await coldWelcomeTap(browser, appUrl, rate);
    for (let i = 0; i < runs; i++) {
      runsOf.coldFloor.push((await floorRun(browser, floorServer.url, rate)).interactive);
      runsOf.coldWelcome.push(await coldWelcomeTap(browser, appUrl, rate));
      runsOf.floor.push(await floorTap(browser, floorServer.url, rate));
      runsOf.welcome.push(await welcomeTap(browser, appUrl, rate));
      const sales = await keypadSales(browser, storageState, urls, rate);
      runsOf.firstSale.push(sales.first);
      runsOf.laterSale.push(...sales.later);
    }
    const paid = await paidSeries(browser, storageState, urls, runs);
    const result = {
      note:
        `${runs} rounds, each: the floor page, the welcome and a cold keypad, 4x CPU, a new ` +
        'browser context each, tapped once the page is settled (no network, an idle main ' +
        'thread); ms from the click event to the frame showing the result. laterSale: three ' +
        'sales after the first in each keypad run. paid: 1x, paid at the dev mint to balance ' +
        'and toast updated, interleaved with paidFloor (a cashu-ts wallet in Node: notice and ' +
        'mint). coldWelcome: a new user tapping Create New Wallet every frame from the ' +
        'navigation until it takes, ms from navigation to the twelve words, 4x; coldFloor: the ' +
        "floor page's cold load to its button interactive, interleaved.",
      floor: { cpu4x: summarize(runsOf.floor) },
      welcome: { cpu4x: summarize(runsOf.welcome) },
      firstSale: { cpu4x: summarize(runsOf.firstSale) },
      laterSale: { cpu4x: summarize(runsOf.laterSale) },
      coldWelcome: { cpu4x: summarize(runsOf.coldWelcome) },
      coldFloor: { cpu4x: summarize(runsOf.coldFloor) },
      paid: summarize(paid.app),
      paidFloor: summarize(paid.floor),
    };
    result.welcome.distanceToFloor = round(result.welcome.cpu4x.median - result.floor.cpu4x.median);
    result.coldWelcome.distanceToFloor = round(
      result.coldWelcome.cpu4x.median - result.coldFloor.cpu4x.median,
    );
    result.paid.timesFloor = round((result.paid.median / result.paidFloor.median) * 100) / 100;
    log?.(
      `taps 4x: floor ${result.floor.cpu4x.median}, welcome ${result.welcome.cpu4x.median}, ` +
        `first sale ${result.firstSale.cpu4x.median}, later ${result.laterSale.cpu4x.median} ms; ` +
        `cold welcome tap ${result.coldWelcome.cpu4x.median} vs floor load ` +
        `${result.coldFloor.cpu4x.median} ms; ` +
        `paid ${result.paid.median} ms vs protocol floor ${result.paidFloor.median} ms`,
    );
    return result;
  } finally {
    await floorServer.close();
  }
}
