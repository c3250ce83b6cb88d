import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  findItems,
  isTaxRate,
  itemByCode,
  itemProblem,
  type CatalogItem,
} from './item';

const base = { enabled: true, price: { unit: 'sat' as const, sats: 100 } };
const items: CatalogItem[] = [
  { ...base, id: '1', name: 'Latte', category: 'Drinks', position: 1, sku: '111' },
  { ...base, id: '2', name: 'Bagel', category: 'Food', position: 0 },
  { ...base, id: '3', name: 'Hidden latte', category: 'Drinks', position: 2, enabled: false },
  { ...base, id: '4', name: 'Tea', category: 'Drinks', position: 3, sku: 'latte-1' },
];

describe('catalog items', () => {
  it('finds enabled items by name or SKU within a category, an exact code first', () => {
    expect(findItems(items, '').map((i) => i.id)).toEqual(['2', '1', '4']);
    expect(findItems(items, '', 'Drinks').map((i) => i.id)).toEqual(['1', '4']);
    expect(findItems(items, 'LATTE').map((i) => i.id)).toEqual(['1', '4']);
    expect(findItems(items, 'latte-1').map((i) => i.id)).toEqual(['4']);
    expect(itemByCode(items, ' 111 ')?.id).toBe('1');
    expect(itemByCode(items, '')).toBeUndefined();
    expect(categoriesOf(items)).toEqual(['Food', 'Drinks']);
  });
  it('says what is wrong with an item', () => {
    expect(itemProblem({ ...base, name: ' ' })).toBe('Give the item a name.');
    expect(itemProblem({ ...base, name: 'A', price: { unit: 'sat', sats: 0 } })).toBe(
      'Give the item a price above zero.',
    );
    expect(itemProblem({ ...base, name: 'A', taxRatePercent: 7.125 })).toContain('two decimals');
    expect(itemProblem({ ...base, name: 'A', taxRatePercent: 7.25 })).toBeNull();
    expect(isTaxRate(101)).toBe(false);
    expect(isTaxRate(NaN)).toBe(false);
  });
});
