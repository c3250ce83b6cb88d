// Texts of the point-of-sale screen (shared ones, like the SPEC's payment toasts, are in ui/texts.ts),
// with its fiat entry (docs/behaviour.md "Prices in the merchant's currency").

/** Why the invoice could not be created, shown under the keypad beside the SPEC toast. */
export const MINT_UNREACHABLE_REASON =
  'The mint could not be reached. Check the connection or the mint in Settings, and try again.';
export const mintRefusedReason = (detail: string) => `The mint refused: ${detail}`;

export const SATS_UNIT = 'sats';
/** The toggle's accessible name; its text is the unit it switches to. */
export const SWITCH_UNIT_LABEL = (unit: string) => `Enter the amount in ${unit}`;
export const PRICES_UNAVAILABLE_NOTE = 'Prices unavailable: amounts in sats';
export const stalePriceNote = (time: string) => `Price from ${time} is out of date`;
export const approxFiat = (text: string) => `≈ ${text}`;
export const chargedSats = (sats: string) => `= ${sats} sats`;
