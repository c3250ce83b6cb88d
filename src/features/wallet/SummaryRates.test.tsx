// @vitest-environment happy-dom
// The day summary's books part: the day's discounts, and net, tax and gross per rate summed over
// the day's sales, the grosses and tips adding up to the sales.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { HistoryEvent } from '../../core/history-ports';
import { priceCart, saleLinesOf, type CartLine } from '../../core/items/cart';
import { summarise } from '../../core/records/day-summary';
import { shownTexts } from '../../testing/ui/shown-texts';
import { SummaryRates } from './SummaryRates';

afterEach(cleanup);

const lines: CartLine[] = [
  { id: 'l1', name: 'Bread', price: { unit: 'sat', sats: 1000 }, quantity: 1, taxRatePercent: 7 },
  { id: 'l2', name: 'Wine', price: { unit: 'sat', sats: 2000 }, quantity: 1, taxRatePercent: 19 },
];

function cartSale(id: number, discount: boolean): HistoryEvent {
  const rules = discount
    ? { cartDiscount: { kind: 'percent' as const, percent: 10, reason: '' } }
    : {};
  const priced = priceCart(lines, undefined, { kind: 'sats', sats: 50 }, rules);
  if (!priced.ok) throw new Error('the cart must price');
  return {
    id,
    createdAt: 1_000 + id,
    type: 'direct-payment',
    amount: priced.totals.totalSats,
    mintUrl: 'http://m',
    sale: { ...saleLinesOf(priced.totals), method: 'lightning' },
  };
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the day summary by rate', () => {
  it('sums net, tax and gross per rate and the discounts of the day’s sales', () => {
    const sales = [cartSale(1, true), cartSale(2, false)];
    render(<SummaryRates summary={summarise('2026-11-29', 0, 10_000, sales)} />);
    const books = {
      'summary-discounts': '1 · 300 sats',
      // 900 + 1,000 net at 7 %: 63 + 70 tax; 1,800 + 2,000 at 19 %: 342 + 380.
      'summary-rate-7-net': '1,900 sats',
      'summary-rate-7-tax': '133 sats',
      'summary-rate-7-gross': '2,033 sats',
      'summary-rate-19-net': '3,800 sats',
      'summary-rate-19-tax': '722 sats',
      'summary-rate-19-gross': '4,522 sats',
    };
    expect(shownTexts(document.body, books)).toEqual(books);
    expect(screen.getByText('Net 19 %')).toBeTruthy();
    // What the customers paid is the grosses and the tips.
    expect(2_033 + 4_522 + 2 * 50).toBe(sales[0]!.amount + sales[1]!.amount);
  });

  it('shows no rates for a day of untaxed sales, and no discounts as 0', () => {
    const keypad: HistoryEvent = {
      id: 1,
      createdAt: 1_001,
      type: 'direct-payment',
      amount: 21,
      mintUrl: '',
    };
    render(<SummaryRates summary={summarise('2026-11-29', 0, 10_000, [keypad])} />);
    expect(text('summary-discounts')).toBe('0 · 0 sats');
    expect(screen.queryByTestId('summary-rates')).toBeNull();
  });
});

describe('the day (Z) report', () => {
  it('names the first and last receipt number of the day', () => {
    const sales = [
      { ...cartSale(1, false), receiptNumber: 'K7Q2XM-000041' },
      { ...cartSale(2, true), receiptNumber: 'K7Q2XM-000042' },
    ];
    render(<SummaryRates summary={summarise('2026-11-29', 0, 10_000, sales)} />);
    expect(text('summary-receipts')).toBe('K7Q2XM-000041 to K7Q2XM-000042');
  });
});
