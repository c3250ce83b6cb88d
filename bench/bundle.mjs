// Bundle figures: gzip bytes of the JS a first visit to / loads (network and dist), all JS, CSS.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** gzip at zlib's default level (6), what a typical static host sends. */
export const gzipBytes = (buffer) => gzipSync(buffer).length;

/** Static imports of a built chunk (`import"./x.js"`, `from"./x.js"`), never dynamic import(). */
export function staticImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
    found.add(match[1].slice(2));
  }
  return [...found];
}

/** The entry chunk plus everything it statically imports, read from dist/ (index.html first). */
export function entryClosure(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = html.match(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+\.js)"/)?.[1];
  if (!entry) throw new Error('no module entry script in dist/index.html');
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(distDir, 'assets', file));
    for (const next of staticImports(code.toString('utf8'))) visit(next);
  };
  visit(entry);
  return { entry, files: [...seen] };
}

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

/** Opens path as a new user (fresh context) until the welcome screen shows; sums what was fetched. */
async function networkFirstVisit(browser, appUrl, path) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`${appUrl}${path}`);
    await page.getByRole('button', { name: 'Create New Wallet' }).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const js = [];
    const css = [];
    for (const response of responses) {
      const file = new URL(response.url()).pathname;
      const list = file.endsWith('.js') ? js : file.endsWith('.css') ? css : null;
      if (!list || !response.ok()) continue;
      const body = await response.body();
      list.push({
        file: file.replace(/^\/assets\//, ''),
        rawBytes: body.length,
        gzipBytes: gzipBytes(body),
      });
    }
    const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
    return {
      js: {
        files: js.length,
        rawBytes: sum(js, 'rawBytes'),
        gzipBytes: sum(js, 'gzipBytes'),
        list: js,
      },
      css: { files: css.length, rawBytes: sum(css, 'rawBytes'), gzipBytes: sum(css, 'gzipBytes') },
    };
  } finally {
    await context.close();
  }
}

export async function measureBundle({ browser, appUrl, distDir }) {
  const assets = readdirSync(join(distDir, 'assets'));
  // The method: /onboarding as a new user. Opening / also runs the guard's redirect, and
  // the router fetches the index route's screen in parallel with that loader: reported beside it.
  const network = await networkFirstVisit(browser, appUrl, '/onboarding');
  const viaRoot = await networkFirstVisit(browser, appUrl, '/');
  const closure = entryClosure(distDir);
  return {
    note: 'gzip -6 bytes of built files; first visit = a new user opening /onboarding (firstVisitViaRootJs: opening /, redirected there)',
    firstVisitJs: {
      gzipBytes: network.js.gzipBytes,
      rawBytes: network.js.rawBytes,
      files: network.js.list.map((item) => `${item.file} ${item.gzipBytes}`),
    },
    firstVisitViaRootJs: {
      gzipBytes: viaRoot.js.gzipBytes,
      rawBytes: viaRoot.js.rawBytes,
      files: viaRoot.js.list.map((item) => `${item.file} ${item.gzipBytes}`),
    },
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
