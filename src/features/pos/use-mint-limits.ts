// The configured mint's amount limits for the keypad, asked once when the screen opens: an amount
// the mint would refuse is refused while it is typed, in the merchant's words.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { AmountLimits } from '../../core/wallet/receive/mint-limits';
import type { KeypadLimits } from '../../ui/Keypad';
import { formatSats } from '../../ui/format-sats';
import type { PosPayments } from './deps';
import { aboveMaxHint, belowMinHint } from './texts';

export function keypadLimits(limits: AmountLimits): KeypadLimits {
  return {
    ...(limits.min !== null && limits.min > 1
      ? { min: { value: limits.min, hint: belowMinHint(formatSats(limits.min)) } }
      : {}),
    ...(limits.max !== null
      ? { max: { value: limits.max, hint: aboveMaxHint(formatSats(limits.max)) } }
      : {}),
  };
}

/** Undefined until the mint answered (and when it cannot): the mint then judges on Submit. */
export function useMintLimits(payments: PosPayments, logger: Logger): KeypadLimits | undefined {
  const [limits, setLimits] = useState<KeypadLimits | undefined>(undefined);
  useEffect(() => {
    let active = true;
    payments.amountLimits().then(
      (read) => {
        if (active) setLimits(keypadLimits(read));
      },
      (error: unknown) => logger.warn('Could not read the mint amount limits', error),
    );
    return () => {
      active = false;
    };
  }, [payments, logger]);
  return limits;
}
