// Tests for the Dexie HistoryStore: event shapes (docs/behaviour.md "History") and newest-first
// pagination.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryRow } from '../database/rows';
import { MINT_A, testStorage, type TestStorage } from '../../testing/storage/db';

async function addWithdrawals(s: TestStorage, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    s.now.value = i * 1000;
    await s.history.addWithdrawal({ amount: i, mintUrl: MINT_A, numProofs: 1 });
  }
}

describe('HistoryStore', () => {
  const fiat = { currency: 'USD', price: 100_000, value: 1 };
  it.each([
    ['', {}],
    [' and its fiat side', { fiat }],
  ])(
    'records a payment with type, amount, mint, quote, the request as JSON metadata%s',
    async (_, sale) => {
      const s = testStorage();
      const id = await s.history.addPayment({
        type: 'remote-payment',
        amount: 21,
        mintUrl: MINT_A,
        quoteId: 'q1',
        request: 'lnbc210n1xyz',
        ...sale,
      });
      expect(await s.db.historyEvents.get(id)).toEqual({
        id,
        createdAt: s.now.value,
        type: 'remote-payment',
        amount: 21,
        mintUrl: MINT_A,
        quoteId: 'q1',
        metadata: '{"request":"lnbc210n1xyz"}',
        // The device's first sale (docs/decisions/0074-receipt-numbers.md).
        receiptNumber: expect.stringMatching(/^[0-9A-Z]{6}-000001$/),
        ...sale,
      });
    },
  );

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

/** Stores withdrawal rows with exactly these ids (amount = id), through the table as the app does. */
async function addIds(s: TestStorage, ids: number[]): Promise<void> {
  await s.db.historyEvents.bulkAdd(
    ids.map((id) => ({ id, createdAt: id, type: 'withdrawal', amount: id, mintUrl: MINT_A })),
  );
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Every page from 0 to two past the last equals the newest-first slice of the ids. */
async function expectPagesMatch(s: TestStorage, ids: number[], size: number): Promise<void> {
  const newestFirst = [...ids].sort((a, b) => b - a);
  const last = Math.ceil(ids.length / size);
  for (let pageNo = 0; pageNo <= last + 2; pageNo++) {
    const page = await s.history.page(pageNo, size);
    const shown = Math.max(pageNo, 1);
    expect(page.total).toBe(ids.length);
    expect(page.page).toBe(shown);
    expect(page.pageSize).toBe(size);
    expect(page.events.map((e) => e.id)).toEqual(
      newestFirst.slice((shown - 1) * size, shown * size),
    );
  }
}

describe('HistoryStore paging by id range', () => {
  it.each([
    [0, 10],
    [1, 10],
    [9, 10],
    [10, 10],
    [11, 10],
    [30, 10],
    [23, 7],
    [21, 7],
    [5, 1],
    [12, 3],
    [4, 50],
  ])(
    'pages %i contiguous events at page size %i, including beyond the last page',
    async (count, size) => {
      const s = testStorage();
      await addWithdrawals(s, count);
      await expectPagesMatch(s, range(1, count), size);
    },
  );

  it('pages contiguous ids that do not start at 1', async () => {
    const s = testStorage();
    await addIds(s, range(1001, 1027));
    await expectPagesMatch(s, range(1001, 1027), 10);
    await expectPagesMatch(s, range(1001, 1027), 4);
  });

  it.each([
    ['a gap in the middle', [...range(1, 8), ...range(15, 27)]],
    ['a gap before the newest', [...range(1, 20), 40]],
    ['a gap after the oldest', [1, ...range(10, 30)]],
    ['scattered ids', [2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]],
  ])('pages ids with %s by walking the table', async (_label, ids) => {
    const s = testStorage();
    await addIds(s, ids);
    for (const size of [1, 3, 10]) await expectPagesMatch(s, ids, size);
  });

  it('pages events added after a gap in older ids', async () => {
    const s = testStorage();
    await addIds(s, [...range(1, 5), ...range(9, 12)]);
    await addWithdrawals(s, 6);
    const ids = await s.db.historyEvents.toCollection().primaryKeys();
    expect(ids).toHaveLength(15);
    await expectPagesMatch(s, ids, 4);
  });

  it('reads a contiguous history without walking past earlier rows', async () => {
    const s = testStorage();
    await addWithdrawals(s, 35);
    const offset = vi.spyOn(s.db.Collection.prototype, 'offset');
    try {
      const last = await s.history.page(4);
      expect(last.events.map((e) => e.amount)).toEqual([5, 4, 3, 2, 1]);
      expect(offset).not.toHaveBeenCalled();
    } finally {
      offset.mockRestore();
    }
  });

  it('still pages right when the stored count disagrees with the rows', async () => {
    const s = testStorage();
    await addIds(s, [...range(1, 4), ...range(7, 12)]);
    // A count that makes the ids look gapless (as data written outside this app could).
    await s.db.rowCounts.put({ table: 'historyEvents', count: 12 });
    const page = await s.history.page(1, 10);
    expect(page.events.map((e) => e.id)).toEqual([12, 11, 10, 9, 8, 7, 4, 3, 2, 1]);
  });
});
