// Wallet at scale: 10,000 unspent proofs and 100,000 history events in the app's IndexedDB
// (bulk-inserted), then balance read, wallet page ready, one history page and the withdraw token
// build; plus token length and UR parts for a balance from 200 payments, with and without
// consolidation (withdrawQr).
//
// Importable: measureWalletScale({ browser, appUrl, relayUrl, runs?, log?, withdrawQr? }) (default
// export; its result carries `withdrawQr` too unless withdrawQr: false) and
// measureWithdrawQr({ log? }) for a separate `withdrawQr` figure (budget withdrawQr.consolidatedProofs).
// Standalone: `node --import tsx bench/wallet-scale.mjs [runs]` builds and serves the app against
// a dev mint and relay on free ports and prints the JSON figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summarize } from './lib/stats.mjs';

const PROOFS = 10_000;
const EVENTS = 100_000;
const PAYMENTS = 200;
/** Every 10 inputs cost 1 sat: the screen then asks before combining, so the token is built as is. */
const FEE_PPK = 100;
const STEP_TIMEOUT = 120_000;

async function tsModules() {
  const { tsImport } = await import('tsx/esm/api');
  const server = await tsImport('../dev/mint/server.ts', import.meta.url);
  const token = await tsImport('../src/core/wallet/withdraw-token.ts', import.meta.url);
  return { startMint: server.startMint, encodeWithdrawToken: token.encodeWithdrawToken };
}

async function startOwnMint(startMint, inputFeePpk) {
  const dir = await mkdtemp(join(tmpdir(), 'cashew-bench-wallet-'));
  const mint = await startMint({ port: 0, fresh: true, dataDir: join(dir, 'mint'), inputFeePpk });
  return {
    mint,
    async close() {
      await mint.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** UR `bytes` parts at fragment length 200 (SPEC §9), with the encoder the app ships. */
async function urParts(token) {
  const { UR, UREncoder } = await import('@gandlaf21/bc-ur/dist/lib/es6/index.js');
  return new UREncoder(UR.from(token), 200, 0).fragmentsLength;
}

/** A small seeded PRNG: the same "random" amounts on every run, so figures compare. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function onboard(page, { appUrl, mintUrl, relayUrl }) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByTestId('phrase-word').first().waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
}

/** Writes proofs (with their per-mint totals, as the app keeps them) and history rows directly. */
function bulkInsert({ proofs, events, keysetId }) {
  const hex = (bytes) => {
    const out = new Uint8Array(bytes);
    crypto.getRandomValues(out);
    return [...out].map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('cashew-pos');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const read = db.transaction('config', 'readonly').objectStore('config').get('MINT_URL');
      read.onsuccess = () => {
        const mintUrl = read.result.value;
        const tx = db.transaction(['proofs', 'proofTotals', 'historyEvents'], 'readwrite');
        const now = Date.now();
        let total = 0;
        const store = tx.objectStore('proofs');
        for (let i = 0; i < proofs; i++) {
          const amount = 2 ** (i % 10); // 1..512
          total += amount;
          store.put({
            secret: hex(32),
            amount,
            id: keysetId,
            C: `02${hex(32)}`,
            mintUrl,
            createdAt: now - i,
            isSpent: false,
            spentFlag: 0,
          });
        }
        tx.objectStore('proofTotals').put({
          mintUrl,
          unspentAmount: total,
          unspentCount: proofs,
          spentAmount: 0,
          spentCount: 0,
        });
        const history = tx.objectStore('historyEvents');
        for (let i = 0; i < events; i++) {
          history.add({
            createdAt: now - (events - i) * 1000,
            type: i % 3 === 0 ? 'remote-payment' : 'direct-payment',
            amount: (i % 500) + 1,
            mintUrl,
            quoteId: `bench-quote-${i}`,
            metadata: JSON.stringify({ request: `lnbc${i}n1bench` }),
          });
        }
        tx.oncomplete = () => {
          db.close();
          resolve({ mintUrl, total });
        };
        tx.onerror = () => reject(tx.error);
      };
    };
  });
}

/** The read DexieProofStore.balance() does: the per-mint totals rows, summed. */
function balanceReadInPage(runs) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('cashew-pos');
    open.onerror = () => reject(open.error);
    open.onsuccess = async () => {
      const db = open.result;
      const samples = [];
      let sats = 0;
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        sats = await new Promise((done, fail) => {
          const req = db.transaction('proofTotals', 'readonly').objectStore('proofTotals').getAll();
          req.onsuccess = () => done(req.result.reduce((s, row) => s + row.unspentAmount, 0));
          req.onerror = () => fail(req.error);
        });
        samples.push(performance.now() - t0);
      }
      db.close();
      resolve({ samples, sats });
    };
  });
}

