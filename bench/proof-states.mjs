// The state check of 1,000 proofs (NUT-07, docs/protocol.md "Proof states"), in the built app in
// Chromium at 1x against a dev mint: a merchant holding 1,000 proofs, 100 of which another device
// on the phrase spent, presses Refresh on the Wallet screen; the time from the click to the balance
// without the spent 100 on screen. That is every proof's Y (hash to curve), 10 checkstate requests
// of 100, the one transaction that removes the spent ones with their history row, and the screen's
// read after it. Each run is a fresh page load. A proof's Y is kept on its row once worked out
// (docs/decisions/0049-proof-states-reconciled.md), so the first run works out all 1,000 and later
// runs only the 100 spent ones stored again: both are reported (`firstCheckMs`, `check1000`).
// Budget: bench/budgets.json "proofStates.check1000".
//
// Importable: measureProofStates({ browser, appUrl, relayUrl, runs?, quick?, log? }).
// Standalone: `node --import tsx bench/proof-states.mjs [runs]` builds and serves the app against
// a dev mint and relay on free ports and prints the JSON figure.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { storageBundle } from './lib/storage-bundle.mjs';
import { summarize } from './lib/stats.mjs';
import { onboard } from './lib/onboard.mjs';
import { runStandalone } from './latency-common.mjs';

/** proofs stored on the merchant's device */
const PROOFS = 1_000;
/** of them, spent by another device (real proofs of the mint, swapped away) */
const SPENT = 100;
const STEP_TIMEOUT = 60_000;

async function modules() {
  const { tsImport } = await import('tsx/esm/api');
  const server = await tsImport('../dev/mint/server.ts', import.meta.url);
  const { Wallet, getEncodedToken } = await import('@cashu/cashu-ts');
  return { startMint: server.startMint, Wallet, getEncodedToken };
}

/**
 * `SPENT` one-sat proofs of the mint, already spent there (a customer wallet swapped them), as the
 * plain objects the app stores.
 */
async function spentProofs(m, mint) {
  const wallet = new m.Wallet(mint.url, { unit: 'sat' });
  await wallet.loadMint();
  const quote = await wallet.createMintQuoteBolt11(SPENT);
  await mint.pay(quote.quote);
  const proofs = await wallet.mintProofsBolt11(SPENT, quote.quote, undefined, {
    type: 'random',
    denominations: Array(SPENT).fill(1),
  });
  await wallet.receive(m.getEncodedToken({ mint: mint.url, unit: 'sat', proofs }));
  return {
    keysetId: wallet.getKeyset().id,
    proofs: proofs.map((p) => ({ secret: p.secret, amount: 1, id: p.id, C: p.C })),
  };
}

/**
 * In the page, through the app's storage layer: the proofs stored as a payment stores them (rows
 * and totals in one transaction), and the mint noted as checked just now, so the start-up check
 * (throttled) leaves the run's check to Refresh.
 */
async function store({ proofs, unknown, keysetId }) {
  const { CashewDb, DexieProofStore, silentLogger } = window.__cashewStorage;
  const hex = () =>
    [...crypto.getRandomValues(new Uint8Array(32))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
  const db = new CashewDb();
  try {
    const mintUrl = (await db.config.get('MINT_URL')).value;
    const store = new DexieProofStore(db, Date.now, silentLogger);
    // Proofs the mint never signed: it answers UNSPENT for them, as for any unspent proof.
    const fresh = Array.from({ length: unknown }, () => ({
      secret: hex(),
      amount: 1,
      id: keysetId,
      C: `02${hex()}`,
    }));
    await store.add([...proofs, ...fresh], mintUrl);
    await db.config.put({
      key: 'PROOF_STATES',
      value: JSON.stringify({ checked: { [mintUrl]: Date.now() }, pending: {} }),
      updatedAt: Date.now(),
    });
    return { mintUrl, balance: await store.balance() };
  } finally {
    db.close();
  }
}

/** Clicks Refresh and resolves with ms until the balance reads `expected`, painted. */
function refreshUntil(expected) {
  return new Promise((resolve, reject) => {
    const button = [...document.querySelectorAll('button')].find(
      (b) => b.textContent.trim() === 'Refresh',
    );
    if (!button) return reject(new Error('no Refresh button'));
    const timer = setTimeout(() => reject(new Error(`never showed ${expected}`)), 60_000);
    const balance = () => document.querySelector('[data-testid="wallet-balance"]')?.textContent;
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (balance() !== expected) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    button.click();
  });
}

export async function measureProofStates({
  browser,
  appUrl,
  relayUrl,
  runs = 10,
  quick = false,
  log,
}) {
  const m = await modules();
  const dir = await mkdtemp(join(tmpdir(), 'cashew-bench-states-'));
  const mint = await m.startMint({ port: 0, fresh: true, dataDir: join(dir, 'mint') });
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const spent = await spentProofs(m, mint);
    const page = await context.newPage();
    await onboard(page, { appUrl, mintUrl: mint.url, relayUrl }, { timeout: STEP_TIMEOUT });
    const bundle = await storageBundle();
    const count = quick ? 3 : Math.min(runs, 10);
    const samples = [];
    let unknown = PROOFS - SPENT;
    for (let run = 0; run < count; run++) {
      // The spent hundred again (the last run's Refresh removed them), on a fresh page load.
      await page.addScriptTag({ content: bundle });
      const { balance } = await page.evaluate(store, {
        proofs: spent.proofs,
        unknown,
        keysetId: spent.keysetId,
      });
      unknown = 0;
      const after = `${(balance - SPENT).toLocaleString('en-US')} sats`;
      await page.goto(`${appUrl}/wallet`);
      await page
        .getByTestId('wallet-balance')
        .filter({ hasText: `${balance.toLocaleString('en-US')} sats` })
        .waitFor({ timeout: STEP_TIMEOUT });
      await page.getByRole('button', { name: 'Refresh' }).waitFor();
      const ms = await page.evaluate(refreshUntil, after);
      log?.(`proofStates: run ${run + 1}/${count} ${Math.round(ms)} ms`);
      samples.push(ms);
    }
    return {
      check1000: summarize(samples),
      // The device's first check: every Y worked out (later checks read them from the rows).
      firstCheckMs: Math.round(samples[0]),
      proofs: PROOFS,
      spent: SPENT,
      what:
        'Wallet screen, 1,000 stored proofs of which 100 were spent by another device: Refresh ' +
        'clicked to the balance without them on screen (Ys, 10 checkstate requests, the removal ' +
        'and its history row, the re-read), Chromium 1x, a fresh page load each run; the first ' +
        'run works out all 1,000 Ys, later ones only the 100 stored again',
    };
  } finally {
    await context.close().catch(() => {});
    await mint.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const runs = Number(process.argv[2] ?? 10);
  const log = (line) => process.stderr.write(`[bench] ${line}\n`);
  await runStandalone('cashew-bench-states-', (stack) =>
    measureProofStates({ ...stack, runs, log }),
  );
}
