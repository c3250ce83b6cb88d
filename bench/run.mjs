// `npm run bench`: builds and serves the app against the dev mint and relay, measures every figure
// in Chromium, and prints ONE JSON object (also bench/results/latest.json), each figure beside its
// budget. Flags: --quick (fewer runs), --only=bundle,firstLoad (a subset). Progress goes to stderr.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyBudgets } from './lib/budgets.mjs';
import { launchChromium } from './lib/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
const log = (line) => process.stderr.write(`[bench] ${line}\n`);

/** Each figure's module and the function measuring it; a missing module is "not measured". */
const FIGURES = [
  { key: 'bundle', file: 'bundle.mjs', fn: 'measureBundle' },
  { key: 'firstLoad', file: 'first-load.mjs', fn: 'measureFirstLoad' },
  { key: 'paymentLatency', file: 'payment-latency.mjs', fn: 'default' },
  { key: 'ecashLatency', file: 'ecash-latency.mjs', fn: 'measureEcashLatency' },
  { key: 'taps', file: 'taps.mjs', fn: 'measureTaps' },
  { key: 'remoteLatency', file: 'remote-latency.mjs', fn: 'measureRemoteLatency' },
  // After the quiet figure: the junk stays on the relay, addressed to that run's merchant only.
  {
    key: 'remoteLatencyJunk',
    file: 'remote-latency.mjs',
    fn: 'measureRemoteLatencyUnderJunk',
  },
  // withdrawQr is its own figure below, so walletScale is asked not to repeat it.
  {
    key: 'walletScale',
    file: 'wallet-scale.mjs',
    fn: 'measureWalletScale',
    extra: { withdrawQr: false },
  },
  { key: 'withdrawQr', file: 'wallet-scale.mjs', fn: 'measureWithdrawQr' },
  { key: 'restore', file: 'restore.mjs', fn: 'measureRestore' },
  { key: 'recordsRestore', file: 'records-restore.mjs', fn: 'measureRecordsRestore' },
  { key: 'export', file: 'export.mjs', fn: 'measureExport' },
  { key: 'pinKdf', file: 'pin-kdf.mjs', fn: 'measurePinKdf' },
  { key: 'cart', file: 'cart.mjs', fn: 'measureCart' },
  { key: 'proofStates', file: 'proof-states.mjs', fn: 'measureProofStates' },
  { key: 'offlineCheck', file: 'offline-check.mjs', fn: 'measureOfflineCheck' },
];

async function loadMeasure(figure) {
  let module;
  try {
    module = await import(pathToFileURL(join(here, figure.file)).href);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(figure.file)) {
      return null;
    }
    throw error;
  }
  const fn = module[figure.fn];
  if (typeof fn !== 'function') throw new Error(`${figure.file} does not export ${figure.fn}`);
  return fn;
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here })
      .toString()
      .trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: here }).length > 0;
    return dirty ? `${head}+uncommitted src changes` : head;
  } catch {
    return 'unknown';
  }
}

async function main() {
  const started = Date.now();
  const { startStack } = await import('../dev/stack.ts');
  log('building the app and starting the dev mint and relay...');
  const stack = await startStack({ tempPrefix: 'cashew-bench-', seedDiscovery: true });
  let chromium = '';
  const figures = {};
  try {
    log(`app ${stack.appUrl}  mint ${stack.mintUrl}  relay ${stack.relayUrl}`);
    const context = {
      appUrl: stack.appUrl,
      mintUrl: stack.mintUrl,
      relayUrl: stack.relayUrl,
      distDir: stack.distDir,
      mint: stack.mint,
      stack,
      quick,
      runs: quick ? 3 : 10,
      // First loads spread about ±50 ms at 4x; their budgets are medians, so they get more runs.
      firstLoadRuns: quick ? 3 : 16,
      log,
    };
    for (const figure of FIGURES) {
      if (only && !only.includes(figure.key)) continue;
      const t0 = Date.now();
      try {
        const measure = await loadMeasure(figure);
        if (!measure) {
          figures[figure.key] = {
            status: 'not measured',
            reason: `bench/${figure.file} does not exist yet`,
          };
          log(`${figure.key}: not measured (no bench/${figure.file})`);
          continue;
        }
        log(`${figure.key}: measuring...`);
        // A browser of its own for each figure, so a figure depends on nothing measured before
        // it (docs/performance.md "Reproduce").
        const browser = await launchChromium();
        chromium = browser.version();
        try {
          figures[figure.key] = await measure({ ...context, browser, ...figure.extra });
        } finally {
          await browser.close().catch(() => {});
        }
      } catch (error) {
        // A broken measurement is reported as such, never as a number.
        figures[figure.key] = { status: 'not measured', error: String(error?.stack ?? error) };
        log(`${figure.key}: not measured (${String(error?.message ?? error).split('\n')[0]})`);
      }
      log(`${figure.key}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await stack.close();
  }

  const budgets = JSON.parse(readFileSync(join(here, 'budgets.json'), 'utf8'));
  const checks = applyBudgets(figures, budgets);
  const result = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    machine: { cpus: cpus().length, node: process.version, chromium },
    quick,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    figures,
    budgets: checks,
  };
  const json = JSON.stringify(result, null, 2);
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'latest.json'), `${json}\n`);
  process.stdout.write(`${json}\n`);
  for (const check of checks) {
    log(
      `${check.pass === null ? 'n/a ' : check.pass ? 'PASS' : 'FAIL'}  ${check.figure}: ${check.value ?? 'not measured'} (budget ${check.budget})`,
    );
  }
}

main().catch((error) => {
  process.stderr.write(`[bench] failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
