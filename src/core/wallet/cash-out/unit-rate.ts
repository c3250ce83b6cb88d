// A cash-out from a fiat balance: the rate its melt quote gives and the fee limit in its unit (docs/behaviour.md "Cash out").
import type { FeeLimit } from './fee-limit';

/**
 * The merchant's fee limit for a melt of `amount` cents that pays `invoiceSats`: the percentage
 * of the cents, plus the fixed sats at the quote's own rate, rounded down (a fee is whole cents).
 */
export function unitFeeLimit(amount: number, invoiceSats: number, limit: FeeLimit): number {
  const fixed = invoiceSats > 0 ? Math.floor((limit.sats * amount) / invoiceSats) : 0;
  return Math.floor((amount * limit.percent) / 100) + fixed;
}

/**
 * Sats one major unit (one dollar) buys at the quote, rounded to whole sats: what the confirm
 * step shows beside the cents it costs. `decimals` is the unit's (2 for usd).
 */
export function satsPerMajorUnit(amount: number, invoiceSats: number, decimals: number): number {
  return amount > 0 ? Math.round((invoiceSats * 10 ** decimals) / amount) : 0;
}
