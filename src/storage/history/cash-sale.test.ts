// A cash sale on Dexie: one history row in the books and the shift, never in the balance.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, freshDbName, recordingLogger, testStorage } from '../../testing/storage/db';
import { createStorage } from '../index';
import { recordCashSale } from '../../core/staff/cash-sale';
import { keypadSale, chargedBy } from '../../core/sale/sale';
import { TillStaff } from '../../core/staff/till-staff';
import { daySummary } from '../../core/records/day-summary';
import { localDate } from '../../core/records/local-day';

describe('cash sales', () => {
  it('are recorded with who took them, counted in the day and the shift, not in the balance', async () => {
    let now = new Date(2026, 10, 28, 12, 0).getTime();
    const storage = createStorage({
      dbName: freshDbName(),
      defaults: DEFAULTS,
      logger: recordingLogger(),
      clock: () => now,
    });
    try {
      const till = new TillStaff({
        store: storage.staff,
        clock: () => now,
        newId: () => 'x1',
        history: storage.historyRange,
      });
      const bo = await till.add({ name: 'Bo', role: 'cashier' });
      await till.switchTo(bo.id);
      await till.startShift(2_000, 'USD');
      now += 1_000;
      const fiat = { currency: 'USD', price: 100_000, value: 5 };
      await recordCashSale(
        storage.history,
        chargedBy(keypadSale(5_000, fiat), await till.current()),
      );

      const { events } = await storage.history.page(1);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'cash-payment',
        amount: 5_000,
        mintUrl: '',
        staff: { id: bo.id, name: 'Bo', role: 'cashier' },
        sale: { method: 'cash', subtotalSats: 5_000 },
      });
      expect(await storage.proofs.balance()).toBe(0);

      const day = await daySummary(storage.historyRange, localDate(now));
      expect(day?.byMethod.cash).toEqual({ count: 1, sats: 5_000 });

      const report = await till.report((await till.openShift())!);
      expect(report.cash).toEqual({ float: 2_000, sales: 500, expected: 2_500 });
      expect(report.byStaff).toMatchObject([{ name: 'Bo', sales: { count: 1, sats: 5_000 } }]);
    } finally {
      storage.close();
    }
  });

  it('of a till charging in USD are recorded in cents, counted in the unit and never as sats', async () => {
    const storage = testStorage();
    try {
      storage.now.value = new Date(2026, 10, 28, 12, 0).getTime();
      await recordCashSale(storage.history, { ...keypadSale(350), unit: 'usd' });
      const { events } = await storage.history.page(1);
      expect(events[0]).toMatchObject({ type: 'cash-payment', amount: 350, unit: 'usd' });
      const day = await daySummary(storage.historyRange, localDate(storage.now.value));
      expect(day?.byMethod.cash).toEqual({ count: 0, sats: 0 });
      expect(day?.salesInUnits).toMatchObject([{ unit: 'usd', count: 1, minor: 350 }]);
    } finally {
      storage.close();
    }
  });

  it('refuses an amount of 0 and writes nothing', async () => {
    const storage = testStorage();
    try {
      await expect(recordCashSale(storage.history, keypadSale(0))).rejects.toThrow(
        'Enter an amount above 0',
      );
      expect((await storage.history.page(1)).total).toBe(0);
    } finally {
      storage.close();
    }
  });
});
