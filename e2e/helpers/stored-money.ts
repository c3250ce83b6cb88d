// E2E helper: the money the app really stored (its IndexedDB), not what a screen says.
import type { Page } from '@playwright/test';

export interface StoredMoney {
  /** sats in unspent proofs */
  balance: number;
  /** unspent proofs */
  proofs: number;
  /** mint quotes not settled yet */
  pendingQuotes: number;
  history: Array<{ type: string; amount: number; quoteId?: string }>;
}

export async function storedMoney(page: Page): Promise<StoredMoney> {
  return page.evaluate(
    () =>
      new Promise<StoredMoney>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['proofs', 'historyEvents', 'mintQuotes'], 'readonly');
          const proofs = tx.objectStore('proofs').getAll();
          const history = tx.objectStore('historyEvents').getAll();
          const quotes = tx.objectStore('mintQuotes').count();
          tx.oncomplete = () => {
            db.close();
            const unspent = (proofs.result as Array<{ amount: number; isSpent: boolean }>).filter(
              (p) => !p.isSpent,
            );
            resolve({
              balance: unspent.reduce((sum, p) => sum + p.amount, 0),
              proofs: unspent.length,
              pendingQuotes: quotes.result,
              history: (history.result as StoredMoney['history']).map(
                ({ type, amount, quoteId }) => ({ type, amount, quoteId }),
              ),
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}
