// The mints used, read from 3,000 history rows on fake-indexeddb: right, and in a few IndexedDB
// responses, with neither a unique cursor nor a range opening just above a key (Chromium serves
// both by stepping over every duplicate of the key: O(rows), see distinct-keys.ts).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentRow } from '../history/history-store';
import { distinctIndexKeys } from './distinct-keys';
import { MINT_A, MINT_B, testStorage, type TestStorage } from '../../testing/storage/db';

const MINT_C = 'https://mint-c.example';

/** What one table's reads cost at the IndexedDB API: responses delivered and cursor directions. */
interface ReadSpy {
  responses: number;
  directions: string[];
  /** ranges whose lower bound excludes its key */
  openLowerBounds: number;
  restore(): void;
}

function spyOnReads(storeName: string): ReadSpy {
  const spy: ReadSpy = { responses: 0, directions: [], openLowerBounds: 0, restore: () => {} };
  const undo: Array<() => void> = [];
  const wrap = (proto: object, method: string, storeOf: (self: never) => string) => {
    const target = proto as Record<string, (...args: unknown[]) => IDBRequest>;
    const original = target[method]!;
    target[method] = function (this: never, ...args: unknown[]) {
      const request = original.apply(this, args);
      if (storeOf(this) === storeName) {
        if (method.endsWith('Cursor')) spy.directions.push(String(args[1] ?? 'next'));
        if (args[0] instanceof IDBKeyRange && args[0].lowerOpen) spy.openLowerBounds += 1;
        request.addEventListener('success', () => void (spy.responses += 1));
      }
      return request;
    };
    undo.push(() => void (target[method] = original));
  };
  const reads = ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor'];
  for (const method of reads) {
    wrap(IDBObjectStore.prototype, method, (self: IDBObjectStore) => self.name);
    wrap(IDBIndex.prototype, method, (self: IDBIndex) => self.objectStore.name);
  }
  spy.restore = () => undo.forEach((step) => step());
  return spy;
}

async function historyAcrossMints(s: TestStorage, rows: number): Promise<void> {
  const mints = [MINT_A, MINT_B, MINT_C];
  const batch = Array.from({ length: rows }, (_, i) =>
    paymentRow(
      {
        type: 'direct-payment',
        amount: 1 + (i % 50),
        mintUrl: mints[i % mints.length]!,
        quoteId: `q${i}`,
        request: 'lnbc',
      },
      i,
    ),
  );
  await s.db.historyEvents.bulkAdd(batch);
}

let spy: ReadSpy | undefined;
afterEach(() => spy?.restore());

describe('distinctIndexKeys', () => {
  it('lists each value of an index once, in key order, and nothing for an empty table', async () => {
    const s = testStorage();
    expect(await distinctIndexKeys(s.db.historyEvents, 'mintUrl')).toEqual([]);
    await historyAcrossMints(s, 30);
    expect(await distinctIndexKeys(s.db.historyEvents, 'mintUrl')).toEqual(
      [MINT_A, MINT_B, MINT_C].sort(),
    );
  });

  it('keeps a value that is another one followed by a NUL character', async () => {
    const s = testStorage();
    const urls = ['https://m', 'https://m\u0000', 'https://m\u0000\u0000', 'https://m/'];
    await s.db.historyEvents.bulkAdd(
      urls.map((mintUrl, i) =>
        paymentRow(
          { type: 'direct-payment', amount: 1, mintUrl, quoteId: `q${i}`, request: 'x' },
          i,
        ),
      ),
    );
    expect(await distinctIndexKeys(s.db.historyEvents, 'mintUrl')).toEqual(urls);
  });

  it('finds the mints of 3,000 history rows in one response per mint, never walking the rows', async () => {
    const s = testStorage();
    await historyAcrossMints(s, 3_000);
    // The wallet's inbox (at start-up) and the restore scan both ask which mints were used.
    for (const read of [() => s.merchantTrust.knownMints(), () => s.restore.knownMints()]) {
      spy = spyOnReads('historyEvents');
      expect(await read()).toEqual(expect.arrayContaining([MINT_A, MINT_B, MINT_C]));
      // One seek per mint plus the one that finds none above the last.
      expect(spy.responses).toBeLessThanOrEqual(4);
      expect(spy.directions.filter((d) => d.endsWith('unique'))).toEqual([]);
      expect(spy.openLowerBounds).toBe(0);
      spy.restore();
      spy = undefined;
    }
  });

  it('finds the mints of 3,000 remote claims in one response per mint, never walking the claims', async () => {
    const s = testStorage();
    const mints = [MINT_A, MINT_B, MINT_C];
    await s.db.processedQuotes.bulkAdd(
      Array.from({ length: 3_000 }, (_, i) => ({
        quoteId: `c${i}`,
        amount: 1,
        processedAt: i,
        mintUrl: mints[i % mints.length]!,
      })),
    );
    spy = spyOnReads('processedQuotes');
    expect(await s.merchantTrust.knownMints()).toEqual(expect.arrayContaining(mints));
    expect(spy.responses).toBeLessThanOrEqual(4);
    expect(spy.directions.filter((d) => d.endsWith('unique'))).toEqual([]);
  });
});
