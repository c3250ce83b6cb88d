import { describe, expect, it } from 'vitest';
import { addItem, addWithOptions, priceCart, saleLinesOf } from './cart';
import { itemProblem, normaliseItem } from './item';
import {
  OPTIONS_INVALID,
  OPTIONS_PRICE_TOO_LOW,
  pickedOptions,
  stockKeysOf,
  type OptionGroup,
} from './item-options';
import { LATTE, USD_PRICE } from '../../testing/items/catalog';

const ids = ['a', 'b', 'c', 'd'];
const newId = () => ids.shift() ?? 'z';

describe('item options', () => {
  it('prices a large latte with oat milk at the base price plus both changes', () => {
    const lines = addWithOptions([], LATTE, ['large', 'oat'], 'l1');
    expect(lines).toEqual([
      expect.objectContaining({
        itemId: 'latte',
        name: 'Latte, large, oat milk',
        price: { unit: 'fiat', currency: 'USD', minor: 400 },
        options: [
          { groupId: 'size', id: 'large', name: 'large' },
          { groupId: 'extras', id: 'oat', name: 'oat milk' },
        ],
      }),
    ]);
    const priced = priceCart(lines, USD_PRICE);
    // 4.00 USD at 100,000 USD a bitcoin is 4,000 sats.
    expect(priced.ok && priced.totals.totalSats).toBe(4000);
    const sale = priced.ok ? saleLinesOf(priced.totals) : undefined;
    expect(sale?.lines[0]).toMatchObject({
      name: 'Latte, large, oat milk',
      unitSats: 4000,
      options: [{ id: 'large' }, { id: 'oat' }],
    });
  });

  it('adds the same pick to its line and another pick as a line of its own', () => {
    let lines = addWithOptions([], LATTE, ['small'], newId());
    lines = addWithOptions(lines, LATTE, ['small'], newId());
    lines = addWithOptions(lines, LATTE, ['large', 'shot'], newId());
    expect(lines.map((l) => [l.name, l.quantity, l.price])).toEqual([
      ['Latte, small', 2, { unit: 'fiat', currency: 'USD', minor: 250 }],
      ['Latte, large, extra shot', 1, { unit: 'fiat', currency: 'USD', minor: 425 }],
    ]);
    // A plain tap (a scan) never lands on a line with options.
    expect(addItem(lines, LATTE, 'x')).toHaveLength(3);
  });

  it('refuses a pick without its variant, with two sizes or with an unknown choice', () => {
    expect(addWithOptions([], LATTE, ['oat'], 'l')).toEqual([]);
    expect(addWithOptions([], LATTE, ['small', 'large'], 'l')).toEqual([]);
    expect(addWithOptions([], LATTE, ['small', 'gold'], 'l')).toEqual([]);
    expect(pickedOptions(LATTE, ['small', 'small'])).toBeUndefined();
  });

  it('refuses options that are unnamed, repeated or could bring the price to zero', () => {
    const withOptions = (options: OptionGroup[]) => ({ ...LATTE, options });
    const size = LATTE.options![0]!;
    expect(itemProblem(withOptions([{ ...size, name: ' ' }]))).toBe(OPTIONS_INVALID);
    expect(itemProblem(withOptions([size, size]))).toBe(OPTIONS_INVALID);
    const free = { ...size, choices: [{ id: 'tiny', name: 'tiny', delta: -300 }] };
    expect(itemProblem(withOptions([free]))).toBe(OPTIONS_PRICE_TOO_LOW);
    expect(itemProblem(LATTE)).toBeNull();
  });

  it('keeps the options when an item is stored, trimmed', () => {
    const stored = normaliseItem({
      ...LATTE,
      options: [{ ...LATTE.options![1]!, name: ' Extras ' }],
    });
    expect(stored.options?.[0]?.name).toBe('Extras');
    expect(normaliseItem({ ...LATTE, options: [] }).options).toBeUndefined();
  });

  it('counts a line under its item and each picked choice', () => {
    const [line] = addWithOptions([], LATTE, ['large', 'oat'], 'l');
    expect(stockKeysOf(line!)).toEqual(['latte', 'latte/large', 'latte/oat']);
    expect(stockKeysOf({ quantity: 1 } as never)).toEqual([]);
  });
});
