// First-load figures: ms from navigation to the first screen being usable, cold cache, 1x and 4x CPU,
// each beside the floor: a one-button page on React DOM and the data router, loaded in turn with
// the app's screens in the same browser at the same throttling.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryClosure, gzipBytes } from './lib/entry-closure.mjs';
import { throttledPage } from './lib/chromium.mjs';
import { startFloor } from './lib/floor.mjs';
import { round, summarize } from './lib/stats.mjs';

/**
 * Runs in the page before its scripts: watches for a button with this text and records two times,
 * in ms since the navigation started (performance.now()'s origin), each the frame after it became
 * true:
 * - visible: the button is in the page, enabled and laid out (its text can be painted);
 * - interactive: React dispatches a click on it to its handler, i.e. React owns the button (its
 *   props with an onClick are on the node) and the tree holding it is committed, not a server
 *   render still being hydrated (React queues events on a dehydrated root and replays them
 *   later; the check is the one React makes, `root.current.memoizedState.isDehydrated`).
 * A screen rendered on the client is visible and interactive in the same frame; a prerendered one
 * is visible first. The harness clicks the button after each run to check the handler works.
 * Both times go to window.__benchReady (paintedAt = interactive, what bundle.mjs reads) and to the
 * console, which the harness listens to: polling the page from Playwright (waitForFunction) would
 * inject and run Playwright's own script in the page while it loads, tens of ms of main thread at
 * 4x throttling.
 */
export function readyProbe(text) {
  const withText = () =>
    [...document.querySelectorAll('button')].find((button) => button.textContent.trim() === text);
  const expando = (node, prefix) => node[Object.keys(node).find((key) => key.startsWith(prefix))];
  const handlerLive = (button) => {
    if (typeof expando(button, '__reactProps$')?.onClick !== 'function') return false;
    let fiber = expando(button, '__reactFiber$');
    while (fiber?.return) fiber = fiber.return;
    const root = fiber?.stateNode;
    return Boolean(root?.current) && root.current.memoizedState?.isDehydrated !== true;
  };
  let visibleAt = null;
  let scheduled = false;
  const schedule = () => {
    if (scheduled || window.__benchReady) return;
    scheduled = true;
    requestAnimationFrame(frame);
  };
  // Runs in a frame before its paint (after the layout the size check forces, which the frame
  // would do anyway); then every frame until the button is interactive (a hydrated button
  // changes nothing in the DOM to observe).
  function frame() {
    scheduled = false;
    const button = withText();
    if (!button) return; // the observer schedules the next check
    if (button.disabled || button.getBoundingClientRect().width === 0) return schedule();
    const now = performance.now();
    visibleAt ??= now;
    if (!handlerLive(button)) return schedule();
    observer.disconnect();
    window.__benchReady = { visibleAt, interactiveAt: now, paintedAt: now };
    console.debug(`__benchReady ${visibleAt} ${now}`);
  }
  const observer = new MutationObserver(() => {
    if (withText()) schedule();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/**
 * Loads url until the button with this text is interactive; resolves with { visible, interactive }
 * (ms). Then clicks it through Playwright and waits for `handled`, so a button that looks ready
 * but whose handler does not work fails the run instead of being timed.
 */
async function timeTo(page, url, text, handled, { details = false } = {}) {
  await page.addInitScript(readyProbe, text);
  const ready = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('__benchReady '),
    timeout: 30_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  const [visible, interactive] = (await ready).text().split(' ').slice(1).map(Number);
  const more = details ? await page.evaluate(loadDetails) : {};
  await page.getByRole('button', { name: text, exact: true }).click();
  await handled(page);
  return { visible, interactive, ...more };
}

/** In the page after a run: its performance marks and when each file was requested and arrived. */
function loadDetails() {
  const ms = (value) => Math.round(value * 10) / 10;
  const marks = Object.fromEntries(
    performance.getEntriesByType('mark').map((mark) => [mark.name, ms(mark.startTime)]),
  );
  const [navigation] = performance.getEntriesByType('navigation');
  marks['nav.responseEnd'] = ms(navigation.responseEnd);
  marks['nav.domInteractive'] = ms(navigation.domInteractive);
  marks['nav.domContentLoaded'] = ms(navigation.domContentLoadedEventStart);
  for (const paint of performance.getEntriesByType('paint'))
    marks[paint.name] = ms(paint.startTime);
  for (const entry of performance.getEntriesByType('resource')) {
    const file = new URL(entry.name).pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\./, '.');
    if (!/\.(js|css)$/.test(file)) continue;
    marks[`${file}.start`] = ms(entry.startTime);
    marks[`${file}.end`] = ms(entry.responseEnd);
  }
  return { marks };
}

/** The floor page (bench/floor) until its one button is usable. */
export async function floorRun(browser, floorUrl, rate, options) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    return await timeTo(
      page,
      `${floorUrl}/`,
      'Ready',
      (p) => p.locator('button[data-presses="1"]').waitFor(),
      options,
    );
  } finally {
    await context.close();
  }
}

