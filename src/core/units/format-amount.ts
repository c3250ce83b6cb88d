// An amount as text in the chosen language: a fiat unit as a currency through Formats, sats as the app writes sats.
import type { Formats } from '../i18n/formats';
import type { Amount } from './amount';
import { unitCurrency, unitDecimals } from './unit';

/**
 * "3.50 USD" in English, "3,50 USD" in German (Intl currency with its code, core/i18n); sats go
 * through `sats`, the caller's catalog text for a count ("2,100 sats"), so the plural stays
 * translated where it lives.
 */
export function formatAmount(
  amount: Amount,
  formats: Formats,
  sats: (count: number, formatted: string) => string,
): string {
  if (amount.unit === 'sat') return sats(amount.minor, formats.sats(amount.minor));
  return formats.fiat(amount.minor, unitCurrency(amount.unit), unitDecimals(amount.unit));
}
