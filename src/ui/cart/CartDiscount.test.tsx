// @vitest-environment happy-dom
// Discounts on the cart screen: a line's and the cart's, typed as percent or sats with a reason,
// refused when the arithmetic would not take them, and asked through the till's rule first.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishText } from '../i18n';
import * as C from '../locales/cart/en.json';
import { renderCartPanel } from '../../testing/ui/cart-panel';
import type { CartDiscounts, SummaryView } from './types';

afterEach(cleanup);

const view: SummaryView = {
  lines: [
    { id: 'l1', name: 'Cake', quantity: 1, amount: { sats: 1000 }, discountSats: 100 },
    { id: 'l2', name: 'Tea', quantity: 1, amount: { sats: 500 } },
  ],
  totals: {
    subtotal: { sats: 1500 },
    discount: { sats: 100 },
    taxes: [],
    tip: { sats: 0 },
    total: { sats: 1400 },
  },
};

function renderPanel(discounts?: Partial<CartDiscounts>) {
  const given: CartDiscounts = {
    ask: (then) => then(),
    onLine: vi.fn(),
    onCart: vi.fn(),
    ...discounts,
  };
  renderCartPanel(view, discounts === undefined ? {} : { discounts: given });
  return given;
}

async function fillDiscount(value: string, reason: string) {
  fireEvent.change(await screen.findByLabelText(englishText(C.CART_DISCOUNT_VALUE)), {
    target: { value },
  });
  fireEvent.change(screen.getByLabelText(englishText(C.CART_DISCOUNT_REASON)), {
    target: { value: reason },
  });
  fireEvent.click(screen.getByRole('button', { name: englishText(C.CART_DISCOUNT_APPLY) }));
}

describe('CartPanel discounts', () => {
  it('offers no discount where the till gives none', () => {
    renderPanel(undefined);
    expect(screen.queryByRole('button', { name: englishText(C.CART_CART_DISCOUNT) })).toBeNull();
  });

  it('shows the sats off a line and the discount in the totals', () => {
    renderPanel({});
    expect(screen.getByTestId('cart-line-discount').textContent).toContain('100 sats off');
    expect(screen.getByTestId('cart-discount').dataset.sats).toBe('100');
  });

  it('gives a line 100 % off with its reason', async () => {
    const given = renderPanel({});
    fireEvent.click(
      screen.getByRole('button', { name: englishText(C.CART_LINE_DISCOUNT, { name: 'Tea' }) }),
    );
    await fillDiscount('100', 'Spilled');
    expect(given.onLine).toHaveBeenCalledWith('l2', {
      kind: 'percent',
      percent: 100,
      reason: 'Spilled',
    });
  });

  it('gives the cart an amount in sats', async () => {
    const given = renderPanel({});
    fireEvent.click(screen.getByRole('button', { name: englishText(C.CART_CART_DISCOUNT) }));
    fireEvent.click(
      await screen.findByRole('button', { name: englishText(C.CART_DISCOUNT_IN_SATS) }),
    );
    await fillDiscount('250', 'Regular');
    expect(given.onCart).toHaveBeenCalledWith({ kind: 'sats', sats: 250, reason: 'Regular' });
  });

  it('refuses more than 100 % and fractions of a sat, giving nothing', async () => {
    const given = renderPanel({});
    fireEvent.click(screen.getByRole('button', { name: englishText(C.CART_CART_DISCOUNT) }));
    await fillDiscount('150', '');
    expect(screen.getByRole('alert').textContent).toBe(englishText(C.CART_DISCOUNT_INVALID));
    fireEvent.click(screen.getByRole('button', { name: englishText(C.CART_DISCOUNT_IN_SATS) }));
    await fillDiscount('2.5', '');
    expect(given.onCart).not.toHaveBeenCalled();
  });

  it('opens the dialog only once the till rule lets the person give one', async () => {
    let allow: (() => void) | undefined;
    renderPanel({ ask: (then) => (allow = then) });
    fireEvent.click(screen.getByRole('button', { name: englishText(C.CART_CART_DISCOUNT) }));
    expect(screen.queryByLabelText(englishText(C.CART_DISCOUNT_VALUE))).toBeNull();
    allow?.();
    await waitFor(() =>
      expect(screen.getByLabelText(englishText(C.CART_DISCOUNT_VALUE))).toBeTruthy(),
    );
  });
});
