// The cashier's sales list rules: when a sale is sent again, and which sales leave the list.
import { describe, expect, it } from 'vitest';
import {
  MAX_CASHIER_SALES,
  nextResendAt,
  pruneQuotes,
  RESEND_WINDOW_MS,
  SETTLED_SALE_KEEP_MS,
  type CashierSaleStatus,
} from './cashier-sales';

const MIN = 60_000;
const T0 = 1_767_225_600_000;

function sent(sends: number, lastSentAt: number, status: CashierSaleStatus = 'unpaid') {
  return { status, sends, lastSentAt, createdAt: T0 };
}

describe('nextResendAt', () => {
  it('backs off 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, then hourly after each delivery', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((sends) => nextResendAt(sent(sends, T0))! - T0);
    expect(delays).toEqual([
      10_000,
      30_000,
      MIN,
      5 * MIN,
      15 * MIN,
      30 * MIN,
      60 * MIN,
      60 * MIN,
      60 * MIN,
    ]);
  });

  it('keeps re-sending a paid sale until its receipt, and stops on a receipt or an expiry', () => {
    expect(nextResendAt(sent(2, T0, 'paid'))).toBe(T0 + 30_000);
    expect(nextResendAt(sent(2, T0, 'confirmed'))).toBeUndefined();
    expect(nextResendAt(sent(2, T0, 'expired'))).toBeUndefined();
  });

  it('stops a day after the sale was created', () => {
    const lastInWindow = T0 + RESEND_WINDOW_MS - 60 * MIN;
    expect(nextResendAt(sent(20, lastInWindow))).toBe(T0 + RESEND_WINDOW_MS);
    expect(nextResendAt(sent(20, lastInWindow + 1))).toBeUndefined();
  });

  it('never re-sends a sale that no relay stored (its invoice was never shown)', () => {
    expect(nextResendAt({ status: 'unpaid', sends: 0, createdAt: T0 })).toBeUndefined();
  });
});

describe('pruneQuotes', () => {
  const now = T0 + 10 * SETTLED_SALE_KEEP_MS;
  const sale = (quote: string, status: CashierSaleStatus, age: number) => ({
    quote,
    status,
    createdAt: now - age,
  });

  it('drops confirmed and expired sales older than a day, never one still waiting for its receipt', () => {
    const day = SETTLED_SALE_KEEP_MS;
    const drop = pruneQuotes(
      [
        sale('old-confirmed', 'confirmed', day + 1),
        sale('old-expired', 'expired', 2 * day),
        sale('old-paid', 'paid', 3 * day),
        sale('old-unpaid', 'unpaid', 3 * day),
        sale('new-confirmed', 'confirmed', day - 1),
      ],
      now,
    );
    expect(drop.sort()).toEqual(['old-confirmed', 'old-expired']);
  });

  it('keeps only the newest 50, dropping the oldest first', () => {
    const sales = Array.from({ length: MAX_CASHIER_SALES + 3 }, (_, i) =>
      sale(`q${i}`, 'paid', i * 1000),
    );
    expect(pruneQuotes(sales, now)).toEqual(['q50', 'q51', 'q52']);
  });
});
