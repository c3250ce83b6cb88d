// Wallet at scale: 1,000 / 10,000 / 100,000 history events and a tenth as many unspent proofs
// bulk-inserted through the app's storage layer, then balance read, wallet page ready, history
// pages and the withdraw token build per size, the IndexedDB bytes on disk and the growth per 10x
// step; plus token length and UR parts for a balance from 200 payments, with and without
// consolidation (withdrawQr).
//
// Importable: measureWalletScale({ appUrl, relayUrl, runs?, sizes?, log?, withdrawQr? }) (default
// export; its result carries `withdrawQr` too unless withdrawQr: false) and
// measureWithdrawQr({ log? }) for a separate `withdrawQr` figure (budget withdrawQr.consolidatedProofs).
// Standalone: `node --import tsx bench/wallet-scale.mjs [runs] [sizes, e.g. 1000,10000]` builds and serves the app against
// a dev mint and relay on free ports and prints the JSON figures.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { growthCheck } from './lib/growth.mjs';
import { freshCopySize, indexedDbSize, tempProfile } from './lib/persistent-profile.mjs';
import { round, summarize } from './lib/stats.mjs';
import { storageBundle } from './lib/storage-bundle.mjs';
import { onboard } from './lib/onboard.mjs';

/** History events per size; each size holds a tenth as many unspent proofs. */
const SIZES = [1_000, 10_000, 100_000];
/** Rows per IndexedDB transaction in the bulk insert. */
const INSERT_CHUNK = 5_000;
const PAYMENTS = 200;
/** Every 10 inputs cost 1 sat: the screen then asks before combining, so the token is built as is. */
const FEE_PPK = 100;
const STEP_TIMEOUT = 120_000;
/** The app's database (src/storage/database/db-name.ts). */
const DB_NAME = 'cashew-pos';

async function tsModules() {
  const { tsImport } = await import('tsx/esm/api');
  const server = await tsImport('../dev/mint/server.ts', import.meta.url);
  const token = await tsImport('../src/core/wallet/withdraw/withdraw-token.ts', import.meta.url);
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

/** UR `bytes` parts at fragment length 200 (docs/behaviour.md), with the encoder the app ships. */
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

/**
 * In the page, through the app's storage layer (window.__cashewStorage): proofs with
 * DexieProofStore.add (rows and per-mint totals in one transaction, as a payment stores them) and
 * history rows built by paymentRow and bulk-added, `chunk` rows per transaction.
 */
export async function bulkInsert({ proofs, events, keysetId, chunk }) {
  const { CashewDb, DexieProofStore, paymentRow, silentLogger } = window.__cashewStorage;
  const hex = (bytes) => {
    const out = new Uint8Array(bytes);
    crypto.getRandomValues(out);
    return [...out].map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  const db = new CashewDb();
  try {
    const mintUrl = (await db.config.get('MINT_URL')).value;
    const store = new DexieProofStore(db, Date.now, silentLogger);
    const t0 = performance.now();
    let total = 0;
    for (let i = 0; i < proofs; i += chunk) {
      const batch = [];
      for (let j = i; j < Math.min(proofs, i + chunk); j++) {
        const amount = 2 ** (j % 10); // 1..512
        total += amount;
        batch.push({ secret: hex(32), amount, id: keysetId, C: `02${hex(32)}` });
      }
      await store.add(batch, mintUrl);
    }
    const now = Date.now();
    for (let i = 0; i < events; i += chunk) {
      const rows = [];
      for (let j = i; j < Math.min(events, i + chunk); j++) {
        const event = {
          type: j % 3 === 0 ? 'remote-payment' : 'direct-payment',
          amount: (j % 500) + 1,
          mintUrl,
          quoteId: `bench-quote-${j}`,
          request: `lnbc${j}n1bench`,
        };
        rows.push(paymentRow(event, now - (events - j) * 1000));
      }
      await db.historyEvents.bulkAdd(rows);
    }
    return { mintUrl, total, ms: performance.now() - t0 };
  } finally {
    db.close();
  }
}

/**
 * The reads the wallet page does, through the app's own stores: DexieProofStore.balance() (the
 * per-mint totals) and DexieHistoryStore.page() for the newest and the oldest page (the UI only
 * steps one page at a time, so the last of 10,000 pages is read here, not clicked to).
 */
async function storeReads({ runs, events }) {
  const { CashewDb, DexieProofStore, DexieHistoryStore, silentLogger } = window.__cashewStorage;
  const db = new CashewDb();
  try {
    await db.open();
    const proofs = new DexieProofStore(db, Date.now, silentLogger);
    const history = new DexieHistoryStore(db, Date.now);
    const lastPage = Math.ceil(events / 10);
    // Not timed: the first transaction of a connection pays for opening it.
    await proofs.balance();
    const first = await history.page(1, 10);
    const last = await history.page(lastPage, 10);
    if (first.total !== events || first.events.length !== 10 || last.events.length === 0) {
      throw new Error(`history pages: total ${first.total}, last page ${last.events.length} rows`);
    }
    const out = { balance: [], firstPage: [], lastPage: [], sats: 0 };
    const time = async (samples, read) => {
      const t0 = performance.now();
      const value = await read();
      samples.push(performance.now() - t0);
      return value;
    };
    // Interleaved, so a busy moment on the shared machine spreads over all three.
    for (let i = 0; i < runs; i++) {
      out.sats = await time(out.balance, () => proofs.balance());
      await time(out.firstPage, () => history.page(1, 10));
      await time(out.lastPage, () => history.page(lastPage, 10));
    }
    return out;
  } finally {
    db.close();
  }
}

/** Before the app's scripts: note when the balance and a full first history page are painted. */
export function walletReadyProbe(expected) {
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

function longestWithdrawToken() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('cashew-pos');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result
        .transaction('withdrawals', 'readonly')
        .objectStore('withdrawals')
        .getAll();
      req.onsuccess = () => {
        open.result.close();
        resolve(Math.max(...req.result.map((w) => w.token?.length ?? 0)));
      };
      req.onerror = () => reject(req.error);
    };
  });
}

