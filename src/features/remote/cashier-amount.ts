// A cashier's amount as text in the till's unit: sats as the cashier's sales list writes them, a
// fiat till's cents as its currency ("2.50 USD"), as the merchant's keypad writes them (decision 0092).
import { formatAmount } from '../../core/units/format-amount';
import { amountOf } from '../../core/units/amount';
import type { Unit } from '../../core/units/unit';
import type { Formats, Translate } from '../../ui/i18n';
import {
  CASHIER_SALE_SATS,
  MERCHANT_CONFIRMED,
  MERCHANT_CONFIRMED_AMOUNT,
} from './locales/remote/en.json';

/** "2,100 sats" or "2.50 USD". */
export function cashierAmountText(
  amount: number,
  unit: Unit,
  t: Translate,
  formats: Formats,
): string {
  return formatAmount(amountOf(amount, unit), formats, (count, sats) =>
    t(CASHIER_SALE_SATS, { count, sats }),
  );
}

/** What the merchant's receipt confirmed: the sat text as before units, the amount otherwise. */
export function confirmedText(amount: number, unit: Unit, t: Translate, formats: Formats): string {
  if (unit === 'sat') return t(MERCHANT_CONFIRMED, { count: amount, sats: formats.sats(amount) });
  return t(MERCHANT_CONFIRMED_AMOUNT, { amount: cashierAmountText(amount, unit, t, formats) });
}
