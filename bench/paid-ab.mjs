// A/B of the taps' paid figure: two or more builds, each with its own onboarded merchant page at
// 1x in one browser, paid in turn round by round (the order rotating), each sample followed by a
// protocol floor sample as in bench/taps.mjs, so a change is judged by paired differences.
//
//   VITE_DEFAULT_RELAYS='["ws://127.0.0.1:1"]' npx vite build --outDir /tmp/paid/a   # before
//   VITE_DEFAULT_RELAYS='["ws://127.0.0.1:1"]' npx vite build --outDir /tmp/paid/b   # after
//   node --import tsx bench/paid-ab.mjs a=/tmp/paid/a b=/tmp/paid/b [--runs=30] [--profile=DIR]
//
// Prints each build's median (min-max) of paid -> balance and toast, its median times the floor,
// the median of the per-round differences to the first build (pairedVs), and the median start and
// end of each request the page made after the pay (requests). --profile=DIR writes one CPU
// profile per build for each of five more payments (pay to balance shown). Progress goes to stderr, JSON to stdout.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMint } from '../dev/mint/server.ts';
import { startRelay } from '../dev/relay/server.ts';
import { onboardMerchant } from './first-load.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { flag, namedBuilds, serveBuild } from './lib/cli.mjs';
import { round, summarize } from './lib/stats.mjs';
import { floorWallet, paidPage, paidRound } from './taps.mjs';

const runs = Number(flag('runs', 30));
const profileDir = flag('profile');
const builds = namedBuilds();
const log = (line) => process.stderr.write(`[paid-ab] ${line}\n`);

/** Each request path's median start and end (ms after paid) over the samples that made it. */
function requestMedians(samples) {
  const byPath = new Map();
  for (const sample of samples) {
    for (const request of sample.requests) {
      const key = request.path.replace(/\/[^/]{20,}$/, '/:id');
      const list = byPath.get(key) ?? [];
      list.push(request);
      byPath.set(key, list);
    }
  }
  return Object.fromEntries(
    [...byPath].map(([path, list]) => [
      path,
      {
        perPayment: round(list.length / samples.length),
        start: summarize(list.map((r) => r.start)).median,
        end: summarize(list.map((r) => r.end)).median,
      },
    ]),
  );
}

/** Each performance mark's median time (ms after paid), where the build has them. */
function markMedians(samples) {
  const byName = new Map();
  for (const sample of samples) {
    for (const mark of sample.marks ?? []) {
      const list = byName.get(mark.name) ?? [];
      list.push(mark.at);
      byName.set(mark.name, list);
    }
  }
  return Object.fromEntries(
    [...byName].map(([name, list]) => [name, summarize(list).median]).sort((a, b) => a[1] - b[1]),
  );
}

/** CPU profiles of five payments, each from just before the pay to the balance shown. */
async function profiled(page, wallet, mintUrl, file) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  for (let i = 0; i < 5; i++) {
    await paidRound(page, wallet, mintUrl, 90 + i, {
      before: () => cdp.send('Profiler.start'),
      after: async () => {
        const { profile } = await cdp.send('Profiler.stop');
        await writeFile(file.replace(/\.cpuprofile$/, `-${i}.cpuprofile`), JSON.stringify(profile));
      },
    });
  }
  await cdp.detach();
}

async function main() {
  if (builds.length === 0) throw new Error('usage: bench/paid-ab.mjs name=distDir ... [--runs=30]');
  const workDir = await mkdtemp(join(tmpdir(), 'cashew-paid-ab-'));
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(workDir, 'mint') });
  const relay = await startRelay({ port: 0 });
  const servers = await Promise.all(builds.map((build) => serveBuild(build.dir)));
  const browser = await launchChromium();
  const wallet = await floorWallet(mint.url);
  const pages = [];
  const samples = Object.fromEntries(builds.map((build) => [build.name, []]));
  try {
    for (let i = 0; i < builds.length; i++) {
      const stack = { appUrl: servers[i].url, mintUrl: mint.url, relayUrl: relay.url };
      const setup = await browser.newContext();
      const setupPage = await setup.newPage();
      await onboardMerchant(setupPage, stack);
      const storageState = await setup.storageState({ indexedDB: true });
      await setup.close();
      const { page } = await paidPage(browser, storageState, stack.appUrl);
      pages.push(page);
      await paidRound(page, wallet, mint.url, 29); // discarded: the first socket and mint
    }
    for (let r = 0; r < runs; r++) {
      const order = builds.map((_, j) => (r + j) % builds.length);
      const line = [];
      for (const i of order) {
        const sample = await paidRound(pages[i], wallet, mint.url, 30 + (r % 40));
        samples[builds[i].name].push(sample);
        line.push(`${builds[i].name} ${round(sample.app)}/${round(sample.floor)}`);
      }
      log(`round ${r + 1}/${runs}: ${line.join(', ')}`);
    }
    if (profileDir) {
      for (let i = 0; i < builds.length; i++) {
        const file = join(profileDir, `${builds[i].name}.cpuprofile`);
        await profiled(pages[i], wallet, mint.url, file);
        log(`profile ${file}`);
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await Promise.all(servers.map((server) => server.close()));
    await relay.close();
    await mint.close();
    await rm(workDir, { recursive: true, force: true });
  }
  const [first] = builds;
  const out = { runs, figures: {} };
  for (const build of builds) {
    const list = samples[build.name];
    const app = summarize(list.map((s) => s.app));
    const floor = summarize(list.map((s) => s.floor));
    out.figures[build.name] = {
      paid: `${app.median} (${app.min}-${app.max})`,
      floor: `${floor.median} (${floor.min}-${floor.max})`,
      timesFloor: round((app.median / floor.median) * 100) / 100,
      requests: requestMedians(list),
      ...(list.some((s) => s.marks?.length) ? { marks: markMedians(list) } : {}),
      ...(build === first
        ? {}
        : {
            pairedVs: {
              [first.name]: summarize(list.map((s, i) => s.app - samples[first.name][i].app))
                .median,
            },
            lowerIn: list.filter((s, i) => s.app < samples[first.name][i].app).length,
          }),
    };
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`[paid-ab] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
