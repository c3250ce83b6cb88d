// Restore from the phrase at scale, across two mints: 1,000 one-sat proofs of one phrase over 2
// keysets on 2 dev mints (500 on the first mint's keyset at counters 0-499, 500 on the second's at
// 500-999, where the first device's global counter was), and the phrase's NUT-27 mint list naming
// both on the relay; then per run a fresh browser profile restores the phrase through the one-page
// onboarding on the first mint only, and the time from onboarding done to the "Recovery finished" toast is taken (the scan of
// docs/architecture.md "Restore": the relay lists read, NUT-09 batches, NUT-07 checks, IndexedDB
// writes, in Chromium, on the dev mints).
//
// Importable: measureRestore({ browser, appUrl, relayUrl, runs?, quick?, log? }); prepareRestore and
// restoreOnce for bench/ab-restore.mjs.
// Standalone: `node --import tsx bench/restore.mjs [runs]` builds and serves the app against a dev
// mint and relay on free ports and prints the JSON figure.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { summarize } from './lib/stats.mjs';
import { runStandalone } from './latency-common.mjs';

/** one-sat proofs issued on each mint's one keyset */
const PROOFS_PER_MINT = 500;
/** outputs per mint request while issuing */
const ISSUE_CHUNK = 100;
const STEP_TIMEOUT = 120_000;

async function modules() {
  const { tsImport } = await import('tsx/esm/api');
  const server = await tsImport('../dev/mint/server.ts', import.meta.url);
  const { Wallet } = await import('@cashu/cashu-ts');
  const bip39 = await import('@scure/bip39');
  const { wordlist } = await import('@scure/bip39/wordlists/english.js');
  const nut27 = await tsImport('../src/core/backup/nut27.ts', import.meta.url);
  return { startMint: server.startMint, Wallet, bip39, wordlist, nut27 };
}

/** The phrase's NUT-27 mint list naming `mints`, as the first device published it. */
async function publishMintList(m, seed, mints, relayUrl) {
  const { SimplePool, useWebSocketImplementation } = await import('nostr-tools/pool');
  const { default: WebSocket } = await import('ws');
  useWebSocketImplementation(WebSocket);
  const event = m.nut27.mintBackupEvent(
    m.nut27.mintBackupKeys(seed),
    mints,
    Math.floor(Date.now() / 1000),
  );
  const pool = new SimplePool();
  try {
    await Promise.any(pool.publish([relayUrl], event));
  } finally {
    pool.close([relayUrl]);
  }
}

/** `count` one-sat proofs for the seed at counters start.. on the mint's active keyset. */
async function issue(m, mint, seed, start, count) {
  const wallet = new m.Wallet(mint.url, { unit: 'sat', bip39seed: seed });
  await wallet.loadMint();
  for (let at = 0; at < count; at += ISSUE_CHUNK) {
    const n = Math.min(ISSUE_CHUNK, count - at);
    // A kept-alive connection the mint closed meanwhile resets the next request: a new quote
    // is harmless to ask for again.
    const quote = await wallet
      .createMintQuoteBolt11(n)
      .catch(() => wallet.createMintQuoteBolt11(n));
    await mint.pay(quote.quote);
    const outputs = { type: 'deterministic', counter: start + at, denominations: Array(n).fill(1) };
    await wallet.mintProofsBolt11(n, quote.quote, undefined, outputs).catch(async (error) => {
      // Same reset: only the mint's signatures matter here, so a quote it issued is done.
      if (mint.mintQuote(quote.quote)?.state === 'ISSUED') return;
      if (mint.mintQuote(quote.quote)?.state !== 'PAID') throw error;
      await wallet.mintProofsBolt11(n, quote.quote, undefined, outputs);
    });
  }
}

/** The one-page onboarding filled in to restore `phrase`, up to its Continue button. */
export async function fillRestoreOnboarding(page, { appUrl, mintUrl, relayUrl, phrase }) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByRole('button', { name: 'Restore Wallet' }).click();
  await page.getByLabel('Recovery phrase').fill(phrase);
}

/**
 * One restore on a fresh browser profile: onboarding done to the "Recovery finished" toast, in ms.
 * `observe(page)`, when given, is called once the phrase is submitted (profiles, request counts)
 * and may return a function awaited at the end.
 */
export async function restoreOnce(browser, { appUrl, mintUrl, relayUrl, phrase, total, observe }) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await fillRestoreOnboarding(page, { appUrl, mintUrl, relayUrl, phrase });
    const done = await observe?.(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
    const started = performance.now();
    const text = `Recovery finished: ${total.toLocaleString('en-US')} sats found`;
    // The toast and the restore's result panel say the same words: the first to show ends it.
    await page.getByText(text).first().waitFor({ timeout: STEP_TIMEOUT });
    const ms = performance.now() - started;
    await done?.();
    return ms;
  } finally {
    await context.close();
  }
}

/**
 * The bench's wallet: 500 one-sat proofs on each of two fresh dev mints, counters 0.. on the first
 * and 500.. on the second, and the NUT-27 list naming both on the relay. `close` stops the mints.
 */
export async function prepareRestore({ relayUrl, log }) {
  const m = await modules();
  const dir = await mkdtemp(join(tmpdir(), 'cashew-bench-restore-'));
  const mint = await m.startMint({ port: 0, fresh: true, dataDir: join(dir, 'mint') });
  const second = await m.startMint({ port: 0, fresh: true, dataDir: join(dir, 'second') });
  const close = async () => {
    await mint.close();
    await second.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const phrase = m.bip39.generateMnemonic(m.wordlist);
    const seed = m.bip39.mnemonicToSeedSync(phrase);
    log?.(`restore: issuing ${PROOFS_PER_MINT} proofs on each of 2 mints...`);
    await issue(m, mint, seed, 0, PROOFS_PER_MINT);
    await issue(m, second, seed, PROOFS_PER_MINT, PROOFS_PER_MINT);
    // The second mint is found only through the list, as on a wiped browser.
    await publishMintList(m, seed, [mint.url, second.url], relayUrl);
    return { phrase, mintUrl: mint.url, total: 2 * PROOFS_PER_MINT, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function measureRestore({ browser, appUrl, relayUrl, runs = 3, quick = false, log }) {
  const wallet = await prepareRestore({ relayUrl, log });
  try {
    const samples = [];
    const count = quick ? 1 : Math.min(runs, 3);
    for (let run = 0; run < count; run++) {
      const ms = await restoreOnce(browser, { appUrl, relayUrl, ...wallet });
      log?.(`restore: run ${run + 1}/${count} ${Math.round(ms)} ms`);
      samples.push(ms);
    }
    return {
      ...summarize(samples),
      proofs: wallet.total,
      proofsPerMint: PROOFS_PER_MINT,
      keysets: 2,
      mints: 2,
      what:
        'fresh browser profile, phrase restored with the first mint picked in onboarding: onboarding done to the "Recovery ' +
        'finished" toast; 500 one-sat proofs on each of 2 dev mints (one keyset each), the second ' +
        'mint read from the NUT-27 list on the relay; every keyset walked in NUT-09 batches, NUT-07 ' +
        'checks, stored',
    };
  } finally {
    await wallet.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2] ?? 3);
  const log = (line) => process.stderr.write(`[bench] ${line}\n`);
  await runStandalone('cashew-bench-restore-', (stack) => measureRestore({ ...stack, runs, log }));
}
