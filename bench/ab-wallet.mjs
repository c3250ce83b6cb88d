// A/B of the wallet page ready (bench/wallet-scale.mjs's walletPageReady): two or more builds of
// the app, each with its own profile holding the same wallet (onboarded, then `events` history
// rows and a tenth as many proofs bulk-inserted), /wallet opened on each in turn, round by round,
// so a change is judged against the same noise on a shared machine.
//
//   npx vite build --outDir /tmp/ab/a          # before the change
//   npx vite build --outDir /tmp/ab/b          # after it
//   node --import tsx bench/ab-wallet.mjs a=/tmp/ab/a b=/tmp/ab/b [--runs=15] [--events=1000]
//     [--profile=dir]
//
// Prints per build the median (min-max) of walletPageReady and of the main thread's CPU time over
// the same visit (mainThreadMs, CDP Performance ThreadTime: what a loaded machine's waits do not
// inflate), and per later build the medians of the per-round differences to the first (pairedVs,
// threadPairedVs). Progress to stderr, JSON to stdout.
// --profile: after the rounds, one more visit per build under the CDP Profiler (200 µs sampling),
// from the navigation to the page ready, written to dir/<build>.cpuprofile (Chrome DevTools).
// --floor: the floor page (bench/floor: one button, React DOM + the data router, the same build
// config) visited in each round as well, the same way (its own profile, an untimed first visit,
// then from the cache) to the frame after its button is in the document: the least a cold load
// of a React page from the cache costs on this machine at that moment (docs/performance.md
// "Wallet at scale").
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMint } from '../dev/mint/server.ts';
import { startRelay } from '../dev/relay/server.ts';
import { flag, hasFlag, namedBuilds, serveBuild } from './lib/cli.mjs';
import { startFloor } from './lib/floor.mjs';
import { tempProfile } from './lib/persistent-profile.mjs';
import { onboard } from './lib/onboard.mjs';
import { round, summarize } from './lib/stats.mjs';
import { storageBundle } from './lib/storage-bundle.mjs';
import { bulkInsert, walletReadyProbe } from './wallet-scale.mjs';

const runs = Number(flag('runs', 15));
const events = Number(flag('events', 1000));
const builds = namedBuilds();
const profileDir = flag('profile', null);
const withFloor = hasFlag('floor');
const log = (line) => process.stderr.write(`[ab-wallet] ${line}\n`);

/**
 * One visit of url in context's page: ms to the page ready (window.__walletReady, set by the
 * probe), and the main thread's CPU time (ms) from before the navigation to it; with a file
 * name, under the CDP Profiler, the profile written there.
 */
function timedVisit(context, page, url) {
  return async (profile) => {
    const cdp = await context.newCDPSession(page);
    // threadTicks: ThreadTime counts the renderer's main thread CPU, not wall-clock time, so a
    // loaded machine's waits do not count (a later build is judged on the work it did).
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const threadTime = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const before = await threadTime();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__walletReady, null, { timeout: 120_000, polling: 50 });
    const threadMs = ((await threadTime()) - before) * 1000;
    if (profile) {
      const { profile: data } = await cdp.send('Profiler.stop');
      await writeFile(profile, JSON.stringify(data));
    }
    await cdp.detach();
    return { ready: await page.evaluate(() => window.__walletReady), threadMs };
  };
}

