// Texts of the wallet's records: CSV export and the day summary (docs/behaviour.md "Records").
import { formatSats } from '../../ui/format-sats';

export const exportDone = (count: number) =>
  `Exported ${count} ${count === 1 ? 'event' : 'events'}.`;

export const SUMMARY_NO_FIAT = (n: number) =>
  `${n} ${n === 1 ? 'sale' : 'sales'} without a fiat value`;
export const tallyText = (count: number, sats: number) => `${count} · ${formatSats(sats)} sats`;
export const feesText = (sats: number) => `fees ${formatSats(sats)} sats`;

// The day's close (docs/behaviour.md "Day close").
export const SUMMARY_LIGHTNING = 'Paid with Lightning';
export const itemText = (quantity: number, sats: number) =>
  `${quantity} · ${formatSats(sats)} sats`;
export const satsOnly = (sats: number) => `${formatSats(sats)} sats`;
export const chartSummary = (period: 'day' | 'month', total: number, best: string | null) =>
  `${formatSats(total)} sats of sales this ${period}` +
  (best === null ? '' : `, most at ${period === 'day' ? `${best}:00` : `day ${best}`}`);
