// @vitest-environment happy-dom
// The counter's stock: whatever recorded a sale (Lightning, ecash, cash, a cashier, another tab),
// the levels it left are shown as soon as the store says so, not at the next invoice.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StockRow } from '../../core/items/stock';
import { silentLogger } from '../../core/logger';
import type { PosItems } from './deps';
import { useStockLevels } from './use-stock-levels';

const row = (key: string, left: number, lowAt?: number): StockRow => ({
  key,
  count: 5,
  at: 1,
  left,
  ...(lowAt !== undefined ? { lowAt } : {}),
});

/** A stock store whose changes the test makes. */
function watchedStock() {
  let listener: ((rows: StockRow[]) => void) | null = null;
  const off = vi.fn(() => {
    listener = null;
  });
  const stock: NonNullable<PosItems['stock']> = {
    rows: async () => [],
    watch: (next) => {
      listener = next;
      return off;
    },
  };
  return { stock, off, emit: (rows: StockRow[]) => act(() => listener?.(rows)) };
}

describe('useStockLevels', () => {
  it('shows a sale recorded anywhere at once: sold out, then back after its refund', () => {
    const store = watchedStock();
    const { result } = renderHook(() => useStockLevels(store.stock, silentLogger));
    act(() => result.current.show([row('cake', 1, 1), row('wine', 3)]));
    expect(result.current.levels?.get('cake')).toEqual({ left: 1, low: true, soldOut: false });

    store.emit([row('cake', 0, 1), row('wine', 3)]);
    expect(result.current.levels?.get('cake')?.soldOut).toBe(true);
    store.emit([row('cake', 1, 1), row('wine', 3)]);
    expect(result.current.levels?.get('cake')?.soldOut).toBe(false);
  });

  it('keeps the same levels when the rows come back unchanged, and stops listening on unmount', () => {
    const store = watchedStock();
    const { result, unmount } = renderHook(() => useStockLevels(store.stock, silentLogger));
    store.emit([row('cake', 2)]);
    const first = result.current.levels;
    store.emit([row('cake', 2)]);
    expect(result.current.levels).toBe(first);
    store.emit([]);
    expect(result.current.levels).toBeUndefined();
    unmount();
    expect(store.off).toHaveBeenCalledTimes(1);
  });
});
