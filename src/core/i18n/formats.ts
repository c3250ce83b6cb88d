// Numbers, amounts and times in the chosen language. English keeps the hand-made en-US forms of
// docs/behaviour.md ("2,100 sats", "12.34 USD", "14:05") without loading ICU's number data on the
// first screen (docs/decisions/0002-first-load.md); every other language goes through Intl
// (intl-formats.ts, loaded with its texts).
import { formatNumber, formatSats, minorToText } from '../format-sats';
import { DEFAULT_LOCALE, type Locale } from './locales';

export interface Formats {
  locale: Locale;
  /** Whole sats: "2,100" in English, "2.100" in German, "2100" in Spanish (four digits ungrouped). */
  sats(sats: number): string;
  /** A price or other figure, up to 8 decimals: "65,432.5" in English, "65.432,5" in German. */
  number(value: number): string;
  /** An amount in a currency's minor units with its code: "12.34 USD", "12,34 USD" in German. */
  fiat(minor: number, currency: string, decimals: number): string;
  /** Minor units as a decimal with all its places, as typed: "12.30", "12,30" in German. */
  decimal(minor: number, decimals: number): string;
  /** Hours and minutes of a time (ms since the epoch), on the device's clock: "14:05". */
  time(ms: number): string;
}

function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** English, as docs/behaviour.md and the tests write it; the other languages' are in intl-formats.ts. */
export const ENGLISH_FORMATS: Formats = {
  locale: DEFAULT_LOCALE,
  sats: formatSats,
  number: formatNumber,
  fiat: (minor, currency, decimals) => `${minorToText(minor, decimals)} ${currency}`,
  decimal: minorToText,
  time: clockTime,
};
