// Items at scale (issue 33): a catalog of 500 items written to the app's database, then on Home at
// 4x CPU throttling: the time from clicking "Items" to the grid shown, and from clicking an item to
// its cart line shown (bench/budgets.json "cart.openAndAddCpu4x": the two together).
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
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Items', exact: true }).click();
      const last = page.getByRole('button', { name: `Add Item ${ITEMS - 1}`, exact: true });
      await last.waitFor({ timeout: STEP_TIMEOUT });
      const t1 = Date.now();
      await page.getByRole('button', { name: 'Add Item 7', exact: true }).click();
      await page.getByTestId('cart-line').first().waitFor({ timeout: STEP_TIMEOUT });
      const t2 = Date.now();
      open.push(t1 - t0);
      add.push(t2 - t1);
      total.push(t2 - t0);
      log(`cart: run ${i + 1}/${runs}: open ${t1 - t0} ms, add ${t2 - t1} ms`);
    }
    return {
      items: ITEMS,
      openAndAddCpu4x: summarize(total),
      openCpu4x: summarize(open),
      addCpu4x: summarize(add),
      notes: [
        `${ITEMS} items; 4x CPU throttling; open: "Items" clicked to the last item's button shown ` +
          '(its code, the catalog and the cart read); add: an item clicked to its cart line shown. ' +
          `Medians of ${runs} runs (${round(summarize(total).median ?? 0)} ms).`,
      ],
    };
  } finally {
    await browserContext.close();
  }
}

export default measureCart;
