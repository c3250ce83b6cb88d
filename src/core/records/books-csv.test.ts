// The books export of a day: every figure of the day summary an accountant books, one per line,
// adding up as the summary does.
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../history-ports';
import { booksCsv, booksCsvName } from './books-csv';
import { summarise } from './day-summary';
import { localDayRange } from './local-day';
import { breadAndWine, saleOf } from '../../testing/sale/cart-sale';
import { dollarSale } from '../../testing/sale/dollar-cart';

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
    // By payment method in its unit, as the sat sales are.
    expect(booksCsv(summary)).toContain('2026-11-22,sales,,lightning,usd,1,350\r\n');
    expect(booksCsv(summary)).toContain('2026-11-22,sales,,ecash,usd,0,0\r\n');
    expect(booksCsv(summary)).toContain('2026-11-22,sales,,cash,usd,0,0\r\n');
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
    expect(dollars).toContain('2026-11-22,sales,,lightning,usd,1,2163\r\n');
    // Not a cent in a sat figure.
    for (const cells of figuresOf(dollars, 'sat').map((f) => f.split(','))) {
      expect(Number(cells.at(-1))).toBe(0);
    }
  });
});

describe('booksCsv on a day in sats and dollars', () => {
  it('books each unit’s sales by method and its rates in its own rows, never summed across', () => {
    const card = dollarSale();
    const cash = dollarSale('cash');
    const csv = booksCsv(
      summarise('2026-11-22', day.start, day.end, [
        at(1, { amount: 2163, sale: breadAndWine() }),
        at(2, { amount: card.cents, unit: 'usd', sale: card.sale }),
        at(3, { type: 'cash-payment', amount: cash.cents, unit: 'usd', sale: cash.sale }),
      ]),
    );
    const rows = csv.split('\r\n').map((line) => line.split(',').slice(1).join(','));
    for (const row of [
      'sales,,lightning,sat,1,2163',
      'sales,,lightning,usd,1,649',
      'sales,,cash,usd,1,649',
      'net,7,,sat,,900',
      'net,7,,usd,,398',
      'tax,7,,usd,,28',
      'gross,7,,usd,,426',
      'net,19,,usd,,648',
      'tax,19,,usd,,124',
      'gross,19,,usd,,772',
      'tips,,,usd,,100',
      'discounts,,,usd,2,50',
      'net sales,,,usd,,1298',
    ]) {
      expect(rows).toContain(row);
    }
    // Every sat line sums the sat sale only; the cents are in usd lines alone.
    expect(rows).toContain('net sales,,,sat,,2163');
    expect(rows).toContain('sales,,cash,sat,0,0');
  });
});
