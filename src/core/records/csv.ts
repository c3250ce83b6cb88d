// The history as CSV for the merchant's books: RFC 4180 quoting, spreadsheet formulas neutralised,
// dates in the merchant's time zone, a sale's receipt number, discount, tax and its net, tax and
// gross per rate, in sats or in the fiat unit it was charged in (docs/behaviour.md "Records").
import { historyKind } from '../history-kinds';
import { metadataOf } from '../history-metadata';
import type { HistoryEvent } from '../history-ports';
import { fiatValueText } from '../prices/convert';
import { isSale, refundLinkOf } from '../receipts/refunds';
import { saleRates, saleTaxSats } from '../sale/sale-rates';
import type { RateTotal } from '../sale/tax';
import { staffOf } from '../staff/shift';
import { localStamp } from './local-day';
import { storedUnit, unitCurrency, unitDecimals, type FiatUnit, type Unit } from '../units/unit';

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

/** A tax rate found in the exported sales of a fiat unit: its columns are in that unit. */
export interface UnitRate {
  unit: FiatUnit;
  rate: number | null;
}

const rateLabel = (rate: number | null) => (rate === null ? 'rate not recorded' : `${rate} %`);

/**
 * The rate columns follow the fixed ones, three per rate found in the exported sat sales
 * (ascending; null: tax an older record kept without its rate), then three per rate and fiat unit
 * found in sales charged in one (`Net 7 % (USD)`, major units): a column holds one unit only, so a
 * spreadsheet's sum of it never adds cents to sats, nor dollars to euros.
 */
export function rateColumns(
  rates: readonly (number | null)[],
  unitRates: readonly UnitRate[] = [],
): string[] {
  const columns = (label: string, unit: string) => [
    `Net ${label} (${unit})`,
    `Tax ${label} (${unit})`,
    `Gross ${label} (${unit})`,
  ];
  return [
    ...rates.flatMap((rate) => columns(rateLabel(rate), 'sats')),
    ...unitRates.flatMap(({ unit, rate }) => columns(rateLabel(rate), unitCurrency(unit))),
  ];
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

/**
 * The rate cells of `event` under the sat columns of `rates` and the fiat ones of `unitRates`:
 * a sat sale fills only sat columns, a sale in a fiat unit only its own unit's (its cents as major
 * units), every other cell empty.
 */
function rateCells(
  event: HistoryEvent,
  unit: Unit,
  rates: readonly (number | null)[],
  unitRates: readonly UnitRate[],
): (number | string)[] {
  if (rates.length === 0 && unitRates.length === 0) return [];
  const own = eventRates(event);
  const cells = (rate: number | null, write: (n: number) => number | string) => {
    const row = own.find((r) => r.rate === rate);
    return row ? [row.netSats, row.taxSats, row.grossSats].map(write) : ['', '', ''];
  };
  const none = () => ['', '', ''];
  return [
    ...rates.flatMap((rate) => (unit === 'sat' ? cells(rate, (n) => n) : none())),
    ...unitRates.flatMap((column) =>
      column.unit === unit ? cells(column.rate, (n) => minorText(n, unit)) : none(),
    ),
  ];
}

/** An amount in a unit's minor units written in major units: 350 cents of usd is `3.50`. */
function minorText(minor: number, unit: Unit): string {
  const decimals = unitDecimals(unit);
  return (minor / 10 ** decimals).toFixed(decimals);
}

/**
 * One event's line; `rates` and `unitRates` are the export's rate columns (rateColumns): sat rates,
 * then rates per fiat unit.
 */
export function csvRow(
  event: HistoryEvent,
  rates: readonly (number | null)[] = [],
  unitRates: readonly UnitRate[] = [],
): string {
  const unit = storedUnit(event.unit);
  // A row in a fiat unit (a sale charged in USD) leaves every sat column empty, so a sum of a sat
  // column never adds cents; `Unit` and `Amount in unit` say it instead.
  const inSats = unit === 'sat';
  const sats = <T>(value: T): T | '' => (inSats ? value : '');
  // A fiat row's figures are in its unit's minor units (cents), written as major units.
  const inUnit = (minor: number | undefined): string =>
    inSats || minor === undefined ? '' : minorText(minor, unit);
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
    ...rateCells(event, unit, rates, unitRates),
  ]);
}
