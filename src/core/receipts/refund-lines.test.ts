import { describe, expect, it } from 'vitest';
import { lineRefund } from './refund-lines';
import { BREAD_LINE } from '../../testing/sale/cart-sale';

describe('lineRefund', () => {
  it('gives back a latte line at its price with its picks, so its stock comes back', () => {
    const options = [{ groupId: 'size', id: 'large', name: 'large' }];
    expect(
      lineRefund({ itemId: 'latte', name: 'Latte, large', quantity: 2, unitSats: 4000, options }),
    ).toEqual({
      sats: 8000,
      line: { name: 'Latte, large', itemId: 'latte', quantity: 2, options },
    });
  });

  it('takes the discount off and adds the tax on top, as the customer paid', () => {
    // Bread: 1,000 sats less 100 off, 63 of tax on top.
    expect(lineRefund({ ...BREAD_LINE, itemId: 'bread' })?.sats).toBe(963);
    expect(lineRefund({ ...BREAD_LINE, itemId: 'bread', taxIncluded: true })?.sats).toBe(900);
  });

  it('has nothing to give back for a keypad amount', () => {
    expect(lineRefund({ name: 'Custom amount', quantity: 1, unitSats: 500 })).toBeUndefined();
  });
});
