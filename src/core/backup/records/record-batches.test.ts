// Batching: events fill a batch up to the envelope's limit in history order, only the last batch
// grows, and an event too large for a batch of its own is folded or left out.
import { describe, expect, it } from 'vitest';
import { DEVICE_ENVELOPE_MAX_BYTES } from '../device-envelope';
import {
  BATCH_EVENT_BYTES,
  batchName,
  batchNumberOf,
  eventBytes,
  extendBatches,
  fitRecordEvent,
  parseBatchBody,
  type BatchRange,
} from './record-batches';
import type { RecordEvent } from './record-event';

const sized = (ids: number[], bytes: number) => ids.map((id) => ({ id, bytes }));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function sale(id: number, lines: number, name = 'Flat white'): RecordEvent {
  return {
    id,
    at: 1_700_000_000_000 + id,
    type: 'direct-payment',
    sats: 500 * lines,
    mint: 'https://mint.example',
    sale: {
      lines: Array.from({ length: lines }, (_, i) => ({
        itemId: `item-${i}`,
        name,
        quantity: 1,
        unitSats: 500,
      })),
      subtotalSats: 500 * lines,
      taxSats: 0,
      tipSats: 0,
      method: 'lightning',
    },
  };
}

describe('history batches', () => {
  it('fill the first batch up to the room and open the next with the event that did not fit', () => {
    const batches = extendBatches(undefined, sized(range(1, 10), 100), 450);
    expect(batches).toEqual([
      { n: 0, fromId: 0, toId: 4, count: 4, bytes: 400, full: true },
      { n: 1, fromId: 4, toId: 8, count: 4, bytes: 400, full: true },
      { n: 2, fromId: 8, toId: 10, count: 2, bytes: 200, full: false },
    ]);
  });

  it('grow only the last batch: later events join it while they fit, a full one stays as it was', () => {
    const open: BatchRange = { n: 2, fromId: 8, toId: 10, count: 2, bytes: 200, full: false };
    const grown = extendBatches(open, sized([11, 12, 13], 100), 450);
    expect(grown).toEqual([
      { n: 2, fromId: 8, toId: 12, count: 4, bytes: 400, full: true },
      { n: 3, fromId: 12, toId: 13, count: 1, bytes: 100, full: false },
    ]);
    // The batch given is not changed: the caller stores what came back.
    expect(open.toId).toBe(10);
    const full: BatchRange = { n: 4, fromId: 20, toId: 30, count: 9, bytes: 440, full: true };
    expect(extendBatches(full, sized([31], 10), 450)).toEqual([
      { n: 5, fromId: 30, toId: 31, count: 1, bytes: 10, full: false },
    ]);
    expect(extendBatches(open, [], 450)).toEqual([]);
  });

  it('keep many small events within the envelope limit, thousands of them', () => {
    const events = Array.from({ length: 10_000 }, (_, i) => sale(i + 1, 1));
    const batches = extendBatches(
      undefined,
      events.map((e) => ({ id: e.id, bytes: eventBytes(e) })),
    );
    expect(batches.length).toBeGreaterThan(10);
    expect(batches.reduce((sum, b) => sum + b.count, 0)).toBe(10_000);
    for (const batch of batches) expect(batch.bytes).toBeLessThanOrEqual(BATCH_EVENT_BYTES);
    // Consecutive, without a gap or an overlap.
    batches.forEach((b, i) => expect(b.fromId).toBe(i === 0 ? 0 : batches[i - 1]!.toId));
    // Each full batch had no room for the next event.
    for (const b of batches.slice(0, -1)) {
      expect(b.bytes + eventBytes(events[b.toId]!)).toBeGreaterThan(BATCH_EVENT_BYTES);
    }
  });

  it('give an event near the limit a batch of its own', () => {
    const big = sale(2, 1, 'x'.repeat(BATCH_EVENT_BYTES - 400));
    expect(eventBytes(big)).toBeLessThanOrEqual(BATCH_EVENT_BYTES);
    expect(fitRecordEvent(big)).toBe(big);
    const batches = extendBatches(undefined, [
      { id: 1, bytes: 300 },
      { id: 2, bytes: eventBytes(big) },
      { id: 3, bytes: 300 },
    ]);
    expect(batches.map((b) => [b.fromId, b.toId, b.count])).toEqual([
      [0, 1, 1],
      [1, 2, 1],
      [2, 3, 1],
    ]);
    expect(BATCH_EVENT_BYTES).toBeLessThan(DEVICE_ENVELOPE_MAX_BYTES);
  });

  it('fold the lines of a sale too large for a batch into one line of their sum', () => {
    const huge = sale(7, 500, 'A rather long item name for a large sale');
    expect(eventBytes(huge)).toBeGreaterThan(BATCH_EVENT_BYTES);
    const fitted = fitRecordEvent(huge)!;
    expect(fitted.sale!.lines).toEqual([{ name: '500 lines', quantity: 1, unitSats: 250_000 }]);
    expect(fitted.sale!.subtotalSats).toBe(250_000);
    expect(fitted.sats).toBe(huge.sats);
    const unfoldable = { ...sale(8, 1), meta: 'x'.repeat(BATCH_EVENT_BYTES) };
    expect(fitRecordEvent(unfoldable)).toBeUndefined();
  });

  it('carry an event left out (0 bytes) in the range without counting it', () => {
    expect(extendBatches(undefined, [{ id: 5, bytes: 0 }])).toEqual([
      { n: 0, fromId: 0, toId: 5, count: 0, bytes: 0, full: false },
    ]);
  });

  it('are named cashew-pos/records/<n>, and nothing else reads as a batch', () => {
    expect(batchName(12)).toBe('cashew-pos/records/12');
    expect(batchNumberOf('cashew-pos/records/12')).toBe(12);
    for (const name of [
      'cashew-pos/records/',
      'cashew-pos/records/01',
      'cashew-pos/locked-sale/1',
      'cashew-pos/records/-1',
      'cashew-pos/records/1.5',
    ]) {
      expect(batchNumberOf(name)).toBeUndefined();
    }
  });

  it('read a body only with a batch number and a list of events', () => {
    expect(parseBatchBody({ n: 3, events: [] })).toEqual({ n: 3, events: [] });
    for (const body of [null, [], { n: -1, events: [] }, { n: 1 }, { n: 1, events: 'x' }, 'x']) {
      expect(parseBatchBody(body)).toBeUndefined();
    }
  });
});
