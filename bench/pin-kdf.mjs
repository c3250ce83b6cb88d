// The merchant PIN's key derivation (src/core/lock/kdf.ts, decision 0016): one scrypt derivation
// with the app's parameters, timed in Chromium on a 4x-throttled CPU, the way a slow till
// unlocks. Budget 300 ms (bench/budgets.json "pinKdf.cpu4x"). Each run uses a fresh salt.
// Standalone: `node --import tsx bench/pin-kdf.mjs [runs]`.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium, throttledPage } from './lib/chromium.mjs';
import { summarize } from './lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Exposes `window.__pinKdf = { DEFAULT_KDF, deriveKeyBytes }` from the app's own module. */
const ENTRY = `
import { DEFAULT_KDF, deriveKeyBytes } from './src/core/lock/kdf';
window.__pinKdf = { DEFAULT_KDF, deriveKeyBytes };
`;

async function kdfBundle() {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'bench-pin-kdf.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    // The production build minifies; the timing should be of the same kind of code.
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

async function timeDerivations(browser, rate, runs, script) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    // A blank page: no app, no CSP, only the module under test.
    await page.setContent('<!doctype html><title>pin kdf</title>');
    await page.addScriptTag({ content: script });
    return await page.evaluate(async (count) => {
      const { DEFAULT_KDF, deriveKeyBytes } = window.__pinKdf;
      const times = [];
      // One warm-up: the first call also compiles scrypt's code, which a real unlock pays once.
      await deriveKeyBytes('000000', crypto.getRandomValues(new Uint8Array(16)), DEFAULT_KDF);
      for (let i = 0; i < count; i++) {
        const salt = crypto.getRandomValues(new Uint8Array(16));
        const t0 = performance.now();
        await deriveKeyBytes('482915', salt, DEFAULT_KDF);
        times.push(performance.now() - t0);
      }
      return { times, params: DEFAULT_KDF };
    }, runs);
  } finally {
    await context.close();
  }
}

/** `{ cpu4x, cpu1x, params }`: each a summary of `runs` derivations. */
export async function measurePinKdf({ browser, runs = 10, quick = false, log }) {
  const script = await kdfBundle();
  const count = quick ? 3 : runs;
  const slow = await timeDerivations(browser, 4, count, script);
  log?.(`pinKdf: 4x ${slow.times.map((t) => Math.round(t)).join(' ')} ms`);
  const fast = await timeDerivations(browser, 1, count, script);
  return {
    cpu4x: summarize(slow.times),
    cpu1x: summarize(fast.times),
    params: slow.params,
    what: 'one scrypt derivation of the PIN key (src/core/lock/kdf.ts), Chromium, after one warm-up',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const browser = await launchChromium();
  try {
    const runs = Number(process.argv[2] ?? 10);
    const result = await measurePinKdf({
      browser,
      runs,
      log: (l) => process.stderr.write(`${l}\n`),
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
  }
}
