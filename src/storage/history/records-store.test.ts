// The records store: other devices' events imported once each by their global id, never this
// device's own, refunds linked to their sale whenever it arrives, the copy rule applied in place,
// and this device's batches with what each relay took.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { RecordCopy } from '../../core/backup/records/record-copies';
import { recordDigest, type RecordEvent } from '../../core/backup/records/record-event';
import { refundLinkOf } from '../../core/receipts/refunds';
import { closedAfterEach, MINT_A, type TestStorage } from '../../testing/storage/db';

const SELF = 'a1'.repeat(32);
const OTHER = 'b2'.repeat(32);
const THIRD = 'c3'.repeat(32);

const stores = closedAfterEach();

/** A direct sale this device took itself, at MINT_A. */
function ownSale(s: TestStorage, amount: number, quoteId: string): Promise<number> {
  return s.history.addPayment({
    type: 'direct-payment',
    amount,
    mintUrl: MINT_A,
    quoteId,
    request: 'lnbc1',
  });
}

function copy(author: string, event: Partial<RecordEvent> & { id: number }, envelopeAt = 100) {
  const full: RecordEvent = {
    at: 1_700_000_000_000 + event.id,
    type: 'direct-payment',
    sats: 21,
    mint: MINT_A,
    ...event,
  };
  return { author, event: full, digest: recordDigest(full), envelopeAt } satisfies RecordCopy;
}

describe('importing other devices’ events', () => {
  it('stores each event once, however often and in however many batches it comes', async () => {
    const s = stores.open();
    const first = await s.records.importCopies(
      [copy(OTHER, { id: 1 }), copy(OTHER, { id: 2 })],
      SELF,
    );
    expect(first).toEqual({ added: 2, replaced: [], kept: [], duplicates: 0 });
    const again = await s.records.importCopies(
      [copy(OTHER, { id: 2 }, 200), copy(OTHER, { id: 3 })],
      SELF,
    );
    expect(again).toEqual({ added: 1, replaced: [], kept: [], duplicates: 1 });
    const page = await s.history.page(1);
    expect(page.total).toBe(3);
    expect(page.events.map((e) => e.device)).toEqual([OTHER, OTHER, OTHER]);
  });

  it('never imports this device’s own events back', async () => {
    const s = stores.open();
    const outcome = await s.records.importCopies([copy(SELF, { id: 1 })], SELF);
    expect(outcome.added).toBe(0);
    expect(await s.db.historyEvents.count()).toBe(0);
  });

  it('links a refund to its sale, whether the sale is stored before it or comes later', async () => {
    const s = stores.open();
    await s.records.importCopies([copy(OTHER, { id: 5 })], SELF);
    const refund = (id: number, sale: string) =>
      copy(THIRD, {
        id,
        type: 'refund',
        sats: 10,
        meta: JSON.stringify({ method: 'lightning' }),
        refundOf: sale,
      });
    await s.records.importCopies([refund(1, `${OTHER}:5`)], SELF);
    // Its sale is in a batch not read yet: the refund waits for it.
    await s.records.importCopies([refund(2, `${OTHER}:6`)], SELF);
    const byGid = async (gid: string) =>
      (await s.db.historyEvents.where('gid').equals(gid).first())!;
    const saleFive = await byGid(`${OTHER}:5`);
    expect(refundLinkOf(await byGid(`${THIRD}:1`))).toEqual({
      refundOf: saleFive.id,
      method: 'lightning',
    });
    expect(refundLinkOf(await byGid(`${THIRD}:2`))).toBeUndefined();
    await s.records.importCopies([copy(OTHER, { id: 6 })], SELF);
    const saleSix = await byGid(`${OTHER}:6`);
    const linked = await byGid(`${THIRD}:2`);
    expect(refundLinkOf(linked)?.refundOf).toBe(saleSix.id);
    expect(linked.linkGid).toBeUndefined();
  });

  it('links another device’s refund of this device’s own sale to the local sale', async () => {
    const s = stores.open();
    const saleId = await ownSale(s, 50, 'mine');
    await s.records.importCopies(
      [copy(OTHER, { id: 9, type: 'refund', sats: 20, meta: '{}', refundOf: `${SELF}:${saleId}` })],
      SELF,
    );
    const refund = (await s.db.historyEvents.where('gid').equals(`${OTHER}:9`).first())!;
    expect(refundLinkOf(refund)?.refundOf).toBe(saleId);
  });

  it('replaces a stored copy in place by a differing one from a newer envelope, not an older', async () => {
    const s = stores.open();
    await s.records.importCopies([copy(OTHER, { id: 1, sats: 21 }, 100)], SELF);
    const stored = (await s.db.historyEvents.toArray())[0]!;
    const older = await s.records.importCopies([copy(OTHER, { id: 1, sats: 99 }, 50)], SELF);
    expect(older.kept).toEqual([`${OTHER}:1`]);
    expect((await s.db.historyEvents.get(stored.id))!.amount).toBe(21);
    const newer = await s.records.importCopies([copy(OTHER, { id: 1, sats: 22 }, 150)], SELF);
    expect(newer.replaced).toEqual([`${OTHER}:1`]);
    const row = (await s.db.historyEvents.get(stored.id))!;
    expect(row.amount).toBe(22);
    expect(await s.db.historyEvents.count()).toBe(1);
    expect((await s.history.page(1)).total).toBe(1);
  });
});