async function firstPage(browserContext) {
  return browserContext.pages()[0] ?? browserContext.newPage();
}

/**
 * One wallet size in its own Chromium profile: onboard, bulk-insert, close and weigh the
 * IndexedDB directory, reopen the same profile and measure every read on that one context.
 */
async function measureSize({ appUrl, relayUrl, mintUrl, keysetId, events, runs, log }) {
  const proofs = events / 10;
  const label = `${events.toLocaleString('en-US')} events / ${proofs.toLocaleString('en-US')} proofs`;
  const bundle = await storageBundle();
  // Other work on a shared machine slows one size and not another: the load is kept beside it.
  const loadBefore = loadavg()[0];
  const profile = await tempProfile('cashew-bench-scale-');
  let browserContext = await profile.launch();
  try {
    let page = await firstPage(browserContext);
    await onboard(page, { appUrl, mintUrl, relayUrl }, { timeout: STEP_TIMEOUT });
    await page.addScriptTag({ content: bundle });
    log(`walletScale: ${label}: inserting...`);
    const inserted = await page.evaluate(bulkInsert, {
      proofs,
      events,
      keysetId,
      chunk: INSERT_CHUNK,
    });
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
    await browserContext.close();
    const justInserted = await indexedDbSize(profile.dir, appUrl);

    browserContext = await profile.launch();
    page = await firstPage(browserContext);
    const expected = `${inserted.total.toLocaleString('en-US')} sats`;
    await page.addInitScript(walletReadyProbe, expected);
    const ready = [];
    // One untimed visit first: the reopened profile's first page compiles the app's scripts.
    for (let i = -1; i < runs; i++) {
      await page.goto(`${appUrl}/wallet`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__walletReady, null, {
        timeout: STEP_TIMEOUT,
        polling: 50,
      });
      if (i >= 0) ready.push(await page.evaluate(() => window.__walletReady));
    }

    await page.addScriptTag({ content: bundle });
    const reads = await page.evaluate(storeReads, { runs: Math.max(runs, 10), events });
    if (reads.sats !== inserted.total) {
      throw new Error(`balance read ${reads.sats}, expected ${inserted.total}`);
    }

    const pages = Math.ceil(events / 10);
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

    // The rows weighed written once (freshCopySize): closed as the app leaves it, the directory
    // holds whatever overwritten rows and compaction outputs LevelDB had not yet dropped, which
    // is compaction timing, not stored rows. That weight is kept beside it.
    await browserContext.close();
    const unsettled = await indexedDbSize(profile.dir, appUrl);
    const disk = await freshCopySize(profile, appUrl, DB_NAME);
    browserContext = await profile.launch();
    page = await firstPage(browserContext);
    await page.addInitScript(walletReadyProbe, expected);
    await page.goto(`${appUrl}/wallet`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__walletReady, null, {
      timeout: STEP_TIMEOUT,
      polling: 50,
    });

    // Withdraw: the amount step (everything available), then prepare (the fee of swapping every
    // proof) until the fee notice; the token built from the proofs as they are until the first QR
    // frame shows. A built token holds every proof (a second one could not take them), so every
    // run but the last cancels at the notice and only the last one builds.
    const withdrawRuns = Math.max(1, Math.min(3, runs));
    const prepare = [];
    const build = [];
    let parts = null;
    for (let i = 0; i < withdrawRuns; i++) {
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await page.getByTestId('withdraw-amount-input').waitFor();
      const confirm = await page
        .getByRole('button', { name: /^Withdraw [\d,]+ sats$/ })
        .textContent();
      prepare.push(
        await page.evaluate(clickAndWait, {
          button: confirm.trim(),
          selector: '[data-testid="consolidation-notice"]',
        }),
      );
      if (i < withdrawRuns - 1) {
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        continue;
      }
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
    const tokenLength = await page.evaluate(longestWithdrawToken);
    const result = {
      size: events,
      events,
      proofs,
      insertMs: Math.round(inserted.ms),
      loadAverage1m: { before: round(loadBefore), after: round(loadavg()[0]) },
      balanceRead: summarize(reads.balance),
      historyFirstPage: summarize(reads.firstPage),
      historyLastPage: summarize(reads.lastPage),
      historyPage: summarize(historyPage),
      walletPageReady: summarize(ready),
      withdrawPrepare: summarize(prepare),
      withdrawToken: { ...summarize(build), proofs, tokenLength, urParts: parts },
      indexedDbBytes: disk.bytes,
      indexedDb: {
        bytes: disk.bytes,
        allocatedBytes: disk.allocatedBytes,
        files: disk.files,
        bytesPerEvent: Math.round(disk.bytes / events),
        byKind: disk.byKind,
        justInserted: { bytes: justInserted.bytes, byKind: justInserted.byKind },
        unsettled: { bytes: unsettled.bytes, byKind: unsettled.byKind, files: unsettled.files },
        rowsCopied: disk.rows,
        storageEstimateUsage: usage,
        paths: disk.paths,
      },
    };
    log(
      `walletScale: ${label}: ready ${result.walletPageReady.median} ms, last page ` +
        `${result.historyLastPage.median} ms, IndexedDB ${(disk.bytes / 1e6).toFixed(1)} MB`,
    );
    return result;
  } finally {
    await browserContext.close().catch(() => {});
    await profile.remove();
  }
}

/** Medians per size the growth check compares; a 10x step may cost 10x + GROWTH_ALLOWANCE. */
const GROWTH_METRICS = [
  'balanceRead',
  'historyFirstPage',
  'historyLastPage',
  'historyPage',
  'walletPageReady',
  'withdrawPrepare',
  'withdrawToken',
  'indexedDbBytes',
];
const GROWTH_ALLOWANCE_MS = 5;
/**
 * Disk: 1 MiB of slack, about one LevelDB table. The rows' fresh copy (freshCopySize) is the same
 * bytes in every run; at any size up to its last 4 MB of writes stays an uncompressed log, which
 * weighs more on the smaller size's side of a step than on the larger's.
 */
const GROWTH_ALLOWANCE_BYTES = 1024 * 1024;
const GROWTH_ALLOWANCE = Object.fromEntries(
  GROWTH_METRICS.map((m) => [
    m,
    m === 'indexedDbBytes' ? GROWTH_ALLOWANCE_BYTES : GROWTH_ALLOWANCE_MS,
  ]),
);

/**
 * The wallet of a merchant with 1,000 / 10,000 / 100,000 events (a tenth as many proofs), each
 * in a fresh Chromium profile; the largest size is also reported flat (the 10,000 proofs
 * and 100,000 events), with the growth per 10x step and the IndexedDB bytes per size.
 */
export async function measureWalletScale(context) {
  const { appUrl, relayUrl } = context;
  const runs = context.runs ?? 10;
  const sizes = context.sizes ?? SIZES;
  const log = context.log ?? (() => {});
  const { startMint } = await tsModules();
  const own = await startOwnMint(startMint, FEE_PPK);
  try {
    const keysets = await (await fetch(`${own.mint.url}/v1/keysets`)).json();
    const keysetId = keysets.keysets.find((k) => k.active && k.unit === 'sat').id;
    const series = [];
    for (const events of sizes) {
      series.push(
        await measureSize({ appUrl, relayUrl, mintUrl: own.mint.url, keysetId, events, runs, log }),
      );
    }
    const largest = series[series.length - 1];
    const growth = growthCheck(series, GROWTH_METRICS, {
      allowance: GROWTH_ALLOWANCE,
      unitOf: (m) => (m === 'indexedDbBytes' ? 'bytes' : 'ms'),
    });

    // A harness that measures withdrawQr as its own figure passes withdrawQr: false here.
    let withdrawQr;
    if (context.withdrawQr !== false) {
      log('walletScale: withdraw QR for 200 payments...');
      withdrawQr = await measureWithdrawQr({ log });
    }
    return {
      proofs: largest.proofs,
      events: largest.events,
      balanceRead: largest.balanceRead,
      walletPageReady: largest.walletPageReady,
      historyPage: largest.historyPage,
      historyFirstPage: largest.historyFirstPage,
      historyLastPage: largest.historyLastPage,
      withdrawPrepare: largest.withdrawPrepare,
      withdrawToken: {
        ...largest.withdrawToken,
        note: 'token built without consolidation (fee notice answered "Withdraw without combining")',
      },
      indexedDbBytes: Object.fromEntries(series.map((s) => [s.events, s.indexedDbBytes])),
      series,
      growth: {
        rule:
          `each 10x step in stored rows: median(10N) <= 10 x median(N) + ${GROWTH_ALLOWANCE_MS} ms ` +
          '(bytes: 10x + 1 MiB), for ' +
          GROWTH_METRICS.join(', '),
        ...growth,
      },
      notes: [
        'balanceRead, historyFirstPage and historyLastPage are the app stores read in the page ' +
          '(DexieProofStore.balance, DexieHistoryStore.page(1 | last)); historyPage is Next/Previous ' +
          'clicked to page 2 and back until the new items show; walletPageReady is navigation to ' +
          'balance and 10 history items painted (one untimed visit first after reopening the profile).',
        "indexedDbBytes: the app database's rows after the bulk insert and one reopen (reads " +
          'only, before any withdraw), copied with their keys and schema into an origin that ' +
          'never had a database, weighed once its files stop changing (indexedDb.rowsCopied ' +
          'rows); indexedDb.unsettled is the app origin directory weighed as the app closed it; ' +
          'indexedDb.justInserted is the same directory closed right after the insert, ' +
          'indexedDb.storageEstimateUsage navigator.storage.estimate().usage just before that close.',
      ],
      withdrawQr,
    };
  } finally {
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
  const sizes = process.argv[3]?.split(',').map(Number);
  const { tsImport } = await import('tsx/esm/api');
  const { startStack } = await tsImport('../dev/stack.ts', import.meta.url);
  const stack = await startStack({ tempPrefix: 'cashew-bench-wallet-stack-' });
  try {
    const log = (line) => process.stderr.write(`[wallet-scale] ${line}\n`);
    const result = await measureWalletScale({ ...stack, runs, sizes, log });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await stack.close();
  }
}
