// A/B of first loads: two or more builds of the app loaded in turn, run by run, in one browser
// at one CPU rate, beside the floor (bench/floor), so a change is judged against the same noise.
//
//   npx vite build --outDir /tmp/ab/a          # before the change
//   npx vite build --outDir /tmp/ab/b          # after it
//   node --import tsx bench/ab.mjs a=/tmp/ab/a b=/tmp/ab/b [--runs=16] [--rate=4]
//        [--screens=welcome,keypad] [--no-floor] [--marks]
//
// Prints, per screen and build, the median (min-max) of visible and interactive (the bench's
// probe, bench/first-load.mjs), the distance to the floor (difference of medians, and the median
// of the per-round differences: pairedOverFloor), each build's per-round difference to the first
// build (pairedVs); --marks adds the median of every performance mark and file arrival the page
// recorded. Progress goes to stderr, JSON to stdout.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMint } from '../dev/mint/server.ts';
import { startRelay } from '../dev/relay/server.ts';
import { floorRun, keypadRun, welcomeRun } from './first-load.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { flag, hasFlag, namedBuilds, serveBuild } from './lib/cli.mjs';
import { startFloor } from './lib/floor.mjs';
import { round, summarize } from './lib/stats.mjs';

const runs = Number(flag('runs', 16));
const rate = Number(flag('rate', 4));
const screens = flag('screens', 'welcome,keypad').split(',');
const withFloor = !hasFlag('no-floor');
const details = hasFlag('marks');
const builds = namedBuilds();
const log = (line) => process.stderr.write(`[ab] ${line}\n`);

/** Median over rounds of (a - b) interactive: both lists hold one run per round, in order. */
function pairedMedian(a, b) {
  return summarize(a.map((run, i) => run.interactive - b[i].interactive)).median;
}

function medians(list) {
  const keys = [...new Set(list.flatMap((run) => Object.keys(run.marks ?? {})))].sort();
  return Object.fromEntries(
    keys.map((key) => {
      const values = list.map((run) => run.marks?.[key]).filter((v) => v !== undefined);
      return [key, summarize(values).median];
    }),
  );
}

async function main() {
  if (builds.length === 0) throw new Error('usage: bench/ab.mjs name=distDir ... [--runs=16]');
  const workDir = await mkdtemp(join(tmpdir(), 'cashew-ab-'));
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(workDir, 'mint') });
  const relay = await startRelay({ port: 0 });
  const floor = withFloor ? await startFloor() : null;
  const servers = await Promise.all(builds.map((build) => serveBuild(build.dir)));
  const browser = await launchChromium();
  const results = { floor: [] };
  const jobs = [];
  if (floor)
    jobs.push({ key: 'floor', run: () => floorRun(browser, floor.url, rate, { details }) });
  builds.forEach((build, i) => {
    const stack = { appUrl: servers[i].url, mintUrl: mint.url, relayUrl: relay.url };
    for (const screen of screens) {
      const key = `${screen}.${build.name}`;
      results[key] = [];
      const run =
        screen === 'welcome'
          ? () => welcomeRun(browser, stack.appUrl, rate, { details })
          : () => keypadRun(browser, stack, rate, { details });
      jobs.push({ key, run });
    }
  });
  try {
    for (const job of jobs) await job.run(); // discarded warm-up of each
    for (let i = 0; i < runs; i++) {
      // Rotate the order every round so no build always follows the same one.
      const order = jobs.map((_, j) => jobs[(i + j) % jobs.length]);
      for (const job of order) results[job.key].push(await job.run());
      log(
        `round ${i + 1}/${runs}: ` +
          order.map((job) => `${job.key} ${round(results[job.key].at(-1).interactive)}`).join(', '),
      );
    }
  } finally {
    await browser.close().catch(() => {});
    await Promise.all(servers.map((server) => server.close()));
    await floor?.close();
    await relay.close();
    await mint.close();
    await rm(workDir, { recursive: true, force: true });
  }
  const out = { rate, runs, figures: {} };
  const floorMedian = floor ? summarize(results.floor.map((r) => r.interactive)).median : null;
  for (const [key, list] of Object.entries(results)) {
    if (list.length === 0) continue;
    const interactive = summarize(list.map((r) => r.interactive));
    const visible = summarize(list.map((r) => r.visible));
    out.figures[key] = {
      interactive: `${interactive.median} (${interactive.min}-${interactive.max})`,
      visible: `${visible.median} (${visible.min}-${visible.max})`,
      ...(floorMedian !== null && key !== 'floor'
        ? { overFloor: round(interactive.median - floorMedian) }
        : {}),
      ...(floor && key !== 'floor' ? { pairedOverFloor: pairedMedian(list, results.floor) } : {}),
      ...(details ? { marks: medians(list) } : {}),
    };
  }
  // Each build against the first one, round by round: a slow stretch of the machine slows both
  // loads of a round, so the median of the differences is steadier than the difference of medians.
  for (const screen of screens) {
    const [first, ...others] = builds;
    for (const build of others) {
      out.figures[`${screen}.${build.name}`].pairedVs = {
        [first.name]: pairedMedian(
          results[`${screen}.${build.name}`],
          results[`${screen}.${first.name}`],
        ),
      };
    }
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`[ab] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
