// The stored names of lines that are no item: recognised only without a catalog item's id.
import { describe, expect, it } from 'vitest';
import { isKeypadAmount, lineName, placeholderOf } from './line-names';

const words = { keypadLine: 'Venta', customLine: 'Importe libre' };

describe('line names', () => {
  it('knows the keypad amount and the custom amount, never an item of the same name', () => {
    expect(placeholderOf({ name: 'Amount' })).toBe('keypad');
    expect(placeholderOf({ name: 'Custom amount' })).toBe('custom');
    expect(placeholderOf({ itemId: 'i1', name: 'Amount' })).toBeUndefined();
    expect(placeholderOf({ name: 'Custom' })).toBeUndefined();
  });

  it('names each in the words given and keeps every other name', () => {
    expect(lineName({ name: 'Amount' }, words)).toBe('Venta');
    expect(lineName({ name: 'Custom amount' }, words)).toBe('Importe libre');
    expect(lineName({ itemId: 'i1', name: 'Custom amount' }, words)).toBe('Custom amount');
    expect(lineName({ name: 'Tea' }, words)).toBe('Tea');
  });

  it('takes a lone keypad line as a keypad sale, not one beside other lines', () => {
    const amount = { name: 'Amount', quantity: 1, unitSats: 5 };
    expect(isKeypadAmount({ lines: [amount] })).toBe(true);
    expect(isKeypadAmount({ lines: [amount, { ...amount, name: 'Tea' }] })).toBe(false);
    expect(isKeypadAmount({ lines: [{ ...amount, itemId: 'i1' }] })).toBe(false);
    expect(isKeypadAmount({ lines: [] })).toBe(false);
  });
});
