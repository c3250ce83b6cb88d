// A Chromium trace of a cold first load at one CPU rate: where the main thread's time goes between
// navigation and the first screen's button being interactive (bench/first-load.mjs's probe): the
// welcome's 'Create New Wallet', with --screen=keypad an onboarded merchant's 'Submit', or with
// --screen=floor the floor page's 'Ready' (give it the floor's build: vite build bench/floor).
//
//   npx vite build --outDir /tmp/t/dist
//   node --import tsx bench/trace-first-load.mjs /tmp/t/dist [--screen=keypad] [--rate=4]
//        [--runs=5] [--out=/tmp/t]
//
// Prints, summed over the runs (so divide by runs), the main thread's top-level tasks by kind and
// the JS self time by script file and function, each split into before the welcome was visible and
// from visible to interactive. Each run's raw trace is written to --out (open in DevTools).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { join, resolve } from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { startMint } from '../dev/mint/server.ts';
import { startRelay } from '../dev/relay/server.ts';
import { onboardedState, readyProbe } from './first-load.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { flag, positional, serveBuild } from './lib/cli.mjs';

const rate = Number(flag('rate', 4));
const runs = Number(flag('runs', 5));
const out = flag('out', null);
const screen = flag('screen', 'welcome');
const BUTTONS = { welcome: 'Create New Wallet', keypad: 'Submit', floor: 'Ready' };
const button = BUTTONS[screen];
const dir = resolve(positional()[0] ?? 'dist');

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  ...(process.env.NOPROF ? [] : ['disabled-by-default-v8.cpu_profiler']),
  'blink.user_timing',
  'loading',
  'toplevel',
];

/** Adds ms to map[key][phase]. */
function add(map, key, phase, ms) {
  map[key] ??= { before: 0, after: 0 };
  map[key][phase] += ms;
}

function analyse(events, totals, visibleAt, interactiveAt) {
  const mainThread = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && hasNavigation(e.pid),
  );
  // The page's renderer: the browser's own pages (chrome://) have renderers and navigations too.
  function hasNavigation(pid) {
    return events.some(
      (e) =>
        e.pid === pid &&
        e.name === 'navigationStart' &&
        /^http/.test(e.args?.data?.documentLoaderURL ?? ''),
    );
  }
  if (!mainThread) throw new Error('no renderer main thread with a navigation in the trace');
  const { pid, tid } = mainThread;
  const navStart = events.find(
    (e) => e.pid === pid && e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame,
  )?.ts;
  if (!navStart) throw new Error('no navigationStart in the trace');
  // The probe's times are ms since the navigation started (performance.now()'s origin).
  const visible = navStart + visibleAt * 1000;
  const interactive = navStart + interactiveAt * 1000;
  const phaseOf = (ts) => (ts < visible ? 'before' : 'after');
  // Top-level tasks on the main thread and what each is (its first child of a known kind).
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  for (const e of main) {
    if (e.ts < navStart || e.ts > interactive) continue;
    const kinds = [
      'EvaluateScript',
      'v8.evaluateModule',
      'FunctionCall',
      'ParseHTML',
      'Layout',
      'UpdateLayoutTree',
      'Paint',
      'TimerFire',
      'FireAnimationFrame',
      'EventDispatch',
      'v8.compile',
      'v8.compileModule',
      'MajorGC',
      'MinorGC',
      'ParseAuthorStyleSheet',
      'RunMicrotasks',
      'v8.produceModuleCache',
      'HandlePostMessage',
      'Commit',
      'PrePaint',
    ];
    if (kinds.includes(e.name)) add(totals.events, e.name, phaseOf(e.ts), (e.dur ?? 0) / 1000);
  }
  // JS self time from the sampling profiler.
  const chunks = events.filter(
    (e) => e.pid === pid && (e.name === 'ProfileChunk' || e.name === 'Profile'),
  );
  const nodes = new Map();
  let time = chunks.find((e) => e.name === 'Profile')?.args?.data?.startTime ?? 0;
  for (const chunk of chunks.filter((e) => e.name === 'ProfileChunk')) {
    const data = chunk.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((id, i) => {
      time += deltas[i] ?? 0;
      const nextDelta = (deltas[i + 1] ?? 0) / 1000;
      if (time < navStart || time > interactive) return;
      const node = nodes.get(id);
      const frame = node?.callFrame ?? {};
      const file = (frame.url ?? '').replace(/^.*\//, '') || '(native)';
      const key = `${file} ${frame.functionName || '(anon)'} ${original(file, frame)}`;
      add(totals.functions, key, phaseOf(time), nextDelta);
      add(totals.files, file, phaseOf(time), nextDelta);
    });
  }
  totals.visible.push((visible - navStart) / 1000);
  totals.interactive.push((interactive - navStart) / 1000);
}

