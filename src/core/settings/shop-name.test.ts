// The shop name's rules: what Settings saves and what a connect link may put on the cashier page.
import { describe, expect, it } from 'vitest';
import {
  cleanShopName,
  SHOP_NAME_MAX,
  SHOP_NAME_TOO_LONG,
  shopNameFromLink,
  shopNameProblem,
} from './shop-name';

describe('shop name', () => {
  it.each([
    ['', undefined],
    ['a'.repeat(SHOP_NAME_MAX), undefined],
    ['☕'.repeat(SHOP_NAME_MAX), undefined],
    ['a'.repeat(SHOP_NAME_MAX + 1), SHOP_NAME_TOO_LONG],
  ])('checks %j against the 40-character limit, emoji counted as one', (name, problem) => {
    expect(shopNameProblem(name)).toBe(problem);
  });

  it('says how long a name may be', () => {
    expect(SHOP_NAME_TOO_LONG).toBe('The shop name can be at most 40 characters.');
  });

  it('trims, joins runs of spaces and removes line breaks and bidirectional overrides', () => {
    expect(cleanShopName('  Corner   Café \n')).toBe('Corner Café');
    expect(cleanShopName('Bob\u202e\u2066s Bar\u0000')).toBe('Bob s Bar');
  });

  it('takes a name from a link cleaned and cut to 40 characters, or none', () => {
    expect(shopNameFromLink('Corner Café')).toBe('Corner Café');
    expect(shopNameFromLink('x'.repeat(500))).toBe('x'.repeat(SHOP_NAME_MAX));
    expect(shopNameFromLink('   ')).toBeUndefined();
    expect(shopNameFromLink(null)).toBeUndefined();
    // Markup stays text: the page renders it as such (React escapes it).
    expect(shopNameFromLink('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});