/** Before the app's scripts: note when the balance and a full first history page are painted. */
function walletReadyProbe(expected) {
  const ready = () =>
    document.querySelector('[data-testid="wallet-balance"]')?.textContent === expected &&
    document.querySelectorAll('[data-testid="history-item"]').length === 10;
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__walletReady = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Clicks Next or Previous and resolves with ms until the new page's label and items show. */
function turnPage({ button, label }) {
  return new Promise((resolve, reject) => {
    const target = [...document.querySelectorAll('button')].find(
      (b) => b.textContent.trim() === button,
    );
    if (!target) return reject(new Error(`no ${button} button`));
    const timer = setTimeout(() => reject(new Error(`never showed ${label}`)), 30_000);
    // The label follows the click at once; the page is ready when its items replaced the old ones.
    const firstItem = () => document.querySelector('[data-testid="history-item"]')?.textContent;
    const before = firstItem();
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="history-page"]')?.textContent !== label) return;
      if (firstItem() === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    target.click();
  });
}

function clickAndWait({ button, selector }) {
  return new Promise((resolve, reject) => {
    const target = [...document.querySelectorAll('button')].find(
      (b) => b.textContent.trim() === button,
    );
    if (!target) return reject(new Error(`no ${button} button`));
    const timer = setTimeout(() => reject(new Error(`never showed ${selector}`)), 110_000);
    const t0 = performance.now();
    const check = () => {
      if (!document.querySelector(selector)) return false;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - t0));
      return true;
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    target.click();
  });
}

/** The wallet of a merchant with 10,000 proofs and 100,000 events, measured in Chromium. */
export async function measureWalletScale(context) {
  const { browser, appUrl, relayUrl } = context;
  const runs = context.runs ?? 10;
  const log = context.log ?? (() => {});
  const { startMint } = await tsModules();
  const own = await startOwnMint(startMint, FEE_PPK);
  const browserContext = await browser.newContext();
  try {
    const page = await browserContext.newPage();
    await onboard(page, { appUrl, mintUrl: own.mint.url, relayUrl });
    const keysets = await (await fetch(`${own.mint.url}/v1/keysets`)).json();
    const keysetId = keysets.keysets.find((k) => k.active && k.unit === 'sat').id;
    log(`walletScale: inserting ${PROOFS} proofs and ${EVENTS} events...`);
    const { total } = await page.evaluate(bulkInsert, { proofs: PROOFS, events: EVENTS, keysetId });
    const expected = `${total.toLocaleString('en-US')} sats`;

    const balance = await page.evaluate(balanceReadInPage, runs);
    if (balance.sats !== total) throw new Error(`balance read ${balance.sats}, expected ${total}`);

    await page.addInitScript(walletReadyProbe, expected);
    const ready = [];
    for (let i = 0; i < runs; i++) {
      await page.goto(`${appUrl}/wallet`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__walletReady, null, {
        timeout: STEP_TIMEOUT,
        polling: 50,
      });
      ready.push(await page.evaluate(() => window.__walletReady));
    }

    const pages = Math.ceil(EVENTS / 10);
    const historyPage = [];
    for (let i = 0; i < runs; i++) {
      const forward = i % 2 === 0;
      historyPage.push(
        await page.evaluate(turnPage, {
          button: forward ? 'Next' : 'Previous',
          label: `Page ${forward ? 2 : 1} of ${pages}`,
        }),
      );
    }

    // Withdraw: prepare (fee of swapping 10,000 proofs) until the fee notice, then the token
    // built from the proofs as they are until the first QR frame shows.
    const withdrawRuns = Math.max(1, Math.min(3, runs));
    const prepare = [];
    const build = [];
    let parts = null;
    for (let i = 0; i < withdrawRuns; i++) {
      prepare.push(
        await page.evaluate(clickAndWait, {
          button: 'Withdraw',
          selector: '[data-testid="consolidation-notice"]',
        }),
      );
      build.push(
        await page.evaluate(clickAndWait, {
          button: 'Withdraw without combining',
          selector: '[data-testid="animated-qr"][data-part]',
        }),
      );
      parts = Number(
        await page.getByTestId('animated-qr').getAttribute('data-part-count', { timeout: 5_000 }),
      );
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    const tokenLength = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('cashew-pos');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result
              .transaction('withdrawals', 'readonly')
              .objectStore('withdrawals')
              .getAll();
            req.onsuccess = () => {
              open.result.close();
              resolve(Math.max(...req.result.map((w) => w.token.length)));
            };
            req.onerror = () => reject(req.error);
          };
        }),
    );

    // A harness that measures withdrawQr as its own figure passes withdrawQr: false here.
    let withdrawQr;
    if (context.withdrawQr !== false) {
      log('walletScale: withdraw QR for 200 payments...');
      withdrawQr = await measureWithdrawQr({ log });
    }
    return {
      proofs: PROOFS,
      events: EVENTS,
      balanceRead: summarize(balance.samples),
      walletPageReady: summarize(ready),
      historyPage: summarize(historyPage),
      withdrawPrepare: summarize(prepare),
      withdrawToken: {
        ...summarize(build),
        proofs: PROOFS,
        tokenLength,
        urParts: parts,
        note: 'token built without consolidation (fee notice answered "Withdraw without combining")',
      },
      withdrawQr,
    };
  } finally {
    await browserContext.close().catch(() => {});
    await own.close();
  }
}

