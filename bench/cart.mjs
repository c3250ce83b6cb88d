// Items at scale (issue 33): a catalog of 500 items written to the app's database, then on Home at
// 4x CPU throttling: the time from clicking "Items" to the frame that paints the grid, and from
// clicking an item to the frame that paints its cart line, measured in the page (no Playwright
// look-up of one of 500 buttons is timed) (bench/budgets.json "cart.openAndAddCpu4x").
//
// Importable: measureCart({ browser, appUrl, mintUrl, relayUrl, runs?, log? }).
// In the bench: `npm run bench -- --only=cart`.
import { round, summarize } from './lib/stats.mjs';
import { throttledPage } from './lib/chromium.mjs';
import { onboard } from './lib/onboard.mjs';
import { stepThreadMs } from './lib/step-threads.mjs';

const ITEMS = 500;
const STEP_TIMEOUT = 120_000;

/**
 * In the page: `count` items (every third with tax, five categories, every fifth with a size to
 * pick and extras: variants and modifiers) in the items table.
 */
function insertItems(count) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('cashew-pos');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(['items', 'carts'], 'readwrite');
      const items = tx.objectStore('items');
      for (let i = 0; i < count; i++) {
        items.put({
          id: `bench-${i}`,
          name: `Item ${i}`,
          price: { unit: 'sat', sats: 100 + i },
          category: `Category ${i % 5}`,
          ...(i % 3 === 0 ? { taxRatePercent: 7.5 } : {}),
          sku: String(4_000_000 + i),
          enabled: true,
          position: i,
          ...(i % 5 === 0
            ? {
                options: [
                  {
                    id: 'size',
                    name: 'Size',
                    pick: 'one',
                    choices: [
                      { id: 'small', name: 'small', delta: 0 },
                      { id: 'large', name: 'large', delta: 50 },
                    ],
                  },
                  {
                    id: 'extras',
                    name: 'Extras',
                    pick: 'any',
                    choices: [{ id: 'oat', name: 'oat milk', delta: 30 }],
                  },
                ],
              }
            : {}),
        });
      }
      tx.objectStore('carts').delete('current');
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/**
 * In the page, so no harness look-up is timed: "Items" clicked (a performance mark), then each
 * animation frame until the one that paints the last item's button, then "Add Item 7" clicked and
 * frames until the one that paints its cart line. Returns the two spans in ms and the long tasks
 * (over 50 ms of main thread) that fell in each.
 */
function openAndAddInPage(count) {
  const named = (name) =>
    [...document.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === name || b.textContent.trim() === name,
    );
  const longTasks = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  const longIn = (from, to) =>
    longTasks.filter((t) => t.startTime + t.duration > from && t.startTime < to);
  // The rAF callback that first sees the element runs just before the frame that paints it.
  const frameWith = (found) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const tick = () => {
        if (found()) resolve(performance.now());
        else if (performance.now() - started > 60_000) reject(new Error('not shown in 60 s'));
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  return (async () => {
    performance.mark('items-tapped');
    const t0 = performance.now();
    named('Items').click();
    // Found by the browser's own selector engine: a scan of 500 buttons' texts in script each
    // frame would be timed as the app's work. A button's name goes on with its price
    // ("Add Item 499, 599 sats"), so the name is matched up to its comma.
    const last = `button[aria-label^="Add Item ${count - 1},"]`;
    const t1 = await frameWith(() => document.querySelector(last));
    performance.mark('item-tapped');
    const t2start = performance.now();
    document.querySelector('button[aria-label^="Add Item 7,"]').click();
    const t2 = await frameWith(() => document.querySelector('[data-testid="cart-line"]'));
    performance.mark('cart-line-seen');
    // Long tasks are reported after they end: one more frame lets the last one in.
    await new Promise((resolve) => setTimeout(resolve, 100));
    observer.disconnect();
    const open = longIn(t0, t1);
    const add = longIn(t2start, t2);
    const sum = (tasks) => tasks.reduce((s, t) => s + t.duration, 0);
    return {
      open: t1 - t0,
      add: t2 - t2start,
      openLongTasks: open.length,
      openLongTaskMs: sum(open),
      addLongTasks: add.length,
      addLongTaskMs: sum(add),
    };
  })();
}

/** A context onboarded with the catalog written, and its page at 4x CPU throttling. */
export async function prepareCart(browser, { appUrl, mintUrl, relayUrl }) {
  const browserContext = await browser.newContext();
  const setup = await browserContext.newPage();
  await onboard(setup, { appUrl, mintUrl, relayUrl }, { timeout: STEP_TIMEOUT });
  await setup.evaluate(insertItems, ITEMS);
  await setup.close();
  const page = await throttledPage(browserContext, 4);
  return page;
}

const METRICS = ['ScriptDuration', 'TaskDuration', 'LayoutCount', 'RecalcStyleCount'];

async function metrics(cdp) {
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(
    all.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value]),
  );
}

