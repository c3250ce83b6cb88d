// The Items side of Home on its own connection to the database: Dexie and the item, cart and tip
// stores without the protocol libraries, so opening Items does not wait for cashu-ts and nostr-tools
// (docs/performance.md "Cart of 500 items"). Loaded as its own chunk by services/pos.ts.
import type { Clock } from '../../core/clock';
import type { PosItems } from '../../features/pos/deps';
import { CashewDb } from '../../storage/database/db';
import {
  DexieCartStore,
  DexieItemStore,
  DexieTipSettingsStore,
} from '../../storage/shop/item-store';
import { DexieBooksSettingsStore } from '../../storage/shop/books-settings-store';
import { DexieStockStore } from '../../storage/shop/stock-store';

/** Dexie opens the connection on first use; a deleted database closes it (wallet replaced). */
export function openItemStores(dbName: string, clock: Clock): PosItems {
  const db = new CashewDb(dbName);
  return {
    items: new DexieItemStore(db),
    carts: new DexieCartStore(db, clock),
    tips: new DexieTipSettingsStore(db, clock),
    books: new DexieBooksSettingsStore(db, clock),
    stock: new DexieStockStore(db, clock),
    warm: () =>
      db.open().then(
        () => undefined,
        () => undefined,
      ),
  };
}
