// The shop's books settings as stored or restored: sound fields taken, others the default.
import { describe, expect, it } from 'vitest';
import {
  booksSettingsFrom,
  booksSettingsProblem,
  DEFAULT_BOOKS_SETTINGS,
  pricingRulesOf,
} from './books-settings';

describe('books settings', () => {
  it('default to tax on top, rounded per line, discounts by anyone, no address', () => {
    expect(booksSettingsFrom(undefined)).toEqual(DEFAULT_BOOKS_SETTINGS);
    expect(pricingRulesOf(DEFAULT_BOOKS_SETTINGS)).toEqual({
      rounding: 'line',
      pricesIncludeTax: false,
    });
  });

  it('keep the sound fields of a row and drop the rest', () => {
    expect(
      booksSettingsFrom({
        address: '  1 Main St \n  10115 Berlin ',
        taxNumber: ' DE 123\t456 ',
        pricesIncludeTax: true,
        taxRounding: 'receipt',
        discounts: 'pin',
      }),
    ).toEqual({
      address: '1 Main St\n10115 Berlin',
      taxNumber: 'DE 123 456',
      pricesIncludeTax: true,
      taxRounding: 'receipt',
      discounts: 'pin',
    });
    expect(
      booksSettingsFrom({ taxRounding: 'sometimes', discounts: 'all', pricesIncludeTax: 'yes' }),
    ).toEqual(DEFAULT_BOOKS_SETTINGS);
  });

  it('refuse an address or tax number too long instead of cutting it', () => {
    expect(booksSettingsProblem({ address: 'a'.repeat(201), taxNumber: '' })).toBe(
      'address-too-long',
    );
    expect(booksSettingsProblem({ address: '', taxNumber: '1'.repeat(41) })).toBe(
      'tax-number-too-long',
    );
    expect(booksSettingsProblem({ address: 'a'.repeat(200), taxNumber: 'DE1' })).toBeUndefined();
    expect(booksSettingsFrom({ address: 'a'.repeat(201) }).address).toBe('');
  });
});
