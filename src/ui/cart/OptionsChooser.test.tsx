// @vitest-environment happy-dom
// The chooser of an item with options: a size picked by default, extras ticked, the pick's price,
// a sold-out choice that cannot be picked; and a sold-out item's tile that adds nothing.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogView, choiceView } from '../../core/items/cart-view';
import { LATTE, USD_PRICE } from '../../testing/items/catalog';
import { ItemGrid } from './ItemGrid';
import OptionsChooser from './OptionsChooser';

afterEach(cleanup);

describe('OptionsChooser', () => {
  it('adds a large latte with oat milk at the price of that pick', () => {
    const onAdd = vi.fn();
    render(
      <OptionsChooser choice={choiceView(LATTE, USD_PRICE)} onAdd={onAdd} onClose={vi.fn()} />,
    );
    // The first size is picked to start: 2.50 USD.
    expect(screen.getByTestId('options-price').textContent).toBe('Price: 2.50 USD · 2,500 sats');
    fireEvent.click(screen.getByLabelText(/^large/));
    fireEvent.click(screen.getByLabelText(/^oat milk/));
    expect(screen.getByTestId('options-price').textContent).toBe('Price: 4.00 USD · 4,000 sats');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAdd).toHaveBeenCalledWith(['large', 'oat']);
  });

  it('does not offer a sold-out size and starts on one that is left', () => {
    const stock = new Map([['latte/small', { left: 0, low: true, soldOut: true }]]);
    render(
      <OptionsChooser
        choice={choiceView(LATTE, USD_PRICE, stock)}
        onAdd={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect((screen.getByLabelText(/^small \(sold out\)/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^large/) as HTMLInputElement).checked).toBe(true);
  });
});

describe('ItemGrid stock', () => {
  it('greys a sold-out item, which adds nothing, and marks a low one', () => {
    const stock = new Map([
      ['latte', { left: 0, low: true, soldOut: true }],
      ['cake', { left: 1, low: true, soldOut: false }],
    ]);
    const cake = { ...LATTE, id: 'cake', name: 'Cake', options: undefined };
    const view = catalogView([LATTE, cake], USD_PRICE, stock);
    const onAdd = vi.fn();
    render(<ItemGrid tiles={view.tilesFor('', undefined)} busy={false} onAdd={onAdd} />);
    const latte = screen.getByRole('button', { name: /^Add Latte,.*Sold out$/ });
    expect((latte as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(latte);
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Add Cake,.*Low stock$/ })).toBeTruthy();
    expect(view.soldOut('latte')).toBe(true);
  });
});
