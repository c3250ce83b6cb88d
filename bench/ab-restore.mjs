// A/B of the phrase restore (bench/restore.mjs): two or more builds restore the same wallet in
// turn, round by round, so a change is judged against the same noise of a shared machine.
//
//   VITE_DEFAULT_RELAYS='["ws://127.0.0.1:47999"]' npx vite build --outDir /tmp/ab/a   # before
//   VITE_DEFAULT_RELAYS='["ws://127.0.0.1:47999"]' npx vite build --outDir /tmp/ab/b   # after
//   node --import tsx bench/ab-restore.mjs a=/tmp/ab/a b=/tmp/ab/b [--runs=5] [--profile=dir]
//
// The relay listens on 47999 (the builds' default relays), the two dev mints on free ports.
// Prints per build the median (min-max) of the time and of the renderers' CPU time (from the
// phrase submitted; a loaded machine delays the work but does not add to it), the per-round
// difference to the first build, and the mint requests of its warm-up run (NUT-09 restore, NUT-07
// checkstate, keys). --profile writes one
// CPU profile (.cpuprofile, Chrome DevTools) per build of the page's main thread over one restore.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRelay } from '../dev/relay/server.ts';
import { launchChromium } from './lib/chromium.mjs';
import { flag, namedBuilds, serveBuild } from './lib/cli.mjs';
import { round, summarize } from './lib/stats.mjs';
import { prepareRestore, restoreOnce } from './restore.mjs';

const runs = Number(flag('runs', 5));
const profileDir = flag('profile', null);
const builds = namedBuilds();
const log = (line) => process.stderr.write(`[ab-restore] ${line}\n`);

/** CPU seconds all renderer processes used so far (Chromium's SystemInfo domain). */
async function rendererCpu(browser) {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  } finally {
    await cdp.detach();
  }
}

/**
 * Counts the page's mint requests by path end, and the renderers' CPU time from the phrase's
 * submission to the end (`cpu.seconds`): the work the restore did, which a loaded machine delays
 * but does not add to. With `profile`, records a CPU profile to it.
 */
function observer(browser, counts, cpu, profile) {
  return async (page) => {
    const cpuBefore = await rendererCpu(browser);
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/v1/')) return;
      const key = `${request.method()} ${path.replace(/\/[0-9a-f]{16,}$/, '/:id')}`;
      counts[key] = (counts[key] ?? 0) + 1;
    });
    const cpuDone = async () => {
      cpu.seconds = (await rendererCpu(browser)) - cpuBefore;
    };
    if (!profile) return cpuDone;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    return async () => {
      const { profile: data } = await cdp.send('Profiler.stop');
      await writeFile(profile, JSON.stringify(data));
      await cpuDone();
    };
  };
}

async function main() {
  if (builds.length === 0)
    throw new Error('usage: bench/ab-restore.mjs name=distDir ... [--runs=5]');
  const relay = await startRelay({ port: 47999 });
  const servers = await Promise.all(builds.map((build) => serveBuild(build.dir)));
  const browser = await launchChromium();
  const wallet = await prepareRestore({ relayUrl: relay.url, log });
  const results = Object.fromEntries(builds.map((build) => [build.name, []]));
  const cpus = Object.fromEntries(builds.map((build) => [build.name, []]));
  const requests = {};
  const once = async (i, counts, profile, measured = false) => {
    const cpu = {};
    const ms = await restoreOnce(browser, {
      appUrl: servers[i].url,
      relayUrl: relay.url,
      ...wallet,
      observe: observer(browser, counts, cpu, profile),
    });
    if (measured) cpus[builds[i].name].push(cpu.seconds * 1000);
    return ms;
  };
  try {
    for (let i = 0; i < builds.length; i++) {
      const profile = profileDir ? join(profileDir, `${builds[i].name}.cpuprofile`) : undefined;
      const ms = await once(i, (requests[builds[i].name] = {}), profile);
      log(`warm-up ${builds[i].name} ${round(ms)}${profile ? ` (profile ${profile})` : ''}`);
    }
    for (let r = 0; r < runs; r++) {
      // Rotate the order every round so no build always follows the same one.
      const order = builds.map((_, j) => (r + j) % builds.length);
      const line = [];
      for (const i of order) {
        const ms = await once(i, {}, undefined, true);
        results[builds[i].name].push(ms);
        line.push(`${builds[i].name} ${round(ms)} (cpu ${round(cpus[builds[i].name].at(-1))})`);
      }
      log(`round ${r + 1}/${runs}: ${line.join(', ')}`);
    }
  } finally {
    await wallet.close();
    await browser.close().catch(() => {});
    await Promise.all(servers.map((server) => server.close()));
    await relay.close();
  }
  const [first] = builds;
  const out = { runs, figures: {} };
  for (const build of builds) {
    const list = results[build.name];
    const s = summarize(list);
    const c = summarize(cpus[build.name]);
    out.figures[build.name] = {
      ms: `${s.median} (${s.min}-${s.max})`,
      values: s.values,
      rendererCpuMs: `${c.median} (${c.min}-${c.max})`,
      requests: requests[build.name],
      ...(build === first
        ? {}
        : {
            pairedVs: {
              [first.name]: summarize(list.map((ms, i) => ms - results[first.name][i])).median,
            },
          }),
    };
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`[ab-restore] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