/** A merchant who opens the app and then sells: the pause before the first tap. */
const SETTLE_MS = 2000;

/** In the page: `ms` after the keypad shows, then the next idle moment (start-up work done). */
function startUpSettled(ms) {
  return new Promise((resolve) =>
    setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 5000 }), ms),
  );
}

/**
 * One run: the catalog rewritten and the cart emptied, Home loaded cold (a new navigation), and as
 * soon as its keypad shows, "Items" tapped then an item added (the merchant's first taps).
 * Beside the spans: the renderer's script time and layout count over the whole of it
 * (CDP Performance metrics, measured after the spans so reading them is not timed), with
 * `profile`, a CPU profile of it, with `trace` (a path), a trace of it written there, and with
 * `threads`, each step's main-thread time (thread CPU, from a light trace: openThreadMs,
 * addThreadMs), which load moves far less than the spans.
 */
export async function cartRun(
  page,
  appUrl,
  { profile = false, trace, settled = false, threads = false } = {},
) {
  await page.evaluate(insertItems, ITEMS).catch(() => {});
  await page.goto(`${appUrl}/`);
  await page.getByRole('button', { name: 'Submit' }).waitFor({ timeout: STEP_TIMEOUT });
  if (settled) await page.evaluate(startUpSettled, SETTLE_MS);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await metrics(cdp);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  if (trace || threads) {
    await browser.startTracing(page, {
      ...(trace ? { path: trace } : {}),
      categories: [
        'devtools.timeline',
        // Its RunTask events are the main thread's tasks, with their thread time.
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        ...(trace
          ? [
              'v8.execute',
              // JS samples in the trace, so a step's script time can be split by function.
              'disabled-by-default-v8.cpu_profiler',
            ]
          : []),
      ],
    });
  }
  const spans = await page.evaluate(openAndAddInPage, ITEMS);
  const traced = trace || threads ? await browser.stopTracing() : undefined;
  const steps = threads
    ? stepThreadMs(JSON.parse(traced.toString()).traceEvents, [
        'items-tapped',
        'item-tapped',
        'cart-line-seen',
      ])
    : undefined;
  const cpu = profile ? (await cdp.send('Profiler.stop')).profile : undefined;
  const after = await metrics(cdp);
  await cdp.detach();
  return {
    ...spans,
    ...(steps ? { openThreadMs: steps['items-tapped'], addThreadMs: steps['item-tapped'] } : {}),
    scriptMs: (after.ScriptDuration - before.ScriptDuration) * 1000,
    taskMs: (after.TaskDuration - before.TaskDuration) * 1000,
    layouts: after.LayoutCount - before.LayoutCount,
    styleRecalcs: after.RecalcStyleCount - before.RecalcStyleCount,
    ...(cpu ? { profile: cpu } : {}),
  };
}

export async function measureCart(context) {
  const { browser, appUrl, mintUrl, relayUrl } = context;
  const runs = context.runs ? Math.min(context.runs, 10) : 5;
  const log = context.log ?? (() => {});
  const page = await prepareCart(browser, { appUrl, mintUrl, relayUrl });
  try {
    const open = [];
    const add = [];
    const total = [];
    const longTasks = [];
    const early = [];
    // Interleaved: the budgeted tap once start-up has settled, and (every other run) the tap as
    // soon as the keypad shows, reported beside it.
    for (let i = 0; i < runs; i++) {
      const run = await cartRun(page, appUrl, { settled: true });
      open.push(run.open);
      add.push(run.add);
      total.push(run.open + run.add);
      longTasks.push(run.openLongTasks + run.addLongTasks);
      log(
        `cart: run ${i + 1}/${runs}: open ${round(run.open)} ms, add ${round(run.add)} ms, ` +
          `${run.openLongTasks + run.addLongTasks} long tasks`,
      );
      if (i % 2 === 0) {
        const first = await cartRun(page, appUrl);
        early.push(first.open + first.add);
        log(`cart: tapped as the keypad shows: ${round(first.open + first.add)} ms`);
      }
    }
    return {
      items: ITEMS,
      openAndAddCpu4x: summarize(total),
      openAndAddAtStartCpu4x: summarize(early),
      openCpu4x: summarize(open),
      addCpu4x: summarize(add),
      longTasks: summarize(longTasks, 'tasks'),
      notes: [
        `${ITEMS} items; 4x CPU throttling; each run a new load of Home, "Items" tapped ` +
          `${SETTLE_MS} ms after the keypad shows and the page is idle (openAndAddAtStartCpu4x: ` +
          'as soon as it shows, while start-up work runs; no budget); in-page: open: "Items" clicked to the frame painting ' +
          "the last item's button (its code, the catalog and the cart read); add: an item clicked " +
          'to the frame painting its cart line. ' +
          `Medians of ${runs} runs (${round(summarize(total).median ?? 0)} ms).`,
      ],
    };
  } finally {
    await page.context().close();
  }
}

export default measureCart;
