// Texts of a held price jump, the same on the merchant's keypad and a cashier's page
// (docs/behaviour.md "Prices in the merchant's currency").
import { formatNumber } from '../format-sats';

export const jumpNote = (percent: string) =>
  `The price moved ${percent} in under an hour: amounts in sats`;
export const jumpText = (source: string, percent: string) =>
  `${source} now gives a price ${percent} from the last one, in under an hour. Check it before you use it.`;
export const jumpPriceLine = (label: string, price: number, currency: string, time: string) =>
  `${label}: 1 BTC = ${formatNumber(price)} ${currency} (${time})`;
