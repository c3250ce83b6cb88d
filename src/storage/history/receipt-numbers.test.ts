// Receipt numbers on Dexie: every sale this device records takes the next number in the sale's own
// transaction, whichever path records it; two tabs never share one, a tab that dies uses none,
// another device's copies keep theirs (docs/decisions/0074-receipt-numbers.md).
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { RecordCopy } from '../../core/backup/records/record-copies';
import { recordDigest, type RecordEvent } from '../../core/backup/records/record-event';
import { parseReceiptNumber } from '../../core/receipts/receipt-number';
import {
  closedAfterEach,
  freshDbName,
  MINT_A,
  putPaidQuote,
  Q1_PAYMENT,
  settleQ1,
  testStorage,
  type TestStorage,
} from '../../testing/storage/db';
import { paymentRow } from './history-store';

const stores = closedAfterEach();

const OTHER = 'b2'.repeat(32);
const SELF = 'a1'.repeat(32);

const sale = (quoteId: string, amount = 21) => ({ ...Q1_PAYMENT, quoteId, amount });

async function numbers(s: TestStorage): Promise<(string | undefined)[]> {
  return (await s.db.historyEvents.orderBy(':id').toArray()).map((row) => row.receiptNumber);
}

/** The sequences of `found`, checking they all carry one prefix. */
function sequences(found: (string | undefined)[]): number[] {
  const parsed = found.map((n) => parseReceiptNumber(n));
  expect(parsed.every((p) => p !== undefined)).toBe(true);
  expect(new Set(parsed.map((p) => p!.prefix)).size).toBe(1);
  return parsed.map((p) => p!.sequence);
}

describe('receipt numbers', () => {
  it('numbers this device’s sales in order, whichever path records them, and nothing else', async () => {
    const s = stores.open();
    await s.history.addPayment(sale('a'));
    await s.history.addCashSale({
      amount: 500,
      sale: { lines: [], subtotalSats: 500, taxSats: 0, tipSats: 0, method: 'cash' },
    });
    await s.history.addWithdrawal({ amount: 5, mintUrl: MINT_A, numProofs: 1 });
    await putPaidQuote(s);
    await settleQ1(s);
    await s.history.addWithdrawal({
      amount: 3,
      mintUrl: MINT_A,
      numProofs: 1,
      refund: { refundOf: 1, method: 'ecash' },
    });
    const found = await numbers(s);
    expect(found[2]).toBeUndefined();
    expect(found[4]).toBeUndefined();
    const sold = [found[0], found[1], found[3]];
    expect(sequences(sold)).toEqual([1, 2, 3]);
    expect(sold[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}-000001$/);
  });

  it('gives two sales in two tabs different consecutive numbers', async () => {
    const name = freshDbName();
    const one = testStorage(name);
    const two = testStorage(name);
    try {
      await Promise.all([
        ...[1, 2, 3].map((i) => one.history.addPayment(sale(`one-${i}`))),
        ...[1, 2, 3].map((i) => two.history.addPayment(sale(`two-${i}`))),
      ]);
      const found = sequences(await numbers(one));
      expect([...found].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      // Each row's number follows the order the rows were stored in.
      expect(found).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      one.close();
      two.close();
    }
  });

  it('uses no number when the tab dies before the sale’s transaction commits', async () => {
    const s = stores.open();
    const { db } = s;
    await expect(
      db.transaction('rw', db.historyEvents, async () => {
        await db.historyEvents.add(paymentRow(sale('lost'), 1));
        throw new Error('the tab died');
      }),
    ).rejects.toThrow('the tab died');
    await s.history.addPayment(sale('kept'));
    expect(sequences(await numbers(s))).toEqual([1]);
  });

  it('lets a sale the store refused take no number: the ones stored close up', async () => {
    const s = stores.open();
    const { db } = s;
    const first = await s.history.addPayment(sale('a'));
    await db.transaction('rw', db.historyEvents, async () => {
      // The same id again: refused, caught, and the transaction goes on.
      await db.historyEvents
        .add({ ...paymentRow(sale('dup'), 2), id: first })
        .catch(Dexie.ConstraintError, () => undefined);
      await db.historyEvents
        .bulkAdd([
          paymentRow(sale('b'), 3),
          { ...paymentRow(sale('dup2'), 3), id: first },
          paymentRow(sale('c'), 3),
        ])
        .catch(Dexie.BulkError, () => undefined);
      await db.historyEvents.add(paymentRow(sale('d'), 4));
    });
    const rows = await db.historyEvents.orderBy(':id').toArray();
    expect(rows.map((row) => row.quoteId)).toEqual(['a', 'b', 'c', 'd']);
    expect(sequences(rows.map((row) => row.receiptNumber))).toEqual([1, 2, 3, 4]);
  });

  it('keeps the prefix and the sequence across a reload', async () => {
    const name = freshDbName();
    const before = testStorage(name);
    await before.history.addPayment(sale('a'));
    before.close();
    const after = testStorage(name);
    try {
      await after.history.addPayment(sale('b'));
      expect(sequences(await numbers(after))).toEqual([1, 2]);
    } finally {
      after.close();
    }
  });

  it('keeps another device’s number on its copies and counts none of them here', async () => {
    const s = stores.open();
    const event: RecordEvent = {
      id: 7,
      at: 1_700_000_000_000,
      type: 'direct-payment',
      sats: 21,
      mint: MINT_A,
      receipt: 'ZZZZZZ-000007',
    };
    const copy: RecordCopy = { author: OTHER, event, digest: recordDigest(event), envelopeAt: 1 };
    await s.records.importCopies([copy], SELF);
    await s.history.addPayment(sale('mine'));
    const found = await numbers(s);
    expect(found[0]).toBe('ZZZZZZ-000007');
    expect(parseReceiptNumber(found[1])?.sequence).toBe(1);
    // This device's records carry its numbers to the others.
    const own = await s.records.ownEvents(0, undefined, 10);
    expect(own.map((row) => row.receiptNumber)).toEqual([found[1]]);
  });
});