/**
 * The swap the app's consolidation does (all inputs into the split of the total), in rounds of at
 * most 100 inputs: one request with ~1,000 inputs was reset by the dev mint's socket on this box.
 */
async function consolidate(wallet, proofs) {
  let current = proofs;
  while (current.length > 100) {
    const next = [];
    for (let i = 0; i < current.length; i += 100) {
      next.push(...(await wallet.receive(current.slice(i, i + 100))));
    }
    current = next;
  }
  return wallet.receive(current);
}

/**
 * Token length and UR parts for the balance of 200 payments of random amounts (1..2100 sats),
 * as the proofs are and after the consolidation swap (fee-free mint). `consolidatedProofs`
 * checks the rule proofs <= ceil(log2(N)) + 1.
 */
export async function measureWithdrawQr(context = {}) {
  const log = context.log ?? (() => {});
  const { startMint, encodeWithdrawToken } = await tsModules();
  const { Wallet } = await import('@cashu/cashu-ts');
  const own = await startOwnMint(startMint, 0);
  try {
    const url = own.mint.url;
    const wallet = new Wallet(url, { unit: 'sat' });
    await wallet.loadMint();
    const random = prng(200);
    const proofs = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const amount = 1 + Math.floor(random() * 2100);
      const quote = await wallet.createMintQuoteBolt11(amount);
      await own.mint.pay(quote.quote);
      proofs.push(...(await wallet.mintProofsBolt11(amount, quote.quote)));
      if ((i + 1) % 50 === 0) log(`withdrawQr: ${i + 1} payments`);
    }
    const plain = proofs.map((p) => ({ ...p, amount: p.amount.toNumber() }));
    const sats = plain.reduce((s, p) => s + p.amount, 0);
    const asIs = encodeWithdrawToken(url, plain);
    const swapped = (await consolidate(wallet, proofs)).map((p) => ({
      ...p,
      amount: p.amount.toNumber(),
    }));
    const combined = encodeWithdrawToken(url, swapped);
    const limit = Math.ceil(Math.log2(sats)) + 1;
    return {
      payments: PAYMENTS,
      sats,
      withoutConsolidation: {
        proofs: plain.length,
        tokenLength: asIs.length,
        urParts: await urParts(asIs),
      },
      withConsolidation: {
        proofs: swapped.length,
        tokenLength: combined.length,
        urParts: await urParts(combined),
      },
      consolidatedProofs: {
        value: swapped.length,
        limit,
        pass: swapped.length <= limit,
      },
    };
  } finally {
    await own.close();
  }
}

export default measureWalletScale;

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2]) || 5;
  const { tsImport } = await import('tsx/esm/api');
  const { startStack } = await tsImport('../dev/stack.ts', import.meta.url);
  const { launchChromium } = await import('./lib/chromium.mjs');
  const stack = await startStack({ tempPrefix: 'cashew-bench-wallet-stack-' });
  const browser = await launchChromium();
  try {
    const log = (line) => process.stderr.write(`[wallet-scale] ${line}\n`);
    const result = await measureWalletScale({ ...stack, browser, runs, log });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
    await stack.close();
  }
}
