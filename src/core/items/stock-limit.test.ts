import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart';
import type { StockLevel } from './stock';
import { overStock } from './stock-limit';

const level = (left: number): StockLevel => ({ left, low: left <= 1, soldOut: left <= 0 });
const cake = (quantity: number): CartLine => ({
  id: 'l1',
  itemId: 'cake',
  name: 'Cake',
  price: { unit: 'sat', sats: 1000 },
  quantity,
});
const latte = (quantity: number, id = 'l2', extra: string[] = []): CartLine => ({
  id,
  itemId: 'latte',
  name: ['Latte, large', ...extra].join(', '),
  price: { unit: 'sat', sats: 3500 },
  quantity,
  options: [
    { groupId: 'size', id: 'large', name: 'large' },
    ...extra.map((e) => ({ groupId: 'x', id: e, name: e })),
  ],
});

describe('overStock', () => {
  const stock = new Map([
    ['cake', level(2)],
    ['latte/large', level(3)],
  ]);

  it('lets the cart reach what is left and refuses one more, saying how many are left', () => {
    expect(overStock([cake(1)], [cake(2)], stock)).toBeUndefined();
    expect(overStock([cake(2)], [cake(3)], stock)).toEqual({ key: 'cake', name: 'Cake', left: 2 });
  });

  it('counts a choice over every line that picks it', () => {
    const before = [latte(2), latte(1, 'l3', ['oat milk'])];
    const after = [latte(2), latte(2, 'l3', ['oat milk'])];
    expect(overStock(before, after, stock)).toEqual({
      key: 'latte/large',
      name: 'Latte, large',
      left: 3,
    });
  });

  it('never refuses fewer, even when the cart already holds more than is left now', () => {
    const sold = new Map([['cake', level(-1)]]);
    expect(overStock([cake(3)], [cake(2)], sold)).toBeUndefined();
    expect(overStock([cake(3)], [cake(4)], sold)).toEqual({ key: 'cake', name: 'Cake', left: 0 });
  });

  it('leaves uncounted items and a catalog with nothing counted alone', () => {
    const coffee = { ...cake(50), itemId: 'coffee', name: 'Coffee' };
    expect(overStock([], [coffee], stock)).toBeUndefined();
    expect(overStock([], [cake(50)], undefined)).toBeUndefined();
  });
});
