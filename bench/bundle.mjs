// Bundle figures: gzip bytes of the JS a first visit to / loads (network and dist), all JS, CSS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readyProbe } from './first-load.mjs';
import { entryClosure, gzipBytes } from './lib/entry-closure.mjs';

function assetTotals(distDir, files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const buffer = readFileSync(join(distDir, 'assets', file));
    raw += buffer.length;
    gzip += gzipBytes(buffer);
  }
  return { files: files.length, rawBytes: raw, gzipBytes: gzip };
}

/**
 * Opens path as a new user (fresh context) and sums the JS and CSS fetched: `beforeReady` holds
 * what was requested before 'Create New Wallet' was usable (what the first screen costs),
 * `afterIdle` adds what the app fetches afterwards at idle (the services for the next steps).
 */
async function networkFirstVisit(browser, appUrl, path) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.addInitScript(readyProbe, 'Create New Wallet');
    await page.goto(`${appUrl}${path}`);
    await page.waitForFunction(() => window.__benchReady, null, { timeout: 30_000, polling: 50 });
    await page.waitForLoadState('networkidle');
    const early = new Set(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= window.__benchReady.paintedAt)
          .map((entry) => new URL(entry.name).pathname),
      ),
    );
    const files = [];
    for (const response of responses) {
      const file = new URL(response.url()).pathname;
      const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
      if (!kind || !response.ok()) continue;
      const body = await response.body();
      files.push({
        kind,
        early: early.has(file),
        file: file.replace(/^\/assets\//, ''),
        rawBytes: body.length,
        gzipBytes: gzipBytes(body),
      });
    }
    const total = (list) => ({
      files: list.length,
      rawBytes: list.reduce((sum, item) => sum + item.rawBytes, 0),
      gzipBytes: list.reduce((sum, item) => sum + item.gzipBytes, 0),
      list: list.map((item) => `${item.file} ${item.gzipBytes}`),
    });
    const js = files.filter((item) => item.kind === 'js');
    return {
      beforeReady: total(js.filter((item) => item.early)),
      afterIdle: total(js),
      css: total(files.filter((item) => item.kind === 'css')),
    };
  } finally {
    await context.close();
  }
}

export async function measureBundle({ browser, appUrl, distDir }) {
  const assets = readdirSync(join(distDir, 'assets'));
  // The method: /onboarding as a new user; / (the guard redirects it there) beside it.
  const network = await networkFirstVisit(browser, appUrl, '/onboarding');
  const viaRoot = await networkFirstVisit(browser, appUrl, '/');
  const closure = entryClosure(distDir);
  return {
    note:
      'gzip -6 bytes of built files. firstVisitJs: JS a new user opening /onboarding fetched ' +
      "before 'Create New Wallet' was usable; firstVisitAfterIdleJs adds what the app then " +
      'prefetches at idle (services for the next steps); firstVisitViaRootJs: the same for /, ' +
      'which the guard redirects to the welcome screen.',
    firstVisitJs: network.beforeReady,
    firstVisitAfterIdleJs: network.afterIdle,
    firstVisitViaRootJs: viaRoot.beforeReady,
    entryStaticJs: { entry: closure.entry, ...assetTotals(distDir, closure.files) },
    allJs: assetTotals(
      distDir,
      assets.filter((file) => file.endsWith('.js')),
    ),
    css: assetTotals(
      distDir,
      assets.filter((file) => file.endsWith('.css')),
    ),
    firstVisitCss: network.css,
  };
}
