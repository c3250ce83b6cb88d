// Timing a module of the app in Chromium on a blank page at 4x and 1x CPU (the PIN key derivation,
// the offline check): the module bundled as the production build bundles it, a function timed in
// the page.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { throttledPage } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `entry` (TypeScript, paths from the repository root) as one minified script for a page. */
export async function pageBundle(entry, sourcefile) {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile },
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

/** `timed(arg)` evaluated on a blank page with only `script` loaded, the CPU `rate` times slower. */
export async function onBlankPage(browser, rate, { title, script }, timed, arg) {
  const context = await browser.newContext();
  try {
    const page = await throttledPage(context, rate);
    // A blank page: no app, no CSP, only the module under test.
    await page.setContent(`<!doctype html><title>${title}</title>`);
    await page.addScriptTag({ content: script });
    return await page.evaluate(timed, arg);
  } finally {
    await context.close();
  }
}

/**
 * `measureAt(4)` then `measureAt(1)`, the slow one's times (`timesOf` it) logged as `name: 4x … ms`
 * before the fast one starts.
 */
export async function at4xThen1x(name, log, measureAt, timesOf) {
  const slow = await measureAt(4);
  log?.(
    `${name}: 4x ${timesOf(slow)
      .map((t) => Math.round(t))
      .join(' ')} ms`,
  );
  const fast = await measureAt(1);
  return { slow, fast };
}
