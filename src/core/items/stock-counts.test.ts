import { describe, expect, it } from 'vitest';
import { countsOf, stockTextsOf } from './stock-counts';
import { LATTE } from '../../testing/items/catalog';

describe('stock fields', () => {
  it('read the item count, its low mark and the options counts by choice name', () => {
    const counts = countsOf(
      'latte',
      { count: '12', lowAt: '3', options: 'Large: 4; oat milk: 0' },
      LATTE.options,
    );
    expect(counts).toEqual(
      new Map([
        ['latte', { count: 12, lowAt: 3 }],
        ['latte/large', { count: 4 }],
        ['latte/oat', { count: 0 }],
      ]),
    );
  });

  it('refuse a count that is not whole and an option the item does not have', () => {
    expect(countsOf('latte', { count: '1.5', lowAt: '', options: '' })).toBeNull();
    expect(
      countsOf('latte', { count: '', lowAt: '', options: 'huge: 3' }, LATTE.options),
    ).toBeNull();
    expect(countsOf('latte', { count: '', lowAt: '', options: '' })).toEqual(new Map());
  });

  it('show what is left now, as the count a save keeps', () => {
    const rows = [
      { key: 'latte', count: 12, at: 1, left: 7, lowAt: 3 },
      { key: 'latte/large', count: 4, at: 1, left: -1 },
    ];
    expect(stockTextsOf('latte', rows, LATTE.options)).toEqual({
      count: '7',
      lowAt: '3',
      options: 'large: 0',
    });
  });
});
