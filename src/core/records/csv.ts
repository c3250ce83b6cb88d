// The history as CSV for the merchant's books: RFC 4180 quoting, spreadsheet formulas neutralised,
// dates in the merchant's time zone (docs/behaviour.md "Records").
import { historyKind } from '../history-kinds';
import { metadataOf } from '../history-metadata';
import type { HistoryEvent } from '../history-ports';
import { fiatValueText } from '../prices/convert';
import { refundLinkOf } from '../receipts/refunds';
import { staffOf } from '../staff/shift';
import { localStamp } from './local-day';

export const CSV_HEADER = [
  'Date',
  'Time',
  'UTC offset',
  'Type',
  'Sats',
  'Fiat value',
  'Currency',
  'Price',
  'Fee (sats)',
  'Quote id',
  'Origin',
  'Mint',
  'Refund of',
  'Tip (sats)',
  'Lines',
  'Device',
  // Who charged a sale or made a refund (decision 0066), last so other columns can come before.
  'Staff',
] as const;

/** RFC 4180 line ending. */
export const CSV_EOL = '\r\n';

/**
 * One cell: a text a spreadsheet would run as a formula (= + - @, and tab or CR that some strip
 * first) gets a leading apostrophe; a cell with a quote, comma or line break is quoted, quotes
 * doubled.
 */
export function csvCell(value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | undefined | null)[]): string {
  return cells.map(csvCell).join(',') + CSV_EOL;
}

/** Sats paid in fees: a cash-out's routing fee plus its input fee; nothing for other events. */
export function eventFee(event: HistoryEvent): number | undefined {
  if (!historyKind(event.type)?.hasFees) return undefined;
  const meta = metadataOf(event);
  const fee = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
  return fee(meta.feePaid) + fee(meta.inputFee);
}

/** 'local' for a sale on this device, 'remote' for one from a cashier, empty otherwise. */
export function eventOrigin(event: HistoryEvent): string {
  return historyKind(event.type)?.origin ?? '';
}

/** A refund's sale: its receipt reference, else its history id; empty for other events. */
export function refundOfText(event: HistoryEvent): string {
  const link = refundLinkOf(event);
  if (!link) return '';
  return link.reference ?? `#${link.refundOf}`;
}

/** A cart sale's lines in one cell: "2 × Coffee; 1 × Custom amount" (docs/behaviour.md "Records"). */
export function linesSummary(event: HistoryEvent): string {
  return (event.sale?.lines ?? []).map((line) => `${line.quantity} × ${line.name}`).join('; ');
}

/** Which of the phrase's devices recorded it: `this device`, or the first 8 hex digits of another's key. */
export function eventDevice(event: HistoryEvent): string {
  return event.device ? event.device.slice(0, 8) : 'this device';
}

/** Who charged a sale or made a refund, by name (`Owner` for the merchant PIN); empty: no one named. */
export function eventStaff(event: HistoryEvent): string {
  return staffOf(event)?.name ?? '';
}

export function csvRow(event: HistoryEvent): string {
  const fiat = event.fiat;
  const stamp = localStamp(event.createdAt);
  return csvLine([
    stamp.date,
    stamp.time,
    stamp.offset,
    event.type,
    event.amount,
    fiat ? fiatValueText(fiat) : '',
    fiat?.currency ?? '',
    fiat ? fiat.price : '',
    eventFee(event),
    event.quoteId ?? '',
    eventOrigin(event),
    event.mintUrl,
    refundOfText(event),
    event.sale ? event.sale.tipSats : '',
    linesSummary(event),
    eventDevice(event),
    eventStaff(event),
  ]);
}
