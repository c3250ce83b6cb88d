// A mint's amount limits for a keypad (the point of sale's and the cashier's), asked once when the
// screen opens: an amount the mint would refuse is refused while it is typed, in the merchant's words.
import { useEffect, useMemo, useState } from 'react';
import type { KeypadLimits } from './Keypad';
import type { Formats, Translate } from '../i18n';
import {
  MINT_MAX_HINT,
  MINT_MIN_HINT,
  MINT_MAX_HINT_IN_UNIT,
  MINT_MIN_HINT_IN_UNIT,
} from '../locales/keypad/en.json';

/** A fiat till's currency as its keypad counts it (cents of USD: `{ currency: 'USD', decimals: 2 }`). */
export interface LimitsCurrency {
  currency: string;
  decimals: number;
}

/**
 * Inclusive bounds for one invoice in the keypad's unit (sats, or a fiat unit's cents: the mint
 * sets them per unit); null where the mint sets none (NUT-04).
 */
export interface AmountBounds {
  min: number | null;
  max: number | null;
}

/** The bounds with their hints in the app's language (`t`, `formats`). */
export function keypadLimits(
  bounds: AmountBounds,
  t: Translate,
  formats: Formats,
  inCurrency?: LimitsCurrency,
): KeypadLimits {
  // Sats keep their counted text; a fiat bound is written as the currency ("10000.00 USD").
  const hint = (key: 'min' | 'max', value: number) =>
    inCurrency
      ? t(key === 'min' ? MINT_MIN_HINT_IN_UNIT : MINT_MAX_HINT_IN_UNIT, {
          [key]: formats.fiat(value, inCurrency.currency, inCurrency.decimals),
        })
      : t(key === 'min' ? MINT_MIN_HINT : MINT_MAX_HINT, { [key]: formats.sats(value) });
  return {
    ...(bounds.min !== null && bounds.min > 1
      ? { min: { value: bounds.min, hint: hint('min', bounds.min) } }
      : {}),
    ...(bounds.max !== null ? { max: { value: bounds.max, hint: hint('max', bounds.max) } } : {}),
  };
}

/**
 * Undefined until the mint answered (and when it cannot, reported to `unavailable`): the mint then
 * judges on Submit. `read` is asked again whenever it changes. The hints are in the caller's
 * language (`t`, `formats` from `useTexts()` and `useFormats()`), passed in as `useInvoiceFlow`'s
 * are (docs/decisions/0071-shared-keypad-hooks-take-their-texts.md).
 */
export function useMintLimits(
  read: () => Promise<AmountBounds>,
  unavailable: (error: unknown) => void,
  t: Translate,
  formats: Formats,
  inCurrency?: LimitsCurrency,
): KeypadLimits | undefined {
  const [bounds, setBounds] = useState<AmountBounds | undefined>(undefined);
  useEffect(() => {
    let active = true;
    read().then(
      (bounds) => {
        if (active) setBounds(bounds);
      },
      (error: unknown) => unavailable(error),
    );
    return () => {
      active = false;
    };
    // `unavailable` only reports; a new one must not ask the mint again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read]);
  return useMemo(
    () => bounds && keypadLimits(bounds, t, formats, inCurrency),
    // By value: a caller's new object each render must not rebuild the hints.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bounds, t, formats, inCurrency?.currency, inCurrency?.decimals],
  );
}
