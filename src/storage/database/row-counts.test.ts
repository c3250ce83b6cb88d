// Tests for the stored history count (schema v9): every write path keeps it equal to the rows.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from './rows';
import {
  MINT_A,
  putPaidQuote,
  SETTLE_Q1,
  testStorage,
  type TestStorage,
} from '../../testing/storage/db';

function row(amount: number, id?: number): Omit<HistoryRow, 'id'> & { id?: number } {
  const base = { createdAt: amount, type: 'withdrawal', amount, mintUrl: MINT_A };
  return id === undefined ? base : { ...base, id };
}

async function stored(s: TestStorage): Promise<number | undefined> {
  return (await s.db.rowCounts.get('historyEvents'))?.count;
}

async function expectCount(s: TestStorage, count: number): Promise<void> {
  expect(await s.db.historyEvents.count()).toBe(count);
  expect(await stored(s)).toBe(count);
}

describe('history row count', () => {
  it('starts absent on a new database and reads as a total of 0', async () => {
    const s = testStorage();
    expect(await s.history.page(1)).toMatchObject({ total: 0, events: [] });
    expect(await stored(s)).toBeUndefined();
  });

  it('follows addPayment, addWithdrawal and a direct bulkAdd', async () => {
    const s = testStorage();
    await s.history.addPayment({
      type: 'direct-payment',
      amount: 5,
      mintUrl: MINT_A,
      quoteId: 'q1',
      request: 'lnbc1',
    });
    await expectCount(s, 1);
    await s.history.addWithdrawal({ amount: 2, mintUrl: MINT_A, numProofs: 1 });
    await expectCount(s, 2);
    await s.db.historyEvents.bulkAdd(Array.from({ length: 500 }, (_, i) => row(i + 1)));
    await expectCount(s, 502);
    expect((await s.history.page(1)).total).toBe(502);
  });

  it('follows both Ledger settlements and ignores a settlement that records nothing', async () => {
    const s = testStorage();
    await putPaidQuote(s);
    const settle = SETTLE_Q1;
    expect((await s.ledger.settleMintQuote(settle)).settled).toBe(true);
    await expectCount(s, 1);
    expect((await s.ledger.settleMintQuote(settle)).settled).toBe(false);
    await expectCount(s, 1);

    await s.withdrawals.put({
      id: 'w1',
      mintUrl: MINT_A,
      token: 'cashuB...',
      secrets: ['p4', 'p8'],
      amount: 12,
      createdAt: 2,
    });
    expect(await s.ledger.settleWithdrawal({ withdrawalId: 'w1', spentSecrets: ['p4'] })).toEqual({
      amount: 4,
      numProofs: 1,
      remaining: 1,
    });
    await expectCount(s, 2);
    await s.ledger.settleWithdrawal({ withdrawalId: 'w1', spentSecrets: ['p4'] });
    await expectCount(s, 2);
  });

  it('counts every one of many adds issued at once in one transaction', async () => {
    const s = testStorage();
    await s.history.addWithdrawal({ amount: 1, mintUrl: MINT_A, numProofs: 1 });
    await s.db.transaction('rw', s.db.historyEvents, () =>
      Promise.all(Array.from({ length: 20 }, (_, i) => s.db.historyEvents.add(row(i + 2)))),
    );
    await expectCount(s, 21);
  });

  it('counts only the rows a partly failing bulkAdd stored', async () => {
    const s = testStorage();
    await s.db.historyEvents.add(row(1, 1));
    await s.db.transaction('rw', s.db.historyEvents, async () => {
      // id 1 exists: that row fails, the other two are stored and the transaction commits.
      await s.db.historyEvents.bulkAdd([row(2, 2), row(9, 1), row(3, 3)]).catch(() => undefined);
    });
    await expectCount(s, 3);
  });

  it('an aborted transaction leaves rows and count unchanged', async () => {
    const s = testStorage();
    await s.history.addWithdrawal({ amount: 1, mintUrl: MINT_A, numProofs: 1 });
    await expect(
      s.db.transaction('rw', s.db.historyEvents, async () => {
        await s.db.historyEvents.bulkAdd([row(2), row(3)]);
        throw new Error('fault after the insert');
      }),
    ).rejects.toThrow('fault after the insert');
    await expectCount(s, 1);
  });

  it('recounts after a put, a delete or a clear (not done by the app, but never wrong)', async () => {
    const s = testStorage();
    await s.db.historyEvents.bulkAdd([row(1), row(2), row(3)]);
    await s.db.historyEvents.put(row(4, 10) as HistoryRow);
    await expectCount(s, 4);
    await s.db.historyEvents.put(row(5, 10) as HistoryRow);
    await expectCount(s, 4);
    await s.db.historyEvents.delete(2);
    await expectCount(s, 3);
    await s.db.historyEvents.clear();
    await expectCount(s, 0);
  });

  it('keeps counting when two connections add to the same database', async () => {
    const a = testStorage();
    const b = testStorage(a.db.name);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).history.addWithdrawal({ amount: i, mintUrl: MINT_A, numProofs: 1 }),
      ),
    );
    await expectCount(a, 10);
  });
});
