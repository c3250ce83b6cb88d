// The merchant PIN's key derivation (src/core/lock/kdf.ts, decision 0016): one scrypt derivation
// with the app's parameters, timed in Chromium on a 4x-throttled CPU, the way a slow till
// unlocks. Budget 300 ms (bench/budgets.json "pinKdf.cpu4x"). Each run uses a fresh salt.
// Standalone: `node --import tsx bench/pin-kdf.mjs [runs]`.
import { pathToFileURL } from 'node:url';
import { launchChromium } from './lib/chromium.mjs';
import { at4xThen1x, onBlankPage, pageBundle } from './lib/page-timing.mjs';
import { summarize } from './lib/stats.mjs';

/** Exposes `window.__pinKdf = { DEFAULT_KDF, deriveKeyBytes }` from the app's own module. */
const ENTRY = `
import { DEFAULT_KDF, deriveKeyBytes } from './src/core/lock/kdf';
window.__pinKdf = { DEFAULT_KDF, deriveKeyBytes };
`;

function timeDerivations(browser, rate, runs, script) {
  return onBlankPage(
    browser,
    rate,
    { title: 'pin kdf', script },
    async (count) => {
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
    },
    runs,
  );
}

/** `{ cpu4x, cpu1x, params }`: each a summary of `runs` derivations. */
export async function measurePinKdf({ browser, runs = 10, quick = false, log }) {
  const script = await pageBundle(ENTRY, 'bench-pin-kdf.ts');
  const count = quick ? 3 : runs;
  const { slow, fast } = await at4xThen1x(
    'pinKdf',
    log,
    (rate) => timeDerivations(browser, rate, count, script),
    (result) => result.times,
  );
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
