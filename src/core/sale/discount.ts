// Discounts on a line or a whole cart: a percent or an amount in sats, with a reason, never more
// than what it is taken from (docs/protocol.md "Tax by rate", decision 0064).
import { basisPoints, mulDivHalfUp } from './tax';

export type Discount =
  | { kind: 'percent'; percent: number; reason: string }
  | { kind: 'sats'; sats: number; reason: string };

export const DISCOUNT_REASON_MAX = 60;

/** A discount the arithmetic takes: 0 < percent <= 100 with two decimals, or whole sats above 0. */
export function isDiscount(value: unknown): value is Discount {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  if (typeof d.reason !== 'string' || d.reason.length > DISCOUNT_REASON_MAX) return false;
  if (d.kind === 'sats')
    return typeof d.sats === 'number' && Number.isSafeInteger(d.sats) && d.sats > 0;
  return (
    d.kind === 'percent' &&
    typeof d.percent === 'number' &&
    Number.isFinite(d.percent) &&
    d.percent > 0 &&
    d.percent <= 100 &&
    Math.abs(Math.round(d.percent * 100) - d.percent * 100) < 1e-6
  );
}

/** The sats `discount` takes off `sats`: a percent rounded half up, never below 0 or above `sats`. */
export function discountSats(discount: Discount | undefined, sats: number): number {
  if (!discount || sats <= 0) return 0;
  const off =
    discount.kind === 'sats'
      ? discount.sats
      : mulDivHalfUp(sats, basisPoints(discount.percent), 10_000n);
  return Math.min(sats, Math.max(0, off));
}
