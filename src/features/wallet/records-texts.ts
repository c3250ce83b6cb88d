// Texts of the wallet's records: CSV export and the day summary (docs/behaviour.md "Records").
import { formatSats } from '../../ui/format-sats';

export const RECORDS_TITLE = 'Records';
export const EXPORT_OPEN = 'Export CSV';
export const EXPORT_TITLE = 'Export history';
export const EXPORT_NOTE =
  'A CSV file of every event between the two days (both included), with dates in this device’s time zone.';
export const EXPORT_FROM = 'From';
export const EXPORT_TO = 'To';
export const EXPORT_DOWNLOAD = 'Download CSV';
export const EXPORT_BUSY = 'Exporting...';
export const EXPORT_BAD_RANGE = 'Choose a start day on or before the end day.';
export const exportDone = (count: number) =>
  `Exported ${count} ${count === 1 ? 'event' : 'events'}.`;
export const EXPORT_FAILED = 'The export failed. Please try again.';
export const CLOSE = 'Close';

export const TODAY_OPEN = 'Today';
export const TODAY_TITLE = 'Day summary';
export const TODAY_DAY = 'Day';
export const TODAY_LOADING = 'Adding up...';
export const TODAY_FAILED = 'Could not read the history for this day.';
export const SUMMARY_SALES = 'Sales';
export const SUMMARY_LOCAL = 'Taken on this device';
export const SUMMARY_REMOTE = 'Taken by remote cashiers';
export const SUMMARY_WITHDRAWALS = 'Withdrawals';
export const SUMMARY_CASH_OUTS = 'Cash-outs';
export const SUMMARY_FIAT = 'Sales in fiat';
export const SUMMARY_NO_FIAT = (n: number) =>
  `${n} ${n === 1 ? 'sale' : 'sales'} without a fiat value`;
export const tallyText = (count: number, sats: number) => `${count} · ${formatSats(sats)} sats`;
export const feesText = (sats: number) => `fees ${formatSats(sats)} sats`;

// The day's close (docs/behaviour.md "Day close").
export const SUMMARY_LIGHTNING = 'Paid with Lightning';
export const SUMMARY_ECASH = 'Paid with ecash';
export const SUMMARY_TIPS = 'Tips';
export const SUMMARY_TAXES = 'Taxes';
export const SUMMARY_REFUNDS = 'Refunds';
export const SUMMARY_NET = 'Net (sales less refunds)';
export const SUMMARY_ITEMS = 'Items sold';
export const SUMMARY_PRINT = 'Print';
export const itemText = (quantity: number, sats: number) =>
  `${quantity} · ${formatSats(sats)} sats`;
export const satsOnly = (sats: number) => `${formatSats(sats)} sats`;
export const CHART_OPEN = 'Chart';
export const CHART_PERIOD = 'Sales chart period';
export const CHART_BY_HOUR = 'By hour';
export const CHART_BY_DAY = 'By day of the month';
export const CHART_LOADING = 'Drawing...';
export const CHART_FAILED = 'Could not read the sales for this chart.';
export const chartSummary = (period: 'day' | 'month', total: number, best: string | null) =>
  `${formatSats(total)} sats of sales this ${period}` +
  (best === null ? '' : `, most at ${period === 'day' ? `${best}:00` : `day ${best}`}`);