const maps = new Map();
/** Where a frame's function is in the source, when the build has source maps (--sourcemap). */
function original(file, frame) {
  if (!(frame.lineNumber >= 0)) return '';
  const at = `${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  const mapFile = join(dir, 'assets', `${file}.map`);
  if (!maps.has(file)) {
    maps.set(
      file,
      existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  const pos = maps
    .get(file)
    ?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos?.source) return at;
  return `${pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${pos.line} ${pos.name ?? ''}`;
}

function top(map, phase, n) {
  return Object.entries(map)
    .sort((a, b) => b[1][phase] - a[1][phase])
    .slice(0, n)
    .map(([key, v]) => `${(v[phase] / runs).toFixed(1).padStart(7)} ms  ${key}`)
    .join('\n');
}

/** The dev mint and relay an onboarded merchant's keypad needs. */
async function keypadStack(workDir, appUrl) {
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(workDir, 'mint') });
  const relay = await startRelay({ port: 0 });
  return {
    appUrl: appUrl.replace(/\/$/, ''),
    mintUrl: mint.url,
    relayUrl: relay.url,
    close: async () => {
      await relay.close();
      await mint.close();
    },
  };
}

async function main() {
  const server = await serveBuild(dir);
  const url = `${server.url}/`;
  const browser = await launchChromium();
  const totals = { events: {}, functions: {}, files: {}, visible: [], interactive: [] };
  const workDir = await mkdtemp(join(tmpdir(), 'cashew-trace-'));
  const stack = screen === 'keypad' ? await keypadStack(workDir, url) : null;
  try {
    const storageState = stack ? await onboardedState(browser, stack) : undefined;
    for (let i = 0; i <= runs; i++) {
      const context = await browser.newContext({ storageState });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      if (rate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await page.addInitScript(readyProbe, button);
      const ready = page.waitForEvent('console', {
        predicate: (m) => m.text().startsWith('__benchReady '),
        timeout: 30_000,
      });
      await browser.startTracing(page, { categories: CATEGORIES });
      await page.goto(url, { waitUntil: 'commit' });
      const [visibleAt, interactiveAt] = (await ready).text().split(' ').slice(1).map(Number);
      await page.waitForTimeout(100);
      const buffer = await browser.stopTracing();
      await context.close();
      if (i === 0) continue; // warm-up
      if (out) await writeFile(join(out, `trace-${i}.json`), buffer);
      analyse(JSON.parse(buffer.toString()).traceEvents, totals, visibleAt, interactiveAt);
      process.stderr.write(`[trace] run ${i}/${runs}\n`);
    }
  } finally {
    await browser.close();
    await server.close();
    await stack?.close();
    await rm(workDir, { recursive: true, force: true });
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `visible ${median(totals.visible).toFixed(0)} ms, interactive ${median(totals.interactive).toFixed(0)} ms (medians, trace clock)`,
  );
  for (const phase of ['before', 'after']) {
    console.log(`\n== ${phase === 'before' ? 'navigation → visible' : 'visible → interactive'}`);
    console.log('-- tasks by kind (mean per run, nested kinds overlap)');
    console.log(top(totals.events, phase, 14));
    console.log('-- JS self time by file');
    console.log(top(totals.files, phase, 10));
    console.log('-- JS self time by function');
    console.log(top(totals.functions, phase, 30));
  }
}

main().catch((error) => {
  process.stderr.write(`[trace] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
