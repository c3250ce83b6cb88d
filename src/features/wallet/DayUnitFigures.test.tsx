// @vitest-environment happy-dom
// The day summary of a day with sat sales and dollar sales: the dollars' totals, tax by rate,
// tips, discounts, refunds and tip-out in dollars, under their own heading, the sat figures
// holding sats alone (decision 0091).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { HistoryEvent } from '../../core/history-ports';
import { summarise } from '../../core/records/day-summary';
import { breadAndWine } from '../../testing/sale/cart-sale';
import { dollarSale } from '../../testing/sale/dollar-cart';
import { shownTexts } from '../../testing/ui/shown-texts';
import { DayStaffTips } from './DayStaffTips';
import { DayUnitFigures } from './DayUnitFigures';
import { SummaryRates } from './SummaryRates';

afterEach(cleanup);

const ana = { id: 'a', name: 'Ana', role: 'cashier' as const };
const at = (id: number, extra: Partial<HistoryEvent>): HistoryEvent => ({
  id,
  createdAt: 1_000 + id,
  type: 'direct-payment',
  amount: 0,
  mintUrl: 'http://m',
  ...extra,
});

function mixedDay() {
  const card = dollarSale();
  const cash = dollarSale('cash');
  return summarise('2026-11-29', 0, 10_000, [
    at(1, { amount: 2163, staff: ana, sale: breadAndWine() }),
    at(2, { amount: card.cents, unit: 'usd', staff: ana, sale: card.sale }),
    at(3, { type: 'cash-payment', amount: cash.cents, unit: 'usd', sale: cash.sale }),
    at(4, {
      type: 'refund',
      amount: 213,
      unit: 'usd',
      metadata: JSON.stringify({ refundOf: 2, method: 'lightning', feePaid: 1 }),
    }),
  ]);
}

describe('the day summary in each unit', () => {
  it('lists the dollar sales’ figures and tax by rate in dollars, under their own heading', () => {
    const summary = mixedDay();
    render(
      <>
        <SummaryRates summary={summary} />
        <DayStaffTips summary={summary} />
        <DayUnitFigures summary={summary} />
      </>,
    );
    const dollars = screen.getByTestId('summary-unit-usd');
    expect(within(dollars).getByRole('heading', { name: 'Sales in USD' })).toBeTruthy();
    expect(within(dollars).getByRole('heading', { name: 'Tax by rate in USD' })).toBeTruthy();
    const expected = {
      'summary-usd-sales': '2 · 12.98 USD',
      'summary-usd-lightning': '1 · 6.49 USD',
      'summary-usd-ecash': '0 · 0.00 USD',
      'summary-usd-cash': '1 · 6.49 USD',
      'summary-usd-tips': '1.00 USD',
      'summary-usd-taxes': '1.52 USD',
      'summary-usd-discounts': '2 · 0.50 USD',
      'summary-usd-refunds': '1 · 2.13 USD, fees 0.01 USD',
      'summary-usd-net': '10.85 USD',
      'summary-usd-rate-7-net': '3.98 USD',
      'summary-usd-rate-7-tax': '0.28 USD',
      'summary-usd-rate-7-gross': '4.26 USD',
      'summary-usd-rate-19-net': '6.48 USD',
      'summary-usd-rate-19-tax': '1.24 USD',
      'summary-usd-rate-19-gross': '7.72 USD',
      'summary-usd-staff-a': '1 · 6.49 USD; tips 0.50 USD',
      'summary-usd-staff-none': '1 · 6.49 USD; tips 0.50 USD',
    };
    expect(shownTexts(dollars, expected)).toEqual(expected);
    // The sat rates and tip-out hold the sat sale alone: not a cent added to them.
    expect(screen.getByTestId('summary-rate-7-net').textContent).toBe('900 sats');
    expect(screen.getByTestId('summary-discounts').textContent).toBe('1 · 100 sats');
    expect(screen.getByTestId('summary-staff-a').textContent).toBe('1 · 2,163 sats; tips 10 sats');
  });

  it('shows nothing in units on a day of sats only', () => {
    const summary = summarise('2026-11-29', 0, 10_000, [at(1, { amount: 21 })]);
    const { container } = render(<DayUnitFigures summary={summary} />);
    expect(container.textContent).toBe('');
  });
});
