import { describe, expect, it } from 'vitest';
import { addCustom, addItem } from './cart';
import { cartSummary, catalogView, itemTile } from './cart-view';
import { CAKE as cake, COFFEE as coffee, USD_PRICE as usd } from '../../testing/items/catalog';

describe('cart view', () => {
  it('shows a fiat price with its sats at the price used, and alone without one', () => {
    expect(itemTile(coffee, usd).price).toBe('2,500 sats');
    expect(itemTile(cake, usd).price).toBe('3.50 USD · 3,500 sats');
    expect(itemTile(cake, undefined).price).toBe('3.50 USD');
  });

  it('filters by search text and category and finds an item by its code', () => {
    const view = catalogView([coffee, cake], usd);
    expect(view.categories).toEqual(['Drinks', 'Food']);
    expect(view.tilesFor('cak', undefined).map((t) => t.name)).toEqual(['Cake']);
    expect(view.tilesFor('', 'Drinks').map((t) => t.name)).toEqual(['Coffee']);
    expect(view.byCode('4001')?.id).toBe('coffee');
    expect(view.byId('cake')?.name).toBe('Cake');
  });

  it('sums lines, tax per rate, tip and a custom line, in sats and the display currency', () => {
    const lines = addCustom(addItem(addItem([], coffee, 'a'), cake, 'b'), 100, 'c');
    const summary = cartSummary(lines, usd, { kind: 'sats', sats: 50 });
    expect(summary.lines.map((l) => l.amount?.sats)).toEqual([2500, 3500, 100]);
    expect(summary.totals?.taxes).toEqual([
      { rate: 7.5, amount: expect.objectContaining({ sats: 263 }) },
    ]);
    expect(summary.totals?.total).toEqual({
      sats: 6413,
      fiat: '6.41 USD',
      fiatFigures: { minor: 641, currency: 'USD', decimals: 2 },
    });
    expect(summary.charge?.amount).toBe(6413);
  });

  it('says why a cart with a fiat price and no price cannot be charged', () => {
    const summary = cartSummary(addItem([], cake, 'b'), undefined, { kind: 'none' });
    expect(summary.problem).toBe('no-price');
    // The line's currency, so the screen can say what to change (issue 48).
    expect(summary.problemCurrency).toBe('USD');
    expect(summary.charge).toBeUndefined();
    expect(cartSummary([], usd, { kind: 'none' }).problem).toBeUndefined();
  });
});
