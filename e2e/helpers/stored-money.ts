// E2E helper: the money the app really stored (its IndexedDB), not what a screen says; per unit,
// never sats and cents added together.
import type { Page } from '@playwright/test';

export interface StoredMoney {
  /** sats in unspent proofs (proofs of other units are not counted here) */
  balance: number;
  /** unspent sat proofs */
  proofs: number;
  /** minor units in unspent proofs of each other unit, e.g. `{ usd: 350 }`; `{}` when none */
  inUnits: Record<string, number>;
  /** mint quotes not settled yet */
  pendingQuotes: number;
  /** `unit` only on events in another unit than sats (`amount` is then in its minor units) */
  history: Array<{ type: string; amount: number; quoteId?: string; unit?: string }>;
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
            type Row = { amount: number; isSpent: boolean; unit?: string };
            const unspent = (proofs.result as Row[]).filter((p) => !p.isSpent);
            // A row with no unit is sats, as every row written before units.
            const sats = unspent.filter((p) => (p.unit ?? 'sat') === 'sat');
            const inUnits: Record<string, number> = {};
            for (const p of unspent) {
              if ((p.unit ?? 'sat') !== 'sat')
                inUnits[p.unit!] = (inUnits[p.unit!] ?? 0) + p.amount;
            }
            resolve({
              balance: sats.reduce((sum, p) => sum + p.amount, 0),
              proofs: sats.length,
              inUnits,
              pendingQuotes: quotes.result,
              history: (history.result as StoredMoney['history']).map(
                ({ type, amount, quoteId, unit }) => ({
                  type,
                  amount,
                  quoteId,
                  ...(unit && unit !== 'sat' ? { unit } : {}),
                }),
              ),
            });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}
