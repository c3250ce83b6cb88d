// The history as CSV for the merchant's books: RFC 4180 quoting, spreadsheet formulas neutralised,
// dates in the merchant's time zone, a sale's receipt number, discount, tax and its net, tax and
// gross per rate (docs/behaviour.md "Records").
import { historyKind } from '../history-kinds';
import { metadataOf } from '../history-metadata';
import type { HistoryEvent } from '../history-ports';
import { fiatValueText } from '../prices/convert';
import { isSale, refundLinkOf } from '../receipts/refunds';
import { saleRates, saleTaxSats } from '../sale/sale-rates';
import type { RateTotal } from '../sale/tax';
import { staffOf } from '../staff/shift';
import { localStamp } from './local-day';
import { storedUnit, unitCurrency, unitDecimals } from '../units/unit';

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
  // Who charged a sale or made a refund (decision 0066).
  'Staff',
  'Receipt no.',
  'Discount (sats)',
  'Tax (sats)',
  // The unit of the row's money: `sat`, or the currency of ecash held in a fiat unit, whose
  // amount is then in `Amount in unit` and never in a sat column (docs/behaviour.md "Records").
  'Unit',
  'Amount in unit',
  // The sat columns' counterparts for a row in a fiat unit (its cents as major units, `3.50`),
  // empty on a sat row, whose figures are in the sat columns.
  'Fee in unit',
  'Tip in unit',
  'Discount in unit',
  'Tax in unit',
] as const;

/**
 * The rate columns follow the fixed ones, three per rate found in the exported sales (ascending;
 * null: tax an older record kept without its rate).
 */
export function rateColumns(rates: readonly (number | null)[]): string[] {
  return rates.flatMap((rate) => {
    const label = rate === null ? 'rate not recorded' : `${rate} %`;
    return [`Net ${label} (sats)`, `Tax ${label} (sats)`, `Gross ${label} (sats)`];
  });
}

/**
 * A sale's net, tax and gross per rate when any of its lines is taxed (untaxed lines at rate 0),
 * as its receipt lists them; none for a sale without tax, a keypad sale or another event.
 */
export function eventRates(event: HistoryEvent): RateTotal[] {
  if (!event.sale || !isSale(event)) return [];
  const rates = saleRates(event.sale);
  return rates.some((row) => row.rate !== 0) ? rates : [];
}

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

/**
 * A refund's sale: its receipt number, else its receipt reference, else its history id; empty
 * for other events.
 */
export function refundOfText(event: HistoryEvent): string {
  const link = refundLinkOf(event);
  if (!link) return '';
  return link.receiptNumber ?? link.reference ?? `#${link.refundOf}`;
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

/** The rate cells of `event` under the columns of `rates` (empty where the sale has no such rate). */
function rateCells(event: HistoryEvent, rates: readonly (number | null)[]): (number | '')[] {
  if (rates.length === 0) return [];
  const own = eventRates(event);
  return rates.flatMap((rate): (number | '')[] => {
    const row = own.find((r) => r.rate === rate);
    return row ? [row.netSats, row.taxSats, row.grossSats] : ['', '', ''];
  });
}

/** One event's line; `rates` are the export's rate columns (rateColumns). */
export function csvRow(event: HistoryEvent, rates: readonly (number | null)[] = []): string {
  const unit = storedUnit(event.unit);
  // A row in a fiat unit (a sale charged in USD) leaves every sat column empty, so a sum of a sat
  // column never adds cents; `Unit` and `Amount in unit` say it instead.
  const inSats = unit === 'sat';
  const sats = <T>(value: T): T | '' => (inSats ? value : '');
  // A fiat row's figures are in its unit's minor units (cents), written as major units.
  const decimals = unitDecimals(unit);
  const inUnit = (minor: number | undefined): string =>
    inSats || minor === undefined ? '' : (minor / 10 ** decimals).toFixed(decimals);
  const fiat = event.fiat;
  const sale = isSale(event) ? event.sale : undefined;
  const stamp = localStamp(event.createdAt);
  return csvLine([
    stamp.date,
    stamp.time,
    stamp.offset,
    event.type,
    sats(event.amount),
    fiat ? fiatValueText(fiat) : '',
    fiat?.currency ?? '',
    fiat ? fiat.price : '',
    sats(eventFee(event)),
    event.quoteId ?? '',
    eventOrigin(event),
    event.mintUrl,
    refundOfText(event),
    event.sale ? sats(event.sale.tipSats) : '',
    linesSummary(event),
    eventDevice(event),
    eventStaff(event),
    event.receiptNumber ?? '',
    sale ? sats(sale.discountSats ?? 0) : '',
    sale ? sats(saleTaxSats(sale)) : '',
    inSats ? 'sat' : unitCurrency(unit),
    inUnit(event.amount),
    inUnit(eventFee(event)),
    inUnit(event.sale?.tipSats),
    inUnit(sale ? (sale.discountSats ?? 0) : undefined),
    inUnit(sale ? saleTaxSats(sale) : undefined),
    ...(inSats ? rateCells(event, rates) : rates.flatMap(() => ['', '', ''])),
  ]);
}