/** Before the floor page's scripts: note the frame after its button is in the document. */
function floorReadyProbe() {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('button')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__walletReady = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The floor page, built and served, in its own profile, visited once untimed. */
async function prepareFloor() {
  const server = await startFloor();
  const profile = await tempProfile('cashew-ab-wallet-floor-');
  const context = await profile.launch();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(floorReadyProbe);
  return visited({ name: 'floor' }, { server, profile, context, page, path: '/' });
}

/**
 * A page ready to be visited in the rounds, after one untimed visit (the reopened profile's
 * first visit compiles the scripts), with its samples and what closes it.
 */
async function visited(build, { server, profile, context, page, path }) {
  const visit = timedVisit(context, page, `${server.url}${path}`);
  await visit();
  return {
    ...build,
    visit,
    samples: [],
    threads: [],
    async close() {
      await context.close().catch(() => {});
      await profile.remove();
      await server.close();
    },
  };
}

/** One build: served, its own profile, a wallet of `events` rows, the page left on Home. */
async function prepare(build, { mintUrl, relayUrl, keysetId }) {
  const server = await serveBuild(build.dir);
  const profile = await tempProfile(`cashew-ab-wallet-${build.name}-`);
  let context = await profile.launch();
  let page = context.pages()[0] ?? (await context.newPage());
  await onboard(page, { appUrl: server.url, mintUrl, relayUrl }, { timeout: 120_000 });
  await page.addScriptTag({ content: await storageBundle() });
  const inserted = await page.evaluate(bulkInsert, {
    proofs: events / 10,
    events,
    keysetId,
    chunk: 5_000,
  });
  await context.close();
  context = await profile.launch();
  page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(walletReadyProbe, `${inserted.total.toLocaleString('en-US')} sats`);
  return visited(build, { server, profile, context, page, path: '/wallet' });
}

const dir = await mkdtemp(join(tmpdir(), 'cashew-ab-wallet-'));
const mint = await startMint({ port: 0, fresh: true, dataDir: join(dir, 'mint') });
const relay = await startRelay({ port: 0 });
const prepared = [];
let floor = null;
try {
  const keysets = await (await fetch(`${mint.url}/v1/keysets`)).json();
  const keysetId = keysets.keysets.find((k) => k.active && k.unit === 'sat').id;
  for (const build of builds) {
    log(`${build.name}: onboarding and inserting ${events} events...`);
    prepared.push(await prepare(build, { mintUrl: mint.url, relayUrl: relay.url, keysetId }));
  }
  if (withFloor) {
    log('floor: building and visiting once...');
    floor = await prepareFloor();
  }
  const visited = floor ? [...prepared, floor] : prepared;
  for (let r = 0; r < runs; r++) {
    // Alternating order, so neither build always goes first after the other's visit.
    const order = r % 2 === 0 ? visited : [...visited].reverse();
    for (const build of order) {
      const { ready, threadMs } = await build.visit();
      build.samples.push(ready);
      build.threads.push(threadMs);
    }
    log(
      `round ${r + 1}: ${visited.map((b) => `${b.name} ${round(b.samples.at(-1))} (thread ${round(b.threads.at(-1))})`).join(', ')}`,
    );
  }
  if (profileDir) {
    await mkdir(profileDir, { recursive: true });
    for (const build of prepared) {
      const file = join(profileDir, `${build.name}.cpuprofile`);
      log(`${build.name}: profiled visit ${round((await build.visit(file)).ready)} ms (${file})`);
    }
  }
  const first = prepared[0];
  const result = {
    events,
    runs,
    builds: Object.fromEntries(
      prepared.map((b) => [
        b.name,
        {
          walletPageReady: summarize(b.samples),
          mainThreadMs: summarize(b.threads),
          ...(b === first
            ? {}
            : {
                pairedVs: summarize(b.samples.map((s, i) => s - first.samples[i])),
                threadPairedVs: summarize(b.threads.map((s, i) => s - first.threads[i])),
              }),
        },
      ]),
    ),
    ...(floor
      ? {
          floor: {
            walletPageReady: summarize(floor.samples),
            mainThreadMs: summarize(floor.threads),
            // Per build, the median of its per-round differences to the floor.
            overFloor: Object.fromEntries(
              prepared.map((b) => [
                b.name,
                {
                  ready: summarize(b.samples.map((s, i) => s - floor.samples[i])),
                  thread: summarize(b.threads.map((s, i) => s - floor.threads[i])),
                },
              ]),
            ),
          },
        }
      : {}),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  for (const b of prepared) await b.close();
  await floor?.close();
  await relay.close();
  await mint.close();
  await rm(dir, { recursive: true, force: true });
}
