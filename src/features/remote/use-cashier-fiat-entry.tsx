// The cashier's keypad in the shop's currency, as the merchant's keypad takes it: digits are the
// currency's minor units, the sats they buy are shown under them, and Submit charges those sats
// at the price shown; in either unit Submit makes the sale with its fiat record at that price
// (docs/behaviour.md "Remote cashier", decision 0046). A shop whose till charges in a fiat unit
// (its catalog says so, decision 0092) takes the typed cents as they are, no price in between,
// as the merchant's own keypad does.
import { useCallback, useMemo, useState } from 'react';
import type { PriceUsed } from '../../core/items/cart';
import { tryFiatMinorToSats } from '../../core/prices/convert';
import { currencyDecimals } from '../../core/prices/currencies';
import type { Sale } from '../../core/sale/sale';
import { satsSale } from '../../core/sale/sale-fiat';
import { unitCurrency, unitDecimals, type FiatUnit } from '../../core/units/unit';
import { useFormats, useTexts } from '../../ui/i18n';
import type { AmountEntry } from '../../ui/payment/InvoicePanel';
import { SegmentToggle } from '../../ui/forms/Segmented';
import { CASHIER_SALE_SATS, CASHIER_UNIT_LABEL } from './locales/remote/en.json';

const SATS = 'sats';

export interface CashierEntry {
  /** the entry while a price may be used (undefined: the plain sats keypad) */
  entry: AmountEntry | undefined;
  /** Submit: the typed value's sale, handed to the invoice */
  submit: (value: number) => void;
}

export function useCashierFiatEntry(
  priceUsed: PriceUsed | undefined,
  submitSale: (sale: Sale) => void,
  tillUnit?: FiatUnit,
): CashierEntry {
  const t = useTexts();
  const formats = useFormats();
  const [unit, setUnit] = useState<'fiat' | 'sats'>('fiat');
  const inFiat = priceUsed !== undefined && unit === 'fiat';
  const tillEntry = useMemo((): AmountEntry | undefined => {
    if (!tillUnit) return undefined;
    const decimals = unitDecimals(tillUnit);
    return {
      unit: unitCurrency(tillUnit),
      mode: `till:${tillUnit}`,
      display: (digits: string) => formats.decimal(Number.parseInt(digits, 10) || 0, decimals),
    };
  }, [tillUnit, formats]);
  const submitInTill = useCallback(
    (value: number) => {
      if (tillUnit) submitSale({ amount: value, unit: tillUnit });
    },
    [tillUnit, submitSale],
  );
  // Rounded up, as on the merchant's keypad: the merchant never gets less than asked. The record
  // is of the sats charged, at the price shown.
  const submit = useCallback(
    (value: number) => {
      const sats = inFiat
        ? tryFiatMinorToSats(value, priceUsed.price, currencyDecimals(priceUsed.currency))
        : value;
      if (sats !== undefined) submitSale(satsSale(sats, priceUsed));
    },
    [inFiat, priceUsed, submitSale],
  );
  const entry = useMemo((): AmountEntry | undefined => {
    if (!priceUsed) return undefined;
    const { currency, price } = priceUsed;
    const decimals = currencyDecimals(currency);
    const toggle = (
      <SegmentToggle
        label={t(CASHIER_UNIT_LABEL)}
        options={[
          { value: 'fiat', label: currency },
          { value: 'sats', label: SATS },
        ]}
        value={unit}
        onChange={setUnit}
      />
    );
    if (unit === 'sats') return { unit: SATS, mode: 'sats', toggle };
    return {
      unit: currency,
      mode: `fiat:${currency}`,
      toggle,
      display: (digits: string) => formats.decimal(Number(digits || '0'), decimals),
      other: (digits: string) => {
        const sats = tryFiatMinorToSats(Number(digits || '0'), price, decimals);
        return sats === undefined
          ? null
          : t(CASHIER_SALE_SATS, { count: sats, sats: formats.sats(sats) });
      },
    };
  }, [priceUsed, unit, t, formats]);
  return tillEntry ? { entry: tillEntry, submit: submitInTill } : { entry, submit };
}
