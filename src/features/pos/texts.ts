// Texts of the point-of-sale screen's fiat entry (docs/behaviour.md "Prices in the merchant's currency").

export const SATS_UNIT = 'sats';
/** The toggle's accessible name; its text is the unit it switches to. */
export const SWITCH_UNIT_LABEL = (unit: string) => `Enter the amount in ${unit}`;
export const PRICES_UNAVAILABLE_NOTE = 'Prices unavailable: amounts in sats';
export const stalePriceNote = (time: string) => `Price from ${time} is out of date`;
export const approxFiat = (text: string) => `≈ ${text}`;
export const chargedSats = (sats: string) => `= ${sats} sats`;
