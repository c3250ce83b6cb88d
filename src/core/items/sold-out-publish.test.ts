import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger';
import type { StockRow } from './stock';
import { publishSoldOutChanges } from './sold-out-publish';

const row = (key: string, left: number): StockRow => ({ key, count: 5, at: 1, left });

/** A stock store whose watchers hear what the test writes, as Dexie's liveQuery tells them. */
function fakeStock(first: StockRow[]) {
  let listener: ((rows: StockRow[]) => void) | undefined;
  return {
    watch(next: (rows: StockRow[]) => void) {
      listener = next;
      next(first);
      return () => {
        listener = undefined;
      };
    },
    write: (rows: StockRow[]) => listener?.(rows),
  };
}

describe('publishSoldOutChanges', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('publishes the catalog a few seconds after a sale sells an item out, once for a burst', () => {
    const stock = fakeStock([row('cake', 2), row('tea', 3)]);
    const sync = vi.fn();
    publishSoldOutChanges({ stock, catalog: { sync }, logger: silentLogger, delayMs: 3000 });
    expect(sync).not.toHaveBeenCalled();

    stock.write([row('cake', 0), row('tea', 3)]);
    vi.advanceTimersByTime(2000);
    stock.write([row('cake', 0), row('tea', 0)]);
    vi.advanceTimersByTime(2999);
    expect(sync).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('publishes nothing for a sale that leaves what is sold out as it was', () => {
    const stock = fakeStock([row('cake', 0), row('tea', 3)]);
    const sync = vi.fn();
    publishSoldOutChanges({ stock, catalog: { sync }, logger: silentLogger });
    stock.write([row('cake', 0), row('tea', 2)]);
    vi.advanceTimersByTime(60_000);
    expect(sync).not.toHaveBeenCalled();
  });

  it('publishes an item back in stock after a refund', () => {
    const stock = fakeStock([row('cake', 0)]);
    const sync = vi.fn();
    publishSoldOutChanges({ stock, catalog: { sync }, logger: silentLogger });
    stock.write([row('cake', 1)]);
    vi.advanceTimersByTime(3000);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('still publishes within the longest wait while sales keep changing what is out', () => {
    const stock = fakeStock([row('a', 1), row('b', 1), row('c', 1), row('d', 1)]);
    const sync = vi.fn();
    publishSoldOutChanges({
      stock,
      catalog: { sync },
      logger: silentLogger,
      delayMs: 3000,
      maxWaitMs: 5000,
    });
    stock.write([row('a', 0), row('b', 1), row('c', 1), row('d', 1)]);
    vi.advanceTimersByTime(2000);
    stock.write([row('a', 0), row('b', 0), row('c', 1), row('d', 1)]);
    vi.advanceTimersByTime(2000);
    stock.write([row('a', 0), row('b', 0), row('c', 0), row('d', 1)]);
    vi.advanceTimersByTime(1000);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('publishes nothing once stopped', () => {
    const stock = fakeStock([row('cake', 1)]);
    const sync = vi.fn();
    const stop = publishSoldOutChanges({ stock, catalog: { sync }, logger: silentLogger });
    stock.write([row('cake', 0)]);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sync).not.toHaveBeenCalled();
  });
});
