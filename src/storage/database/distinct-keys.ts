// The distinct values of one index, found with one seek per value instead of a unique cursor, so the
// mints used by 100,000 history rows cost a few key lookups, not a walk of the whole index.
import type { IndexableType, Table } from 'dexie';

/**
 * IndexedDB (Chromium's LevelDB backend, and fake-indexeddb alike) moves a 'nextunique' cursor,
 * which is Dexie's `uniqueKeys()`, on by stepping over every duplicate entry: 100,000 history rows
 * of one mint were a ~250 ms walk that also held up the reads queued behind it (the wallet page's).
 * A cursor opened just above a key (an open lower bound) steps over that key's duplicates too
 * (~25 ms). So each next value is sought from the smallest key after the previous one, a closed
 * bound no duplicate sits on: one seek per distinct value, O(distinct × log n).
 * Runs in the caller's transaction when there is one.
 */
export async function distinctIndexKeys<T, K>(
  table: Table<T, K>,
  index: string,
): Promise<IndexableType[]> {
  const values: IndexableType[] = [];
  let next = await table.orderBy(index).firstKey();
  while (next !== undefined) {
    values.push(next);
    next = await after(table, index, next).firstKey();
  }
  return values;
}

/** No string lies between `s` and `s + '\0'` in IndexedDB's key order. */
function after<T, K>(table: Table<T, K>, index: string, key: IndexableType) {
  return typeof key === 'string'
    ? table.where(index).aboveOrEqual(`${key}\u0000`)
    : table.where(index).above(key);
}
