// How a device's events are cut into batches a relay accepts: each batch one device envelope
// `cashew-pos/records/<n>`, filled in history order up to the envelope's limit; only the last one
// grows, so an event stays in the batch it was first published in
// (docs/protocol.md "Records on the relays").
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { DEVICE_ENVELOPE_MAX_BYTES, envelopeName } from '../device-envelope';
import type { RecordEvent } from './record-event';

/** The device envelope purpose of the history batches. */
export const RECORDS_PURPOSE = 'records';

/**
 * Bytes a batch's events may take: the envelope's limit less room for its wrapper (version,
 * certificate, batch number), about 280 bytes with a certificate.
 */
export const BATCH_EVENT_BYTES = DEVICE_ENVELOPE_MAX_BYTES - 512;

export interface RecordBatchBody {
  n: number;
  events: RecordEvent[];
}

/** A batch's place in this device's history: its own events with fromId < id <= toId. */
export interface BatchRange {
  n: number;
  fromId: number;
  toId: number;
  /** events it carries and their bytes (each with the comma after it) */
  count: number;
  bytes: number;
  /** no event was added because the next did not fit: it never changes again */
  full: boolean;
}

const NAME_PREFIX = envelopeName(RECORDS_PURPOSE, '');

export function batchName(n: number): string {
  return envelopeName(RECORDS_PURPOSE, String(n));
}

/** The batch number of an envelope name; undefined for any other name. */
export function batchNumberOf(name: string): number | undefined {
  if (!name.startsWith(NAME_PREFIX)) return undefined;
  const text = name.slice(NAME_PREFIX.length);
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === text ? n : undefined;
}

/** An event's bytes in a batch, the comma after it included. */
export function eventBytes(event: RecordEvent): number {
  return utf8ToBytes(JSON.stringify(event)).length + 1;
}

/**
 * The event as it fits in a batch of its own: whole when it does; a sale of very many lines
 * (some 400) with its lines folded into one of their sum; undefined when even that is too large
 * (then it is not sent, and the writer logs it).
 */
export function fitRecordEvent(
  event: RecordEvent,
  room: number = BATCH_EVENT_BYTES,
): RecordEvent | undefined {
  if (eventBytes(event) <= room) return event;
  if (event.sale && event.sale.lines.length > 1) {
    const { lines, subtotalSats } = event.sale;
    const folded: RecordEvent = {
      ...event,
      sale: {
        ...event.sale,
        lines: [{ name: `${lines.length} lines`, quantity: 1, unitSats: subtotalSats }],
      },
    };
    if (eventBytes(folded) <= room) return folded;
  }
  return undefined;
}

/**
 * Adds events (this device's, in id order, each with its bytes; 0 bytes for one not sent) after
 * `last`: into `last` while it is open and they fit, then into new batches. Returns every batch
 * that changed or was opened, in order; `last` is not modified.
 */
export function extendBatches(
  last: BatchRange | undefined,
  events: ReadonlyArray<{ id: number; bytes: number }>,
  room: number = BATCH_EVENT_BYTES,
): BatchRange[] {
  const changed: BatchRange[] = [];
  let open: BatchRange | undefined = last && !last.full ? { ...last } : undefined;
  let next = last ? last.n + 1 : 0;
  let fromId = last?.toId ?? 0;
  for (const event of events) {
    if (open && open.count > 0 && open.bytes + event.bytes > room) {
      open.full = true;
      fromId = open.toId;
      open = undefined;
    }
    if (!open) {
      open = { n: next, fromId, toId: fromId, count: 0, bytes: 0, full: false };
      next += 1;
      changed.push(open);
    } else if (!changed.includes(open)) {
      changed.push(open);
    }
    open.toId = event.id;
    if (event.bytes > 0) {
      open.count += 1;
      open.bytes += event.bytes;
    }
  }
  return changed;
}

/** A batch's body as received: its number and its events, each still to be read. */
export function parseBatchBody(body: unknown): { n: number; events: unknown[] } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { n, events } = body as Record<string, unknown>;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return undefined;
  if (!Array.isArray(events)) return undefined;
  return { n, events };
}
