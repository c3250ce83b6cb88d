// Items at scale (issue 33): a catalog of 500 items written to the app's database, then on Home at
// 4x CPU throttling: the time from clicking "Items" to the frame that paints the grid, and from
// clicking an item to the frame that paints its cart line, measured in the page (no Playwright
// look-up of one of 500 buttons is timed) (bench/budgets.json "cart.openAndAddCpu4x").
//
// Importable: measureCart({ browser, appUrl, mintUrl, relayUrl, runs?, log? }).
// In the bench: `npm run bench -- --only=cart`.
import { round, summarize } from './lib/stats.mjs';
import { throttledPage } from './lib/chromium.mjs';

const ITEMS = 500;
const STEP_TIMEOUT = 120_000;

async function onboard(page, { appUrl, mintUrl, relayUrl }) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByTestId('phrase-word').first().waitFor();
  await page.getByLabel('I have written down my recovery phrase and stored it safely').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: STEP_TIMEOUT });
}

/** In the page: `count` items (every third with tax, five categories) in the items table. */
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
 * frames until the one that paints its cart line. Returns the two spans in ms.
 */
function openAndAddInPage(count) {
  const named = (name) =>
    [...document.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === name || b.textContent.trim() === name,
    );
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
    const t1 = await frameWith(() => named(`Add Item ${count - 1}`));
    performance.mark('item-tapped');
    const t2start = performance.now();
    named('Add Item 7').click();
    const t2 = await frameWith(() => document.querySelector('[data-testid="cart-line"]'));
    return { open: t1 - t0, add: t2 - t2start };
  })();
}

export async function measureCart(context) {
  const { browser, appUrl, mintUrl, relayUrl } = context;
  const runs = context.runs ? Math.min(context.runs, 10) : 5;
  const log = context.log ?? (() => {});
  const browserContext = await browser.newContext();
  try {
    const setup = await browserContext.newPage();
    await onboard(setup, { appUrl, mintUrl, relayUrl });
    await setup.evaluate(insertItems, ITEMS);
    await setup.close();
    const page = await throttledPage(browserContext, 4);
    const open = [];
    const add = [];
    const total = [];
    for (let i = 0; i < runs; i++) {
      await page.evaluate(insertItems, ITEMS).catch(() => {});
      await page.goto(`${appUrl}/`);
      await page.getByRole('button', { name: 'Submit' }).waitFor({ timeout: STEP_TIMEOUT });
      const spans = await page.evaluate(openAndAddInPage, ITEMS);
      open.push(spans.open);
      add.push(spans.add);
      total.push(spans.open + spans.add);
      log(`cart: run ${i + 1}/${runs}: open ${round(spans.open)} ms, add ${round(spans.add)} ms`);
    }
    return {
      items: ITEMS,
      openAndAddCpu4x: summarize(total),
      openCpu4x: summarize(open),
      addCpu4x: summarize(add),
      notes: [
        `${ITEMS} items; 4x CPU throttling; in-page: open: "Items" clicked to the frame painting ` +
          "the last item's button (its code, the catalog and the cart read); add: an item clicked " +
          'to the frame painting its cart line. ' +
          `Medians of ${runs} runs (${round(summarize(total).median ?? 0)} ms).`,
      ],
    };
  } finally {
    await browserContext.close();
  }
}

export default measureCart;
