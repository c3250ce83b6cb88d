// Texts of the point-of-sale screen (shared ones, like the SPEC's payment toasts, are in ui/texts.ts),
// with its fiat entry (docs/behaviour.md "Prices in the merchant's currency").
import { formatNumber } from '../../ui/format-sats';

/** Why the invoice could not be created, shown under the keypad beside the SPEC toast. */
export const MINT_UNREACHABLE_REASON =
  'The mint could not be reached. Check the connection or the mint in Settings, and try again.';
export const mintRefusedReason = (detail: string) => `The mint refused: ${detail}`;
/** The mint answered, with an HTTP error: it is there but failing. */
export const mintFailingReason = (status: number) =>
  `The mint answered with an error (HTTP ${status}). It may be down for a moment: try again, or check the mint in Settings.`;

/** Under the heading: the unit the keypad takes now. */
export const enterAmountIn = (unit: string) => `Enter an amount in ${unit}`;
/** The toggle's accessible name; its text is the unit it switches to. */
export const SWITCH_UNIT_LABEL = (unit: string) => `Enter the amount in ${unit}`;
export const stalePriceNote = (time: string) =>
  `Price from ${time} is out of date: amounts in sats`;
/** A refused reply: the reason is the PriceReplyError's message. */
export const refusedPriceNote = (reason: string) => `${reason}: amounts in sats`;
export const noPriceNote = (currency: string) =>
  `The price source offers no price in ${currency}: amounts in sats`;
/** Beside a price in use: where it comes from and how old it is. */
export const priceLine = (price: number, currency: string, source: string, age: string) =>
  `1 BTC = ${formatNumber(price)} ${currency} from ${source}, ${age}`;
export const ageText = (ms: number) =>
  ms < 60_000 ? 'just now' : `${Math.floor(ms / 60_000)} min ago`;
/** The typed fiat amount has no sound value in sats at this price: nothing is charged. */
export const CANNOT_CONVERT_NOTE = 'This amount cannot be converted to sats at this price';
export const approxFiat = (text: string) => `≈ ${text}`;
export const chargedSats = (sats: string) => `= ${sats} sats`;

/** The line under the keypad after a sale, beside its Receipt button. */
export const lastSaleText = (sats: string) => `Last sale: ${sats} sats`;
