// A/B of the cold tap figures (bench/taps.mjs): two or more builds run in turn, round by round,
// in one browser at 4x CPU, beside the floor page's cold load, so a change is judged against
// the same noise (docs/performance.md "Taps").
//
//   node --import tsx bench/taps-ab.mjs a=/tmp/ab/a b=/tmp/ab/b [--runs=12]
//        [--taps=coldWelcome,firstSale] [--profile=DIR] [--profile-sale=later]
//
// coldWelcome: a new user tapping "Create New Wallet" every frame from navigation, ms to the
// twelve words; firstSale: a cold keypad, settled, Submit to the invoice QR (the first sale;
// laterSale: the one after it). Prints each build's medians and each build's median per-round
// difference to the first build (pairedVs). --profile=DIR writes one Chromium trace (with a CPU
// profile) per build and tap after the rounds: the whole cold load for coldWelcome, Submit to the
// QR for firstSale (or, with --profile-sale=later, for the sale after it); open them in DevTools.
//
// Give it builds whose policy lets the page reach the loopback dev mint and relay (the e2e and
// bench stack builds do): e.g. VITE_DEFAULT_MINT_URL=http://127.0.0.1:9 npx vite build --outDir
// /tmp/ab/a (onboarding here types the dev mint's and relay's URLs; the default one is never
// asked, vite-plugins/csp.ts).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMint } from '../dev/mint/server.ts';
import { startRelay } from '../dev/relay/server.ts';
import { floorRun, onboardedState } from './first-load.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { flag, namedBuilds, serveBuild } from './lib/cli.mjs';
import { startFloor } from './lib/floor.mjs';
import { round, summarize } from './lib/stats.mjs';
import { coldWelcomeTap, keypadSales } from './taps.mjs';

const RATE = 4;
const runs = Number(flag('runs', 12));
const taps = flag('taps', 'coldWelcome,firstSale').split(',');
const profileDir = flag('profile', null);
const profileLater = flag('profile-sale', 'first') === 'later';
const builds = namedBuilds();
const log = (line) => process.stderr.write(`[taps-ab] ${line}\n`);
const failed = (key) => (error) => {
  log(`${key} failed: ${String(error?.message ?? error).split('\n')[0]}`);
  return Number.NaN;
};

/** The trace categories: tasks, network, script and a sampled CPU profile. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
  'toplevel',
];

/** A Chromium trace around one step, written to DIR/<name>.json (`around` of bench/taps.mjs). */
const tracer = (browser, name) => async (page) => {
  await browser.startTracing(page, {
    path: join(profileDir, `${name}.json`),
    categories: CATEGORIES,
  });
  return async () => {
    await browser.stopTracing();
  };
};

async function main() {
  if (builds.length === 0) throw new Error('usage: bench/taps-ab.mjs name=distDir ... [--runs=12]');
  const workDir = await mkdtemp(join(tmpdir(), 'cashew-taps-ab-'));
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(workDir, 'mint') });
  const relay = await startRelay({ port: 0 });
  const floor = await startFloor();
  const servers = await Promise.all(builds.map((build) => serveBuild(build.dir)));
  const browser = await launchChromium();
  const results = {};
  const jobs = [
    { key: 'coldFloor', run: async () => (await floorRun(browser, floor.url, RATE)).interactive },
  ];
  try {
    for (const [i, build] of builds.entries()) {
      const stack = { appUrl: servers[i].url, mintUrl: mint.url, relayUrl: relay.url };
      if (taps.includes('coldWelcome')) {
        jobs.push({
          key: `coldWelcome.${build.name}`,
          run: (around) => coldWelcomeTap(browser, stack.appUrl, RATE, around),
        });
      }
      if (taps.includes('firstSale')) {
        const state = await onboardedState(browser, stack);
        jobs.push({
          key: `firstSale.${build.name}`,
          run: async (around) => {
            const later = (results[`laterSale.${build.name}`] ??= []);
            const sales = await keypadSales(
              browser,
              state,
              stack,
              RATE,
              1,
              around,
              profileLater,
            ).catch((error) => {
              later.push(Number.NaN);
              throw error;
            });
            later.push(sales.later[0]);
            return sales.first;
          },
        });
      }
    }
    for (const job of jobs) results[job.key] = [];
    for (const job of jobs) await job.run().catch(failed(job.key)); // discarded warm-up of each
    for (const key of Object.keys(results)) if (key.startsWith('laterSale.')) results[key] = [];
    for (let i = 0; i < runs; i++) {
      // Rotate the order every round so no build always follows the same one.
      const order = jobs.map((_, j) => jobs[(i + j) % jobs.length]);
      // A run that fails (a step past its timeout on a loaded machine) counts as missing: its
      // round is left out of the paired differences.
      for (const job of order) results[job.key].push(await job.run().catch(failed(job.key)));
      log(
        `round ${i + 1}/${runs}: ${order.map((job) => `${job.key} ${round(results[job.key].at(-1))}`).join(', ')}`,
      );
    }
    if (profileDir) {
      await mkdir(profileDir, { recursive: true });
      for (const job of jobs.slice(1)) await job.run(tracer(browser, job.key));
      log(`profiles in ${profileDir}`);
    }
  } finally {
    await browser.close().catch(() => {});
    await Promise.all(servers.map((server) => server.close()));
    await floor.close();
    await relay.close();
    await mint.close();
    await rm(workDir, { recursive: true, force: true });
  }
  const paired = (a, b) =>
    summarize(a.map((value, i) => value - b[i]).filter((d) => Number.isFinite(d))).median;
  const out = { rate: RATE, runs, figures: {} };
  for (const [key, list] of Object.entries(results)) {
    const s = summarize(list.filter((value) => Number.isFinite(value)));
    out.figures[key] = { median: s.median, range: `${s.min}-${s.max}`, values: s.values };
    if (key !== 'coldFloor') out.figures[key].pairedOverFloor = paired(list, results.coldFloor);
  }
  // Each build against the first, round by round (the same slow stretch slows both).
  const [first, ...others] = builds;
  for (const tap of [...taps, ...(taps.includes('firstSale') ? ['laterSale'] : [])]) {
    for (const build of others) {
      out.figures[`${tap}.${build.name}`].pairedVs = {
        [first.name]: paired(results[`${tap}.${build.name}`], results[`${tap}.${first.name}`]),
      };
    }
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

// A step's own waits may reject after the run that made them failed and was counted.
process.on('unhandledRejection', (error) =>
  log(`late failure: ${String(error?.message ?? error).split('\n')[0]}`),
);

main().catch((error) => {
  process.stderr.write(`[taps-ab] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
