// The shop's history restored from the relay: 10,000 history events of one phrase (keypad sales
// with their invoice, every fifth a cart sale of three lines with a fiat record, some withdrawals
// and cash-outs) published on the dev relay as another device's certified batches, exactly as
// core/backup/records publishes them (docs/protocol.md "Records on the relays"); then per run a
// fresh browser profile restores the phrase through the one-page onboarding, and the time from
// onboarding done to the 10,000th event stored is taken, with the longest main-thread task
// meanwhile (the import yields after each batch opened and each chunk of 500 stored; the phrase's
// ecash scan runs alongside, and its NUT-09 batches are among those tasks).
//
// Importable: measureRecordsRestore({ browser, appUrl, mintUrl, relayUrl, runs?, quick?, log? }).
// In the bench: `npm run bench -- --only=recordsRestore`.
import { loadavg } from 'node:os';
import { round, summarize } from './lib/stats.mjs';
import { fillRestoreOnboarding } from './restore.mjs';

const EVENTS = 10_000;
const STEP_TIMEOUT = 120_000;

async function modules() {
  const { tsImport } = await import('tsx/esm/api');
  const envelope = await tsImport('../src/core/backup/device-envelope.ts', import.meta.url);
  const batches = await tsImport('../src/core/backup/records/record-batches.ts', import.meta.url);
  const keys = await tsImport('../src/core/keys/derive.ts', import.meta.url);
  const bip39 = await import('@scure/bip39');
  const { wordlist } = await import('@scure/bip39/wordlists/english.js');
  const pure = await import('nostr-tools/pure');
  return { envelope, batches, keys, bip39, wordlist, pure };
}

/** The i-th event of the other device's history (its own id i + 1), one minute apart up to now. */
function eventAt(i, mintUrl, now) {
  const id = i + 1;
  const at = now - (EVENTS - i) * 60_000;
  const sats = 1_000 + (i % 4_000);
  if (i % 50 === 49) {
    return { id, at, type: 'withdrawal', sats, mint: mintUrl, meta: '{"numProofs":4}' };
  }
  if (i % 50 === 24) {
    const request = `lnbc${sats}n1p${'c'.repeat(240)}`;
    return {
      id,
      at,
      type: 'cash-out',
      sats,
      mint: mintUrl,
      quote: `melt-${id}`,
      request,
      meta: JSON.stringify({ request, feePaid: 2, inputFee: 0 }),
    };
  }
  const event = {
    id,
    at,
    type: 'direct-payment',
    sats,
    mint: mintUrl,
    quote: `bench-quote-${id}-${'q'.repeat(16)}`,
    meta: JSON.stringify({ request: `lnbc${sats}n1p${'x'.repeat(250)}` }),
  };
  if (i % 5 !== 0) return event;
  const unit = Math.floor((sats - 100) / 3);
  return {
    ...event,
    sats: unit * 3 + 100,
    fiat: { currency: 'USD', price: 100_000, value: Math.round(unit * 3 + 100) / 1000, time: at },
    sale: {
      lines: [
        { itemId: 'flat-white', name: 'Flat white', quantity: 2, unitSats: unit },
        { itemId: 'cheesecake', name: 'Cheesecake', quantity: 1, unitSats: unit },
      ],
      subtotalSats: unit * 3,
      taxSats: 0,
      tipSats: 100,
      method: 'lightning',
      reference: `R${id}`,
    },
  };
}

/**
 * Publishes the history of a device of `phrase` on the relay as the app does: batches filled up to
 * the envelope limit, each sealed from a certified device key to the phrase's identity key.
 */
