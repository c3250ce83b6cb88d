// A refused basket is named from the catalog (so in the shop's language), never by the storage's
// English message; other errors are left to the screen.
import { describe, expect, it } from 'vitest';
import { BasketRefusal } from '../../core/items/basket-refusal';
import { BasketUnitError } from '../../core/items/basket-unit';
import { ValidationError } from '../../core/errors';
import { englishText, type Translate } from '../i18n';
import * as C from '../locales/cart/en.json';
import { basketRefusalText } from './basket-refusal-text';

/** A translator that says which catalog text it was asked for, with its values. */
const asked: Translate = (text, values) => `${text} ${JSON.stringify(values ?? {})}`;

describe('basketRefusalText', () => {
  it('names each refusal by its catalog text, whatever the message says', () => {
    const refusal = (kind: 'empty' | 'full' | 'gone') => new BasketRefusal(kind, 'log only');
    expect(basketRefusalText(refusal('empty'), asked)).toBe(`${C.CART_REFUSED_EMPTY} {"max":5}`);
    expect(basketRefusalText(refusal('gone'), asked)).toBe(`${C.CART_REFUSED_GONE} {"max":5}`);
    expect(basketRefusalText(refusal('full'), englishText)).toBe(
      'At most 5 baskets can be parked.',
    );
  });

  it('names a basket of another unit with its label and currency', () => {
    const error = new BasketUnitError('Table 4', 'usd', 'sat');
    expect(basketRefusalText(error, englishText)).toBe(
      '“Table 4” was parked with a discount in USD: switch the till back to USD to charge it.',
    );
    expect(basketRefusalText(new BasketUnitError('T', 'sat', 'usd'), englishText)).toContain(
      'discount in sats',
    );
  });

  it('leaves any other error to the screen', () => {
    expect(basketRefusalText(new ValidationError('The amount is too big.'), asked)).toBeUndefined();
    expect(basketRefusalText(new Error('boom'), asked)).toBeUndefined();
  });
});
