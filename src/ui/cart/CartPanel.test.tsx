// @vitest-environment happy-dom
// The cart's reason it cannot be charged: a line priced in a currency the shop does not show says
// what to change rather than to wait for prices (issue 48); a till charging in dollars shows and
// takes every amount in dollars (decision 0089).
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Language } from '../../core/i18n/messages';
import { renderCartPanel } from '../../testing/ui/cart-panel';
import { englishText } from '../i18n';
import * as C from '../locales/cart/en.json';
import type { SummaryView } from './types';

afterEach(cleanup);

/** The cart showing `view`, nothing to tip, in `language` or English. */
const showCart = (view: SummaryView, language?: Language) => renderCartPanel(view, {}, language);

function renderWith(summary: Partial<SummaryView>) {
  const view: SummaryView = {
    lines: [{ id: 'l1', name: 'Cake', quantity: 1 }],
    problem: 'no-price',
    ...summary,
  };
  showCart(view);
  return screen.getByRole('alert').textContent;
}

describe('CartPanel: a line without a price', () => {
  it('in a sats-only shop, says to choose the currency in Settings or price the item in sats', () => {
    const text = renderWith({ problemCurrency: 'USD', shopCurrency: null });
    expect(text).toBe(englishText(C.CART_SATS_ONLY_SHOP, { currency: 'USD' }));
    expect(text).toContain('Settings');
    expect(text).not.toContain('prices load');
  });

  it("in a shop showing another currency, names both and says to price the item in the shop's", () => {
    const text = renderWith({ problemCurrency: 'USD', shopCurrency: 'EUR' });
    expect(text).toBe(englishText(C.CART_OTHER_CURRENCY, { currency: 'USD', shop: 'EUR' }));
  });

  it("in the shop's own currency before its price is there, waits for prices", () => {
    expect(renderWith({ problemCurrency: 'USD', shopCurrency: 'USD' })).toBe(
      englishText(C.CART_NO_PRICE),
    );
    cleanup();
    // The remote cashier's page does not know the shop's currency: the same.
    expect(renderWith({ problemCurrency: 'USD' })).toBe(englishText(C.CART_NO_PRICE));
  });
});

describe('CartPanel: totals in the display currency', () => {
  const line = { id: 'l1', name: 'Cake', quantity: 1 };
  const amount = {
    sats: 21_000,
    fiat: '12.30 USD',
    fiatFigures: { minor: 1230, currency: 'USD', decimals: 2 },
  };
  const view: SummaryView = {
    lines: [{ ...line, amount }],
    totals: { subtotal: amount, taxes: [], tip: { sats: 0 }, total: amount },
  };
  const totalIn = (language?: Language) => {
    showCart(view, language);
    return screen.getByTestId('cart-total').textContent;
  };

  it('writes the fiat total as English writes it', () => {
    expect(totalIn()).toBe('21,000 sats12.30 USD');
  });

  it("writes it in the chosen language's figures", () => {
    const text = totalIn({ formats: intlFormats('es'), messages: {} });
    expect(text?.replace(/\s/gu, ' ')).toBe('21.000 sats12,30 USD');
  });
});

describe('CartPanel in a till charging in dollars', () => {
  const coffee = (minor: number) => ({
    sats: minor,
    inUnit: true as const,
    fiat: '',
    fiatFigures: { minor, currency: 'USD', decimals: 2 },
  });
  const unit = { unit: 'usd' as const, currency: 'USD', decimals: 2 };
  const view: SummaryView = {
    lines: [{ id: 'l1', name: 'Coffee', quantity: 2, amount: coffee(350), discountSats: 25 }],
    unit,
    totals: { subtotal: coffee(350), taxes: [], tip: coffee(0), total: coffee(325) },
  };

  it('shows every amount in dollars, never sats, and charges the dollar total', () => {
    const props = showCart(view);
    expect(screen.getByTestId('cart-total').textContent).toBe('3.25 USD');
    expect(screen.getByTestId('cart-line-discount').textContent).toBe('0.25 USD off');
    expect(screen.getByTestId('cart-panel').textContent).not.toContain('sats');
    fireEvent.click(screen.getByRole('button', { name: 'Charge 3.25 USD' }));
    expect(props.onCharge).toHaveBeenCalledWith({ kind: 'none' });
  });

  it('takes a custom amount typed in dollars as cents', () => {
    const props = showCart(view);
    const field = screen.getByLabelText('Custom amount (USD)');
    fireEvent.change(field, { target: { value: '1.50' } });
    fireEvent.submit(field.closest('form')!);
    expect(props.onAddCustom).toHaveBeenCalledWith(150);
  });

  it('refuses a line in a third currency by name, and sats without the dollar price', () => {
    const lines = [{ id: 'l1', name: 'Croissant', quantity: 1 }];
    showCart({ lines, unit, problem: 'other-currency', problemCurrency: 'EUR' });
    expect(screen.getByRole('alert').textContent).toBe(
      englishText(C.CART_TILL_OTHER_CURRENCY, { currency: 'EUR', unit: 'USD' }),
    );
    cleanup();
    showCart({ lines, unit, problem: 'no-rate', problemCurrency: 'USD', shopCurrency: 'EUR' });
    expect(screen.getByRole('alert').textContent).toBe(
      englishText(C.CART_NO_RATE_SHOP, { currency: 'USD' }),
    );
  });
});
