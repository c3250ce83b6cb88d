// A mint's amount limits for a keypad (the point of sale's and the cashier's), asked once when the
// screen opens: an amount the mint would refuse is refused while it is typed, in the merchant's words.
import { useEffect, useState } from 'react';
import { formatSats } from '../format-sats';
import type { KeypadLimits } from './Keypad';
import { aboveMaxHint, belowMinHint } from '../texts';

/** Inclusive bounds in sats for one invoice; null where the mint sets none (NUT-04). */
export interface AmountBounds {
  min: number | null;
  max: number | null;
}

export function keypadLimits(bounds: AmountBounds): KeypadLimits {
  return {
    ...(bounds.min !== null && bounds.min > 1
      ? { min: { value: bounds.min, hint: belowMinHint(formatSats(bounds.min)) } }
      : {}),
    ...(bounds.max !== null
      ? { max: { value: bounds.max, hint: aboveMaxHint(formatSats(bounds.max)) } }
      : {}),
  };
}

/**
 * Undefined until the mint answered (and when it cannot, reported to `unavailable`): the mint then
 * judges on Submit. `read` is asked again whenever it changes.
 */
export function useMintLimits(
  read: () => Promise<AmountBounds>,
  unavailable: (error: unknown) => void,
): KeypadLimits | undefined {
  const [limits, setLimits] = useState<KeypadLimits | undefined>(undefined);
  useEffect(() => {
    let active = true;
    read().then(
      (bounds) => {
        if (active) setLimits(keypadLimits(bounds));
      },
      (error: unknown) => unavailable(error),
    );
    return () => {
      active = false;
    };
    // `unavailable` only reports; a new one must not ask the mint again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read]);
  return limits;
}
