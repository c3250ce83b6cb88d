// The most a cash-out may cost in fees before the merchant is asked again (docs/behaviour.md,
// "Cash out"); automatic cash-out never pays above it (docs/security.md, "Cash-out").

/** A percentage of the amount plus a fixed number of sats. */
export interface FeeLimit {
  percent: number;
  sats: number;
}

export const DEFAULT_FEE_LIMIT: FeeLimit = { percent: 1, sats: 10 };

/** Percent from 0 to 100 and sats a safe non-negative integer; anything else is the default. */
export function cleanFeeLimit(value: Partial<FeeLimit> | undefined): FeeLimit {
  const percent = value?.percent;
  const sats = value?.sats;
  return {
    percent:
      typeof percent === 'number' && Number.isFinite(percent) && percent >= 0 && percent <= 100
        ? percent
        : DEFAULT_FEE_LIMIT.percent,
    sats:
      typeof sats === 'number' && Number.isSafeInteger(sats) && sats >= 0
        ? sats
        : DEFAULT_FEE_LIMIT.sats,
  };
}

/** The limit for `amount` in whole sats (rounded down: a fee is whole sats). */
export function feeLimitSats(amount: number, limit: FeeLimit): number {
  return Math.floor((amount * limit.percent) / 100) + limit.sats;
}

/** Whether `fee` sats (fee reserve + input fee) on `amount` is above the limit. */
export function feeAboveLimit(amount: number, fee: number, limit: FeeLimit): boolean {
  return fee > feeLimitSats(amount, limit);
}
