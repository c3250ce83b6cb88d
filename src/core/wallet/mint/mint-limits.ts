// The amounts a mint takes for one Lightning invoice (NUT-04 `min_amount`/`max_amount` of bolt11 in
// sat, from its /v1/info), so the keypad can refuse an amount before the mint is asked.

/** Inclusive bounds in sats; null where the mint sets none. */
export interface AmountLimits {
  min: number | null;
  max: number | null;
}

export const NO_AMOUNT_LIMITS: AmountLimits = { min: null, max: null };

function bound(value: unknown): number | null {
  // cashu-ts may hand amounts over as numbers, numeric strings or bigints.
  const n =
    typeof value === 'bigint' ? Number(value) : typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * Reads the NUT-04 limits of `method`/`unit` from a mint's info reply. Anything missing or
 * malformed counts as no limit: a wrong limit would refuse sales the mint accepts.
 */
export function mintAmountLimits(info: unknown, method = 'bolt11', unit = 'sat'): AmountLimits {
  if (typeof info !== 'object' || info === null) return NO_AMOUNT_LIMITS;
  const nuts = (info as { nuts?: unknown }).nuts;
  if (typeof nuts !== 'object' || nuts === null) return NO_AMOUNT_LIMITS;
  const nut4 = (nuts as Record<string, unknown>)['4'];
  if (typeof nut4 !== 'object' || nut4 === null) return NO_AMOUNT_LIMITS;
  const methods = (nut4 as { methods?: unknown }).methods;
  if (!Array.isArray(methods)) return NO_AMOUNT_LIMITS;
  const entry: unknown = methods.find(
    (m: unknown) =>
      typeof m === 'object' &&
      m !== null &&
      (m as { method?: unknown }).method === method &&
      (m as { unit?: unknown }).unit === unit,
  );
  if (!entry) return NO_AMOUNT_LIMITS;
  const { min_amount, max_amount } = entry as { min_amount?: unknown; max_amount?: unknown };
  const min = bound(min_amount);
  const max = bound(max_amount);
  // Contradictory limits are a mint misconfiguration; trusting either half would guess.
  if (min !== null && max !== null && min > max) return NO_AMOUNT_LIMITS;
  return { min, max };
}

/** Where `amount` falls against the limits: 'below', 'above', or null when the mint takes it. */
export function checkAmountLimits(amount: number, limits: AmountLimits): 'below' | 'above' | null {
  if (limits.min !== null && amount < limits.min) return 'below';
  if (limits.max !== null && amount > limits.max) return 'above';
  return null;
}