describe('this device’s events and batches', () => {
  it('lists only its own events of replicated kinds, in id order', async () => {
    const s = stores.open();
    const first = await ownSale(s, 1, 'a');
    await s.records.importCopies([copy(OTHER, { id: 1 })], SELF);
    await s.db.historyEvents.add({ createdAt: 5, type: 'restore', amount: 9, mintUrl: MINT_A });
    const third = await s.history.addWithdrawal({ amount: 3, mintUrl: MINT_A, numProofs: 1 });
    expect((await s.records.ownEvents(0, undefined, 10)).map((e) => e.id)).toEqual([first, third]);
    expect((await s.records.ownEvents(first, third, 10)).map((e) => e.id)).toEqual([third]);
    expect((await s.records.ownEvents(0, undefined, 1)).map((e) => e.id)).toEqual([first]);
  });

  it('notes what a relay took of a batch’s version, and not for a version planned since', async () => {
    const s = stores.open();
    const batch = { n: 0, fromId: 0, toId: 3, count: 3, bytes: 300, full: false };
    await s.records.saveBatches([{ ...batch, createdAt: 10, taken: [] }]);
    await s.records.noteTaken(0, 10, ['wss://a']);
    await s.records.noteTaken(0, 10, ['wss://b', 'wss://a']);
    expect((await s.records.batches())[0]!.taken).toEqual(['wss://a', 'wss://b']);
    await s.records.saveBatches([{ ...batch, toId: 4, count: 4, createdAt: 11, taken: [] }]);
    await s.records.noteTaken(0, 10, ['wss://a']);
    expect((await s.records.batches())[0]!.taken).toEqual([]);
  });

  it('keeps the read notes and the read cursor', async () => {
    const s = stores.open();
    expect(await s.records.readCursor()).toBeUndefined();
    await s.records.saveReadCursor({ at: 100, fullAt: 90 });
    expect(await s.records.readCursor()).toEqual({ at: 100, fullAt: 90 });
    await s.records.saveReadNotes([{ author: OTHER, name: 'cashew-pos/records/0', createdAt: 5 }]);
    await s.records.saveReadNotes([{ author: OTHER, name: 'cashew-pos/records/0', createdAt: 6 }]);
    expect(await s.records.readNotes()).toEqual([
      { author: OTHER, name: 'cashew-pos/records/0', createdAt: 6 },
    ]);
  });
});
