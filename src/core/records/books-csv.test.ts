// The books export of a day: every figure of the day summary an accountant books, one per line,
// adding up as the summary does.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../history-ports';
import { booksCsv, booksCsvName } from './books-csv';
import { summarise } from './day-summary';
import { localDayRange } from './local-day';
import { breadAndWine, saleOf } from '../../testing/sale/cart-sale';

const day = localDayRange('2026-11-22')!;
const at = (id: number, extra: Partial<HistoryEvent>): HistoryEvent => ({
  id,
  type: 'direct-payment',
  amount: 0,
  createdAt: day.start + id,
  mintUrl: 'http://m',
  ...extra,
});

describe('booksCsv', () => {
  it('books sales by method and unit, each rate, tips, discounts, refunds and net sales', () => {
    const rated = at(1, { amount: 2163, sale: breadAndWine() });
    const summary = summarise('2026-11-22', day.start, day.end, [
      rated,
      at(2, {
        type: 'cash-payment',
        amount: 500,
        mintUrl: '',
        sale: saleOf([{ name: 'Tea', quantity: 1, unitSats: 500 }], { method: 'cash' }),
      }),
      at(3, {
        type: 'refund',
        amount: 963,
        metadata: JSON.stringify({ refundOf: 1, method: 'lightning', feePaid: 2 }),
      }),
    ]);
    const lines = booksCsv(summary).split('\r\n');
    expect(lines[0]).toBe('Date,Figure,Rate %,Payment method,Unit,Count,Amount');
    const figures = lines.slice(1, -1).map((line) => line.split(',').slice(1).join(','));
    const sales = figures.filter((f) => f.startsWith('sales,'));
    expect(sales).toEqual([
      `sales,,lightning,sat,1,2163`,
      `sales,,ecash,sat,0,0`,
      `sales,,cash,sat,1,500`,
    ]);
    for (const row of summary.rates) {
      expect(figures).toContain(`net,${row.rate},,sat,,${row.netSats}`);
      expect(figures).toContain(`tax,${row.rate},,sat,,${row.taxSats}`);
      expect(figures).toContain(`gross,${row.rate},,sat,,${row.grossSats}`);
    }
    expect(figures).toContain(`tips,,,sat,,${summary.tips}`);
    expect(figures).toContain('discounts,,,sat,1,100');
    expect(figures).toContain('refunds,,,sat,1,963');
    expect(figures).toContain('refund fees,,,sat,,2');
    expect(figures).toContain(`net sales,,,sat,,${summary.net}`);
    expect(lines.slice(1, -1).every((line) => line.startsWith('2026-11-22,'))).toBe(true);
    expect(lines.at(-1)).toBe('');
    expect(booksCsvName('2026-11-22')).toBe('cashew-books-2026-11-22.csv');
  });

  it('books a sale charged in a fiat unit in its cents, apart from every sat figure', () => {
    const summary = summarise('2026-11-22', day.start, day.end, [
      at(1, { amount: 350, unit: 'usd' }),
    ]);
    expect(booksCsv(summary)).toContain('2026-11-22,sales,,,usd,1,350\r\n');
    expect(booksCsv(summary)).toContain('2026-11-22,sales,,lightning,sat,0,0\r\n');
  });

  it('books a dollar cart sale’s tax by rate, tip, discount, refund and net in cents, as sats are', () => {
    // The same sale and refund once in sats and once in dollars: the same figures, each in its unit.
    const events = (unit?: 'usd') => [
      at(1, { amount: 2163, sale: breadAndWine(), ...(unit ? { unit } : {}) }),
      at(2, {
        type: 'refund',
        amount: 963,
        metadata: JSON.stringify({ refundOf: 1, method: 'lightning', feePaid: 2 }),
        ...(unit ? { unit } : {}),
      }),
    ];
    const figuresOf = (csv: string, unit: string) =>
      csv
        .split('\r\n')
        .map((line) => line.split(',').slice(1))
        .filter((cells) => cells[3] === unit && cells[0] !== 'sales')
        .map((cells) => [cells[0], cells[1], cells[4], cells[5]].join(','));
    const inSats = figuresOf(
      booksCsv(summarise('2026-11-22', day.start, day.end, events())),
      'sat',
    );
    const dollars = booksCsv(summarise('2026-11-22', day.start, day.end, events('usd')));

    expect(figuresOf(dollars, 'usd')).toEqual(inSats);
    expect(figuresOf(dollars, 'usd')).toEqual(
      expect.arrayContaining([
        'tips,,,10',
        'discounts,,1,100',
        'refunds,,1,963',
        'net sales,,,1200',
      ]),
    );
    expect(dollars).toContain('2026-11-22,sales,,,usd,1,2163\r\n');
    // Not a cent in a sat figure.
    for (const cells of figuresOf(dollars, 'sat').map((f) => f.split(','))) {
      expect(Number(cells.at(-1))).toBe(0);
    }
  });
});
