// The offline check of a 20-proof token (src/core/wallet/ecash/offline/offline-check.ts, decision
// 0068): twenty proofs locked to the shop's key with their DLEQ proofs, made at the dev mint, then
// checked in Chromium on a blank page at 4x CPU throttling with the keysets as the till caches
// them: the keyset id, twenty DLEQs, twenty locks, the amount. Budget 100 ms
// (bench/budgets.json "offlineCheck.token20Cpu4x").
// Standalone: `node --import tsx bench/offline-check.mjs [runs]` starts its own dev mint.
import { pathToFileURL } from 'node:url';
import { launchChromium } from './lib/chromium.mjs';
import { at4xThen1x, onBlankPage, pageBundle } from './lib/page-timing.mjs';
import { summarize } from './lib/stats.mjs';

const PROOFS = 20;

const ENTRY = `
import { checkOfflineEcash } from './src/core/wallet/ecash/offline/offline-check';
window.__offlineCheck = checkOfflineEcash;
`;

/** Twenty 1-sat proofs locked to a fresh key, with the keysets a till would have cached. */
async function lockedInput(mint) {
  const { tsImport } = await import('tsx/esm/api');
  const support = await tsImport('../dev/mint/test-support.ts', import.meta.url);
  const helper = await tsImport('../src/testing/wallet/locked-ecash.ts', import.meta.url);
  const { secp256k1 } = await import('@noble/curves/secp256k1.js');
  const { bytesToHex } = await import('@noble/hashes/utils.js');
  const pubkey = bytesToHex(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
  const wallet = await support.newWallet(mint.url);
  const proofs = await helper.lockedProofs(wallet, mint, PROOFS, { pubkey }, Array(PROOFS).fill(1));
  return {
    proofs: helper.asNewProofs(proofs),
    unit: 'sat',
    keysets: helper.cachedKeysets(wallet, mint.url),
    lockPubkey: pubkey,
    amount: PROOFS,
    now: Date.now(),
  };
}

function timeChecks(browser, rate, runs, script, input) {
  return onBlankPage(
    browser,
    rate,
    { title: 'offline check', script },
    ({ count, input }) => {
      const check = window.__offlineCheck;
      const times = [];
      // One warm-up: the first call compiles the curve code, which a till pays once.
      check(input, () => false);
      for (let i = 0; i < count; i++) {
        const t0 = performance.now();
        const { paid } = check(input, () => false);
        times.push(performance.now() - t0);
        if (paid !== input.amount) throw new Error(`checked ${paid} sats`);
      }
      return times;
    },
    { count: runs, input },
  );
}

/** `{ token20Cpu4x, token20Cpu1x }`: each a summary of `runs` checks of the same token. */
export async function measureOfflineCheck({ browser, mint, runs = 10, quick = false, log }) {
  const [script, input] = await Promise.all([
    pageBundle(ENTRY, 'bench-offline.ts'),
    lockedInput(mint),
  ]);
  const count = quick ? 3 : runs;
  const { slow, fast } = await at4xThen1x(
    'offlineCheck',
    log,
    (rate) => timeChecks(browser, rate, count, script, input),
    (times) => times,
  );
  return {
    token20Cpu4x: summarize(slow),
    token20Cpu1x: summarize(fast),
    what: 'offline check of a 20-proof token locked to the shop with DLEQs, Chromium, after one warm-up',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { tsImport } = await import('tsx/esm/api');
  const support = await tsImport('../dev/mint/test-support.ts', import.meta.url);
  const mint = await support.startTestMint();
  const browser = await launchChromium();
  try {
    const result = await measureOfflineCheck({
      browser,
      mint,
      runs: Number(process.argv[2] ?? 10),
      log: (l) => process.stderr.write(`${l}\n`),
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
    await mint.cleanup();
  }
}
