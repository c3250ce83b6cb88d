// The cashier's keypad in the shop's currency, as the merchant's keypad takes it: digits are the
// currency's minor units, the sats they buy are shown under them, and Submit charges those sats
// at the price shown (docs/behaviour.md "Remote cashier").
import { useMemo, useState } from 'react';
import type { PriceUsed } from '../../core/items/cart';
import { minorToText, tryFiatMinorToSats } from '../../core/prices/convert';
import { currencyDecimals } from '../../core/prices/currencies';
import { formatSats } from '../../ui/format-sats';
import type { AmountEntry } from '../../ui/InvoicePanel';
import { SegmentToggle } from '../../ui/Segmented';

const SATS = 'sats';

/** The entry while a price may be used (undefined: the plain sats keypad). */
export function useCashierFiatEntry(
  priceUsed: PriceUsed | undefined,
  submit: (sats: number) => void,
): AmountEntry | undefined {
  const [unit, setUnit] = useState<'fiat' | 'sats'>('fiat');
  return useMemo(() => {
    if (!priceUsed) return undefined;
    const { currency, price } = priceUsed;
    const decimals = currencyDecimals(currency);
    const toggle = (
      <SegmentToggle
        label="Amount unit"
        options={[
          { value: 'fiat', label: currency },
          { value: 'sats', label: SATS },
        ]}
        value={unit}
        onChange={setUnit}
      />
    );
    if (unit === 'sats') return { unit: SATS, mode: 'sats', toggle };
    const satsOf = (minor: number) => tryFiatMinorToSats(minor, price, decimals);
    return {
      unit: currency,
      mode: `fiat:${currency}`,
      toggle,
      display: (digits: string) => minorToText(Number(digits || '0'), decimals),
      other: (digits: string) => {
        const sats = satsOf(Number(digits || '0'));
        return sats === undefined ? null : `${formatSats(sats)} ${SATS}`;
      },
      // Rounded up, as on the merchant's keypad: the merchant never gets less than asked.
      submit: (minor: number) => {
        const sats = satsOf(minor);
        if (sats !== undefined) submit(sats);
      },
    };
  }, [priceUsed, unit, submit]);
}
