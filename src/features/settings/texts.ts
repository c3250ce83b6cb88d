// User-visible texts of the Settings screen (docs/behaviour.md "Settings").
export const SETTINGS_SAVED = 'Settings saved. New mint and relays will be used going forward.';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';
export const LOADING_SETTINGS = 'Loading settings...';
export const NO_PHRASE_TEXT = 'No recovery phrase is stored on this device.';

// Display currency and price source (docs/behaviour.md "Prices in the merchant's currency").
export const PRICE_TITLE = 'Prices';
export const PRICE_NOTE =
  'Show and enter amounts in your currency as well as sats. The price comes from the price source below.';
export const PRICE_CURRENCY_LABEL = 'Display currency';
export const PRICE_SATS_ONLY = 'Sats only';
export const PRICE_URL_LABEL = 'Price source URL';
export const PRICE_SAVE = 'Save prices';
export const PRICE_SAVED = 'Price settings saved.';
export const priceCheckOk = (currency: string, price: number | undefined) =>
  currency === ''
    ? 'Price source reached.'
    : price === undefined
      ? `The price source offers no price in ${currency}.`
      : `Price source reached: 1 BTC = ${price} ${currency}.`;
export const priceCheckFailed = (reason: string) => `Price source check failed: ${reason}`;
