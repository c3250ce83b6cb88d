// E2E helper: the history events as the app stored them, read from its own database.
import type { Page } from '@playwright/test';

export async function storedEvents(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result
            .transaction('historyEvents')
            .objectStore('historyEvents')
            .getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result as Record<string, unknown>[]);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}
