// Tests for the Dexie HistoryStore: event shapes (SPEC §3) and newest-first pagination.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from './db';
import { MINT_A, testStorage, type TestStorage } from './test-support';

async function addWithdrawals(s: TestStorage, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    s.now.value = i * 1000;
    await s.history.addWithdrawal({ amount: i, mintUrl: MINT_A, numProofs: 1 });
  }
}

describe('HistoryStore', () => {
  it('records a payment with type, amount, mint, quote and the request as JSON metadata', async () => {
    const s = testStorage();
    const id = await s.history.addPayment({
      type: 'remote-payment',
      amount: 21,
      mintUrl: MINT_A,
      quoteId: 'q1',
      request: 'lnbc210n1xyz',
    });
    expect(await s.db.historyEvents.get(id)).toEqual({
      id,
      createdAt: s.now.value,
      type: 'remote-payment',
      amount: 21,
      mintUrl: MINT_A,
      quoteId: 'q1',
      metadata: '{"request":"lnbc210n1xyz"}',
    });
  });

  it('records a withdrawal with amount, mint and numProofs as JSON metadata', async () => {
    const s = testStorage();
    const id = await s.history.addWithdrawal({ amount: 7, mintUrl: MINT_A, numProofs: 3 });
    const row = await s.db.historyEvents.get(id);
    expect(row).toMatchObject({ type: 'withdrawal', amount: 7, mintUrl: MINT_A });
    expect(JSON.parse(row!.metadata!)).toEqual({ numProofs: 3 });
  });

  it('returns an empty first page when there are no events', async () => {
    expect(await testStorage().history.page(1)).toEqual({
      events: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
  });

  it('fits exactly 10 events on one page, newest first', async () => {
    const s = testStorage();
    await addWithdrawals(s, 10);
    const first = await s.history.page(1);
    expect(first.total).toBe(10);
    expect(first.events.map((e) => e.amount)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await s.history.page(2)).events).toEqual([]);
  });

  it('puts the 11th-newest event alone on page 2', async () => {
    const s = testStorage();
    await addWithdrawals(s, 11);
    expect((await s.history.page(1)).events.map((e) => e.amount)).toEqual([
      11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
    ]);
    const second = await s.history.page(2);
    expect(second).toMatchObject({ total: 11, page: 2, pageSize: 10 });
    expect(second.events.map((e) => e.amount)).toEqual([1]);
  });

  it('honours a custom page size', async () => {
    const s = testStorage();
    await addWithdrawals(s, 5);
    const page = await s.history.page(2, 2);
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.events.map((e) => e.amount)).toEqual([3, 2]);
  });

  it('treats a page below 1 as the first page', async () => {
    const s = testStorage();
    await addWithdrawals(s, 3);
    const page = await s.history.page(0);
    expect(page.page).toBe(1);
    expect(page.events.map((e) => e.amount)).toEqual([3, 2, 1]);
  });

  it('pages 100,000 events: first and last page hold the right events and the total', async () => {
    const s = testStorage();
    const total = 100_000;
    const rows: Array<Omit<HistoryRow, 'id'>> = Array.from({ length: total }, (_, i) => ({
      createdAt: i,
      type: 'withdrawal',
      amount: i + 1,
      mintUrl: MINT_A,
      metadata: '{"numProofs":1}',
    }));
    await s.db.historyEvents.bulkAdd(rows);
    const first = await s.history.page(1);
    expect(first.total).toBe(total);
    expect(first.events.map((e) => e.amount)).toEqual([
      100_000, 99_999, 99_998, 99_997, 99_996, 99_995, 99_994, 99_993, 99_992, 99_991,
    ]);
    const last = await s.history.page(total / 10);
    expect(last.events.map((e) => e.amount)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect((await s.history.page(total / 10 + 1)).events).toEqual([]);
  }, 120_000);
});
