import { describe, expect, it } from 'vitest';
import { levelOf, movedRows, stockMoves, type StockRow } from './stock';

const rows: StockRow[] = [
  { key: 'latte', count: 10, at: 1_000, left: 10, lowAt: 3 },
  { key: 'latte/large', count: 2, at: 1_000, left: 2 },
  { key: 'cake', count: 5, at: 3_000, left: 5 },
];
const largeLatte = (quantity: number) => ({
  itemId: 'latte',
  quantity,
  options: [{ id: 'large' }, { id: 'oat' }],
});

describe('stock', () => {
  it('counts a line under its item and each pick, summed over lines, keypad lines left out', () => {
    expect(stockMoves([largeLatte(2), { itemId: 'latte', quantity: 1 }, { quantity: 4 }])).toEqual(
      new Map([
        ['latte', 3],
        ['latte/large', 2],
        ['latte/oat', 2],
      ]),
    );
  });

  it('lowers the counted keys a sale names and raises them by a refund, uncounted ones untouched', () => {
    expect(movedRows(rows, [largeLatte(2)], -1, 2_000)).toEqual([
      { ...rows[0], left: 8 },
      { ...rows[1], left: 0 },
    ]);
    expect(movedRows(rows, [largeLatte(1)], 1, 2_000).map((row) => row.left)).toEqual([11, 3]);
  });

  it('leaves a count set at or after the record as it is: the count holds that sale', () => {
    expect(movedRows(rows, [{ itemId: 'cake', quantity: 1 }], -1, 3_000)).toEqual([]);
    expect(movedRows(rows, [{ itemId: 'cake', quantity: 1 }], -1, 3_001)[0]?.left).toBe(4);
  });

  it('says low at the mark, sold out at none, oversold below zero', () => {
    expect(levelOf({ ...rows[0]!, left: 3 })).toEqual({ left: 3, low: true, soldOut: false });
    expect(levelOf({ ...rows[1]!, left: 0 })).toEqual({ left: 0, low: true, soldOut: true });
    expect(levelOf({ ...rows[1]!, left: -1 })).toEqual({ left: -1, low: true, soldOut: true });
    expect(levelOf(rows[2]!)).toEqual({ left: 5, low: false, soldOut: false });
  });
});
