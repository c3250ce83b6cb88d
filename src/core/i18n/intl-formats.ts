// Numbers, amounts and times through Intl in a language other than English, loaded with that
// language's texts (docs/decisions/0055-languages-with-lingui.md).
import { minorToText } from '../format-sats';
import type { Formats } from './formats';
import type { Locale } from './locales';

/**
 * Each Intl formatter is made on its first use, not with the language: the first
 * Intl.NumberFormat of a page costs about 130 ms of main thread at 4x CPU (measured in
 * docs/decisions/0055-languages-with-lingui.md), and the keypad's first frame formats no number.
 */
export function intlFormats(locale: Locale): Formats {
  let whole: Intl.NumberFormat | undefined;
  let figure: Intl.NumberFormat | undefined;
  let clock: Intl.DateTimeFormat | undefined;
  const currencies = new Map<string, Intl.NumberFormat>();
  const decimals = new Map<number, Intl.NumberFormat>();
  return {
    locale,
    sats: (sats) =>
      (whole ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(sats),
    number: (value) =>
      (figure ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 8 })).format(value),
    fiat: (minor, currency, decimals) => {
      const key = `${currency}/${decimals}`;
      let format = currencies.get(key);
      if (!format) {
        format = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          currencyDisplay: 'code',
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        currencies.set(key, format);
      }
      return format.format(Number(minorToText(minor, decimals)));
    },
    decimal: (minor, places) => {
      let format = decimals.get(places);
      if (!format) {
        format = new Intl.NumberFormat(locale, {
          minimumFractionDigits: places,
          maximumFractionDigits: places,
        });
        decimals.set(places, format);
      }
      return format.format(Number(minorToText(minor, places)));
    },
    time: (ms) =>
      (clock ??= new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })).format(
        ms,
      ),
  };
}
