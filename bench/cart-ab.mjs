// A/B of the cart figure (bench/cart.mjs): two or more source trees of the app built against one dev
// mint, relay and price feed, then run in turn, round by round, in one browser at 4x CPU, so a
// change is judged against the same noise. Beside the times it counts the work, which load does not
// change: the renderer's script and layout time and counts (CDP Performance.getMetrics) and the long
// tasks of each step; --profile=DIR writes one CPU profile per build of its first round.
//
//   git archive <base> | tar -x -C /tmp/cart-base && ln -s "$PWD/node_modules" /tmp/cart-base/
//   node --import tsx bench/cart-ab.mjs base=/tmp/cart-base new=. [--runs=8] [--profile=/tmp/prof]
//        [--no-minify] [--settled] [--threads]
//
// --settled taps as the budgeted figure does (2 s after the keypad shows, at an idle moment);
// without it, as soon as the keypad shows. --threads traces each run lightly and adds each step's
// main-thread time (openThreadMs, addThreadMs: thread CPU, which other processes on a loaded
// machine move far less than the wall-clock spans).
//
// Prints JSON per build: medians of open and add (ms), of the per-round differences to the first
// build (pairedVs), and of the counts.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { startMint } from '../dev/mint/server.ts';
import { startPriceFeed } from '../dev/prices/server.ts';
import { startRelay } from '../dev/relay/server.ts';
import { cartRun, prepareCart } from './cart.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { flag, hasFlag, namedBuilds } from './lib/cli.mjs';
import { round, summarize } from './lib/stats.mjs';

const runs = Number(flag('runs', 8));
const profileDir = flag('profile', undefined);
const minify = !hasFlag('no-minify');
const settled = hasFlag('settled');
const threads = hasFlag('threads');
const builds = namedBuilds().map(({ name, dir }) => ({ name, root: dir }));
const log = (line) => process.stderr.write(`[cart-ab] ${line}\n`);

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'cart-ab-'));
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(work, 'mint') });
  const relay = await startRelay({ port: 0 });
  const prices = await startPriceFeed({ port: 0 });
  process.env.VITE_DEFAULT_MINT_URL = mint.url;
  process.env.VITE_DEFAULT_RELAYS = JSON.stringify([relay.url]);
  process.env.VITE_DISCOVERY_RELAYS = JSON.stringify([relay.url]);
  process.env.VITE_AUDITOR_URL = '';
  process.env.VITE_PRICE_URL = prices.pricesUrl;
  const servers = [];
  const browser = await launchChromium();
  try {
    for (const b of builds) {
      const outDir = join(work, b.name);
      log(`building ${b.name} (${b.root})`);
      const configFile = join(b.root, 'vite.config.ts');
      await build({
        root: b.root,
        configFile,
        mode: 'production',
        logLevel: 'warn',
        build: { outDir, emptyOutDir: true, ...(minify ? {} : { minify: false }) },
      });
      const server = await preview({
        root: b.root,
        configFile,
        logLevel: 'warn',
        build: { outDir },
        preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
      });
      servers.push(server);
      b.url = `http://127.0.0.1:${server.httpServer.address().port}`;
      b.page = await prepareCart(browser, {
        appUrl: b.url,
        mintUrl: mint.url,
        relayUrl: relay.url,
      });
      b.results = [];
    }
    for (let i = 0; i < runs; i++) {
      for (const b of builds) {
        const profile = profileDir && i === 0 ? true : false;
        const trace = profileDir && i === 1 ? join(profileDir, `${b.name}.trace.json`) : undefined;
        if (trace) await mkdir(profileDir, { recursive: true });
        const result = await cartRun(b.page, b.url, { profile, trace, settled, threads });
        if (result.profile) {
          await mkdir(profileDir, { recursive: true });
          await writeFile(join(profileDir, `${b.name}.cpuprofile`), JSON.stringify(result.profile));
          delete result.profile;
        }
        b.results.push(result);
        log(`round ${i + 1} ${b.name}: ${JSON.stringify(result)} load ${loadavg()[0].toFixed(2)}`);
      }
    }
    const first = builds[0];
    const out = {};
    for (const b of builds) {
      const keys = Object.keys(b.results[0]);
      const med = Object.fromEntries(
        keys.map((k) => [k, summarize(b.results.map((r) => r[k])).median]),
      );
      const pairedVs = Object.fromEntries(
        keys.map((k) => [k, summarize(b.results.map((r, i) => r[k] - first.results[i][k])).median]),
      );
      out[b.name] = { median: med, pairedVsFirst: b === first ? undefined : pairedVs };
    }
    out.loadAverage = loadavg().map((l) => round(l));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    await browser.close().catch(() => {});
    for (const s of servers) await new Promise((r) => s.httpServer.close(r));
    await prices.close().catch(() => {});
    await relay.close().catch(() => {});
    await mint.close().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`[cart-ab] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
