import { describe, expect, it } from 'vitest';
import { stockLevels, type StockCount, type StockMove } from './stock';

const counts = new Map<string, StockCount>([
  ['coffee', { count: 10, at: 1_000, lowAt: 3 }],
  ['cake', { count: 2, at: 1_000 }],
]);
const sale = (id: string, at: number, lines: StockMove['lines']): StockMove => ({ id, at, lines });

describe('stockLevels', () => {
  it('lowers an item by each sale after its count, ignoring sales before it and custom lines', () => {
    const levels = stockLevels(counts, [
      sale('a', 500, [{ itemId: 'coffee', quantity: 4 }]),
      sale('b', 2_000, [{ itemId: 'coffee', quantity: 2 }, { quantity: 1 }]),
      sale('c', 3_000, [
        { itemId: 'coffee', quantity: 1 },
        { itemId: 'cake', quantity: 1 },
      ]),
    ]);
    expect(levels.get('coffee')).toEqual({ left: 7, low: false, soldOut: false });
    expect(levels.get('cake')).toEqual({ left: 1, low: false, soldOut: false });
  });

  it('counts a sale once however many copies of its record there are (reloads, two devices)', () => {
    const once = sale('a', 2_000, [{ itemId: 'coffee', quantity: 3 }]);
    expect(stockLevels(counts, [once, { ...once }, once]).get('coffee')?.left).toBe(7);
  });

  it('raises the stock by a refund of the line, once', () => {
    const sold = sale('a', 2_000, [{ itemId: 'cake', quantity: 2 }]);
    const refund = sale('r', 2_500, [{ itemId: 'cake', quantity: 1 }]);
    expect(stockLevels(counts, [sold]).get('cake')).toEqual({ left: 0, low: true, soldOut: true });
    expect(stockLevels(counts, [sold], [refund, refund]).get('cake')).toEqual({
      left: 1,
      low: false,
      soldOut: false,
    });
  });

  it('says low at the threshold and sold out at none, oversold below zero', () => {
    const levels = stockLevels(counts, [
      sale('a', 2_000, [{ itemId: 'coffee', quantity: 7 }]),
      sale('b', 2_000, [{ itemId: 'cake', quantity: 3 }]),
    ]);
    expect(levels.get('coffee')).toEqual({ left: 3, low: true, soldOut: false });
    expect(levels.get('cake')).toEqual({ left: -1, low: true, soldOut: true });
  });

  it('tracks only items with a count', () => {
    const levels = stockLevels(counts, [sale('a', 2_000, [{ itemId: 'tea', quantity: 1 }])]);
    expect(levels.has('tea')).toBe(false);
  });
});
