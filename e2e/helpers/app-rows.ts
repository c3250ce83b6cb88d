// E2E helper: the app's IndexedDB rows as another program reading the profile sees them.
import type { Page } from '@playwright/test';

/** What to read of one store: its rows (getAll) or only its primary keys (getAllKeys). */
export type Read = 'rows' | 'keys';

/** Opens the app's database, reads the named stores in one read-only transaction, closes it. */
export function appRows<S extends string>(
  page: Page,
  stores: Record<S, Read>,
): Promise<Record<S, unknown[]>> {
  return page.evaluate(
    (wanted) =>
      new Promise<Record<string, unknown[]>>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const tx = db.transaction(Object.keys(wanted), 'readonly');
            const reads = Object.entries(wanted).map(([name, what]) => {
              const store = tx.objectStore(name);
              return [name, what === 'keys' ? store.getAllKeys() : store.getAll()] as const;
            });
            tx.oncomplete = () => {
              db.close();
              resolve(Object.fromEntries(reads.map(([name, read]) => [name, read.result])));
            };
            tx.onerror = () => reject(tx.error);
          } catch (error) {
            db.close();
            reject(error);
          }
        };
      }),
    stores as Record<string, Read>,
  ) as Promise<Record<S, unknown[]>>;
}

/** The rows the app keeps about these quotes (claims, pending quotes, history events). */
export async function rowsFor(page: Page, quoteIds: string[]): Promise<number> {
  const read = await appRows(page, {
    processedQuotes: 'keys',
    mintQuotes: 'keys',
    historyEvents: 'rows',
  });
  const wanted = new Set(quoteIds);
  const keys = [...(read.processedQuotes as string[]), ...(read.mintQuotes as string[])];
  const events = (read.historyEvents as Array<{ quoteId?: string }>).map((e) => e.quoteId);
  return [...keys, ...events].filter((id) => id && wanted.has(id)).length;
}

/** The value of one config row, or undefined. */
export async function configRow(page: Page, key: string): Promise<string | undefined> {
  const { config } = await appRows(page, { config: 'rows' });
  return (config as Array<{ key: string; value?: string }>).find((row) => row.key === key)?.value;
}