/** A brand-new user opening /: redirected to onboarding, until 'Create New Wallet' is usable. */
export async function welcomeRun(browser, appUrl, rate, options) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    return await timeTo(
      page,
      `${appUrl}/`,
      'Create New Wallet',
      (p) => p.waitForURL((url) => url.pathname === '/onboarding/mnemonic'),
      options,
    );
  } finally {
    await context.close();
  }
}

/** Onboards through the app's own single-page onboarding (new phrase); leaves the page on /. */
export async function onboardMerchant(page, { appUrl, mintUrl, relayUrl }) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByTestId('phrase-word').nth(11).waitFor();
  await page.getByLabel('I have written down my recovery phrase and stored it safely').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Submit' }).waitFor();
}

/**
 * The storage (IndexedDB, localStorage) of a merchant onboarded once on the build at
 * `stack.appUrl` (its own origin), to load into each timed run's new context.
 */
export async function onboardedState(browser, stack) {
  const context = await browser.newContext();
  try {
    await onboardMerchant(await context.newPage(), stack);
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

/**
 * An onboarded merchant opening / until the keypad, cold: the wallet is onboarded in one context,
 * and its storage (IndexedDB, localStorage) is carried into a fresh context for the timed load, as
 * the floor's is fresh. Timing in the onboarding context itself (its HTTP cache emptied) measured
 * what that context still did after its page closed: the service worker it registered was
 * precaching the whole build (docs/decisions/0002-first-load.md).
 */
export async function keypadRun(browser, stack, rate, options) {
  const setupContext = await browser.newContext();
  let storageState;
  try {
    const setup = await setupContext.newPage();
    await onboardMerchant(setup, stack);
    storageState = await setupContext.storageState({ indexedDB: true });
  } finally {
    await setupContext.close();
  }
  const context = await browser.newContext({ storageState });
  try {
    const page = await throttledPage(context, rate);
    // Submit with no amount typed answers with the keypad's hint.
    return await timeTo(
      page,
      `${stack.appUrl}/`,
      'Submit',
      (p) => p.getByText('Enter an amount first').waitFor(),
      options,
    );
  } finally {
    await context.close();
  }
}

/** gzip bytes of the JS the floor page loads (its entry and what that imports). */
function floorJs(distDir) {
  const { files } = entryClosure(distDir);
  const bytes = (file) => readFileSync(join(distDir, 'assets', file));
  return {
    files: files.length,
    gzipBytes: files.reduce((sum, file) => sum + gzipBytes(bytes(file)), 0),
  };
}

export async function measureFirstLoad({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  firstLoadRuns: runs = 16,
  log,
}) {
  const stack = { appUrl, mintUrl, relayUrl };
  const floorServer = await startFloor();
  const result = {
    note:
      `cold cache, new browser context per run, ${runs} runs each; floor, welcome and keypad ` +
      'loaded in turn (floor: one button, React DOM + the data router, same build config); ' +
      'distanceToFloor = median - floor median at the same CPU rate. cpu1x/cpu4x: interactive ' +
      '(React dispatches a click on the button to its handler; each run then clicks it and waits ' +
      "for the handler's effect); visible.cpu1x/cpu4x: the button painted, enabled",
    floor: { js: floorJs(floorServer.distDir) },
    welcome: {},
    keypad: {},
    distanceToFloor: { welcome: {}, keypad: {} },
  };
  try {
    for (const [label, rate] of [
      ['cpu1x', 1],
      ['cpu4x', 4],
    ]) {
      const runsOf = { floor: [], welcome: [], keypad: [] };
      // One discarded run each: the first page of a fresh browser pays for process start-up.
      await floorRun(browser, floorServer.url, rate);
      await welcomeRun(browser, appUrl, rate);
      await keypadRun(browser, stack, rate);
      for (let i = 0; i < runs; i++) {
        runsOf.floor.push(await floorRun(browser, floorServer.url, rate));
        runsOf.welcome.push(await welcomeRun(browser, appUrl, rate));
        runsOf.keypad.push(await keypadRun(browser, stack, rate));
      }
      // The budgets read floor/welcome/keypad.<rate>: the interactive time. The visible time is
      // reported beside it (the same on a screen rendered on the client).
      for (const page of ['floor', 'welcome', 'keypad']) {
        result[page][label] = summarize(runsOf[page].map((run) => run.interactive));
        result[page].visible ??= {};
        result[page].visible[label] = summarize(runsOf[page].map((run) => run.visible));
      }
      for (const screen of ['welcome', 'keypad']) {
        result.distanceToFloor[screen][label] = round(
          result[screen][label].median - result.floor[label].median,
        );
        result.distanceToFloor[screen].visible ??= {};
        result.distanceToFloor[screen].visible[label] = round(
          result[screen].visible[label].median - result.floor.visible[label].median,
        );
      }
      log?.(
        `first load ${label} (interactive / visible): floor ${result.floor[label].median} ms, ` +
          `welcome ${result.welcome[label].median} / ${result.welcome.visible[label].median} ms, ` +
          `keypad ${result.keypad[label].median} / ${result.keypad.visible[label].median} ms`,
      );
    }
  } finally {
    await floorServer.close();
  }
  return result;
}