async function publishHistory(m, { phrase, mintUrl, relayUrl }) {
  const { SimplePool, useWebSocketImplementation } = await import('nostr-tools/pool');
  const { default: WebSocket } = await import('ws');
  useWebSocketImplementation(WebSocket);
  const identity = m.keys.nostrSecretKeyFromSeed(m.bip39.mnemonicToSeedSync(phrase));
  const deviceSecretKey = m.pure.generateSecretKey();
  const writer = {
    deviceSecretKey,
    identityPubkey: m.pure.getPublicKey(identity),
    certificate: m.envelope.certifyDevice(identity, m.pure.getPublicKey(deviceSecretKey)),
  };
  const now = Date.now();
  const events = Array.from({ length: EVENTS }, (_, i) => eventAt(i, mintUrl, now));
  const ranges = m.batches.extendBatches(
    undefined,
    events.map((event) => ({ id: event.id, bytes: m.batches.eventBytes(event) })),
  );
  const createdAt = Math.floor(now / 1000);
  const sealed = ranges.map((range) =>
    m.envelope.sealEnvelope(
      writer,
      m.batches.batchName(range.n),
      { n: range.n, events: events.filter((e) => e.id > range.fromId && e.id <= range.toId) },
      createdAt,
    ),
  );
  const pool = new SimplePool();
  try {
    for (const event of sealed) await Promise.any(pool.publish([relayUrl], event));
  } finally {
    pool.close([relayUrl]);
  }
  const bytes = sealed.reduce((sum, e) => sum + JSON.stringify(e).length, 0);
  return { batches: sealed.length, bytes };
}

/** Long tasks from the page's start, kept in the page (an init script: before the app's code). */
function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, ms: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
}

/** Events another device recorded, stored in the app's database (the `gid` index). */
function importedCount() {
  return new Promise((resolve) => {
    const open = indexedDB.open('cashew-pos');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const req = db
          .transaction('historyEvents')
          .objectStore('historyEvents')
          .index('gid')
          .count();
        req.onsuccess = () => {
          db.close();
          resolve(req.result);
        };
        req.onerror = () => {
          db.close();
          resolve(0);
        };
      } catch {
        db.close();
        resolve(0);
      }
    };
  });
}

/** One restore on a fresh profile: onboarding done to the last event stored, and the longest task. */
async function restoreOnce(browser, { appUrl, mintUrl, relayUrl, phrase }) {
  const context = await browser.newContext();
  await context.addInitScript(watchLongTasks);
  try {
    const page = await context.newPage();
    await fillRestoreOnboarding(page, { appUrl, mintUrl, relayUrl, phrase });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
    const started = performance.now();
    const pageStart = await page.evaluate(() => performance.now());
    const deadline = started + STEP_TIMEOUT;
    for (;;) {
      if ((await page.evaluate(importedCount)) >= EVENTS) break;
      if (performance.now() > deadline) throw new Error('the history was not restored in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = performance.now() - started;
    const tasks = await page.evaluate(
      (from) => window.__longTasks.filter((t) => t.start + t.ms >= from),
      pageStart,
    );
    return { ms, longest: tasks.reduce((max, t) => Math.max(max, t.ms), 0) };
  } finally {
    await context.close();
  }
}

export async function measureRecordsRestore({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  runs = 3,
  quick = false,
  log,
}) {
  const m = await modules();
  const phrase = m.bip39.generateMnemonic(m.wordlist);
  log?.(`recordsRestore: publishing ${EVENTS} history events...`);
  const published = await publishHistory(m, { phrase, mintUrl, relayUrl });
  log?.(`recordsRestore: ${published.batches} batches, ${published.bytes} bytes on the relay`);
  const loadBefore = loadavg()[0];
  const samples = [];
  const longest = [];
  const count = quick ? 1 : Math.min(runs, 3);
  for (let run = 0; run < count; run++) {
    const result = await restoreOnce(browser, { appUrl, mintUrl, relayUrl, phrase });
    log?.(
      `recordsRestore: run ${run + 1}/${count} ${Math.round(result.ms)} ms, ` +
        `longest task ${round(result.longest)} ms`,
    );
    samples.push(result.ms);
    longest.push(result.longest);
  }
  return {
    ...summarize(samples),
    events: EVENTS,
    batches: published.batches,
    relayBytes: published.bytes,
    longestTaskMs: summarize(longest),
    // Wall-clock figures: on a shared machine other work stretches them.
    loadAverage: { before: round(loadBefore), after: round(loadavg()[0]) },
    what:
      'fresh browser profile, phrase restored in onboarding: onboarding done to the 10,000th ' +
      'history event of another device stored (batches read from the dev relay, certificates ' +
      'and NIP-44 opened, events checked, stored 500 per transaction); 1x CPU. longestTaskMs ' +
      'covers the same span, the ecash scan running beside the import included',
  };
}

export default measureRecordsRestore;
