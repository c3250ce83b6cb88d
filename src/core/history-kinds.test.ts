// History event kinds: one table answers label, sign, day-summary bucket and CSV columns.
import { describe, expect, it } from 'vitest';
import { historyKind, isReplicated } from './history-kinds';
import { csvRow, eventFee, eventOrigin } from './records/csv';
import { summarise } from './records/day-summary';
import type { HistoryEvent } from './history-ports';

const event = (type: string, amount: number, metadata?: object): HistoryEvent =>
  ({
    id: 1,
    createdAt: 1_000,
    type,
    amount,
    mintUrl: 'https://mint.example',
    metadata: metadata ? JSON.stringify(metadata) : undefined,
  }) as HistoryEvent;

describe('history kinds', () => {
  it('a sale counts as a sale of its origin; money out counts where it left', () => {
    const summary = summarise('1970-01-01', 0, 10_000, [
      event('direct-payment', 100),
      event('remote-payment', 20),
      event('withdrawal', 50),
      event('cash-out', 30, { feePaid: 2, inputFee: 1 }),
      event('restore', 999),
      event('token-cancelled', 0),
      event('refund', 40, { refundOf: 9, method: 'lightning', feePaid: 1 }),
      // Another device spent these: not a sale, withdrawal or cash-out of this day.
      event('spent-elsewhere', 500, { numProofs: 4 }),
    ]);
    expect(summary.sales).toEqual({ count: 2, sats: 120 });
    expect(summary.local.sats).toBe(100);
    expect(summary.remote.sats).toBe(20);
    expect(summary.withdrawals).toEqual({ count: 1, sats: 50 });
    expect(summary.cashOuts).toEqual({ count: 1, sats: 30, fees: 3 });
    expect(summary.refunds).toEqual({ count: 1, sats: 40, fees: 1 });
    expect(summary.net).toBe(80);
  });

  it('the CSV names a sale by origin and gives fees only where the kind has them', () => {
    expect(eventOrigin(event('remote-payment', 1))).toBe('remote');
    expect(eventOrigin(event('withdrawal', 1))).toBe('');
    expect(eventFee(event('cash-out', 30, { feePaid: 2 }))).toBe(2);
    expect(eventFee(event('withdrawal', 30, { feePaid: 2 }))).toBeUndefined();
  });

  it("the shop's records go to the phrase's other devices; what one device found does not", () => {
    for (const type of [
      'direct-payment',
      'remote-payment',
      'ecash-payment',
      'withdrawal',
      'cash-out',
      'token-cancelled',
      'refund',
    ]) {
      expect(isReplicated(type)).toBe(true);
    }
    expect(isReplicated('restore')).toBe(false);
    // Data this version does not know never leaves the device.
    expect(isReplicated('refund-v9')).toBe(false);
    expect(isReplicated('toString')).toBe(false);
  });

  it('a type from newer data is left out of the summary and kept as stored in the CSV', () => {
    expect(historyKind('refund-v9')).toBeUndefined();
    expect(historyKind('toString')).toBeUndefined();
    expect(summarise('1970-01-01', 0, 10_000, [event('refund-v9', 5)]).sales.count).toBe(0);
    expect(csvRow(event('refund-v9', 5))).toContain('refund-v9');
  });
});
