// E2E helper: a stored price table (the merchant's PRICE_CACHE, or a cashier's
// CASHIER_PRICE_CACHE:{merchant}) made older in the app's IndexedDB, as if the device had slept.
import type { Page } from '@playwright/test';

/** Moves the table's source time and fetch time `seconds` back. */
export async function ageStoredPrice(page: Page, seconds: number, key = 'PRICE_CACHE') {
  await page.evaluate(
    ({ row: name, by }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('config', 'readwrite').objectStore('config');
          const get = store.get(name);
          get.onsuccess = () => {
            const row = get.result as { value: string } | undefined;
            if (!row) return reject(new Error(`no ${name} row`));
            const cache = JSON.parse(row.value) as { time: number; fetchedAt: number };
            cache.time -= by;
            cache.fetchedAt -= by * 1000;
            store.put({ ...row, value: JSON.stringify(cache) }).onsuccess = () => {
              open.result.close();
              resolve();
            };
          };
          get.onerror = () => reject(get.error);
        };
      }),
    { row: key, by: seconds },
  );
}
