// First-load figures: ms from navigation to the first screen being usable, cold cache, 1x and 4x CPU,
// each beside the floor: a one-button page on React DOM and the data router, loaded in turn with
// the app's screens in the same browser at the same throttling.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryClosure, gzipBytes } from './bundle.mjs';
import { clearHttpCache, throttledPage } from './lib/chromium.mjs';
import { startFloor } from './lib/floor.mjs';
import { round, summarize } from './lib/stats.mjs';

/**
 * Runs in the page before its scripts: watches the DOM for a button with this text (visible and
 * enabled) and stores in window.__benchReady the frame time it is first painted in, in ms since
 * the navigation started (performance.now()'s origin). It also logs that time to the console, which
 * the harness listens to: polling the page from Playwright (waitForFunction) would inject and run
 * Playwright's own script in the page while it loads, tens of ms of main thread at 4x throttling.
 */
export function readyProbe(text) {
  const isReady = () =>
    [...document.querySelectorAll('button')].some(
      (button) =>
        button.textContent.trim() === text &&
        !button.disabled &&
        button.getBoundingClientRect().width > 0,
    );
  const observer = new MutationObserver(() => {
    if (!isReady()) return;
    observer.disconnect();
    const seenAt = performance.now();
    requestAnimationFrame(() => {
      window.__benchReady = { seenAt, paintedAt: performance.now() };
      console.debug(`__benchReady ${window.__benchReady.paintedAt}`);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

async function timeTo(page, url, text) {
  await page.addInitScript(readyProbe, text);
  const ready = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('__benchReady '),
    timeout: 30_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  return Number((await ready).text().split(' ')[1]);
}

/** The floor page (bench/floor) until its one button is usable. */
async function floorRun(browser, floorUrl, rate) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    return await timeTo(page, `${floorUrl}/`, 'Ready');
  } finally {
    await context.close();
  }
}

/** A brand-new user opening /: redirected to onboarding, until 'Create New Wallet' is usable. */
async function welcomeRun(browser, appUrl, rate) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    return await timeTo(page, `${appUrl}/`, 'Create New Wallet');
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
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Submit' }).waitFor();
}

/** An onboarded merchant (fresh context, then the HTTP cache emptied) opening / until the keypad. */
async function keypadRun(browser, stack, rate) {
  const context = await browser.newContext();
  try {
    const setup = await context.newPage();
    await onboardMerchant(setup, stack);
    await setup.close();
    await clearHttpCache(context);
    const page = await throttledPage(context, rate);
    return await timeTo(page, `${stack.appUrl}/`, 'Submit');
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

export async function measureFirstLoad({ browser, appUrl, mintUrl, relayUrl, runs = 10, log }) {
  const stack = { appUrl, mintUrl, relayUrl };
  const floorServer = await startFloor();
  const result = {
    note:
      `cold cache, new browser context per run, ${runs} runs each; floor, welcome and keypad ` +
      'loaded in turn (floor: one button, React DOM + the data router, same build config); ' +
      'distanceToFloor = median - floor median at the same CPU rate',
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
      const floor = [];
      const welcome = [];
      const keypad = [];
      // One discarded run each: the first page of a fresh browser pays for process start-up.
      await floorRun(browser, floorServer.url, rate);
      await welcomeRun(browser, appUrl, rate);
      await keypadRun(browser, stack, rate);
      for (let i = 0; i < runs; i++) {
        floor.push(await floorRun(browser, floorServer.url, rate));
        welcome.push(await welcomeRun(browser, appUrl, rate));
        keypad.push(await keypadRun(browser, stack, rate));
      }
      result.floor[label] = summarize(floor);
      result.welcome[label] = summarize(welcome);
      result.keypad[label] = summarize(keypad);
      for (const screen of ['welcome', 'keypad']) {
        result.distanceToFloor[screen][label] = round(
          result[screen][label].median - result.floor[label].median,
        );
      }
      log?.(
        `first load ${label}: floor ${result.floor[label].median} ms, welcome ` +
          `${result.welcome[label].median} ms, keypad ${result.keypad[label].median} ms`,
      );
    }
  } finally {
    await floorServer.close();
  }
  return result;
}
