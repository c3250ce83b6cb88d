// Settings a test may change while the mint runs (`GET|POST /dev/config`): routing fee, fee
// reserve, NUT code table, the NUT-04/05 amount limits its info announces and its quotes enforce,
// whether its info lists NUT-20, and whether melt quotes accept expired outside invoices.
import type { MintContext } from './context.ts';
import { asObject, bad } from './wire.ts';

export function configView(ctx: MintContext) {
  return {
    routingFeeSat: ctx.config.routingFeeSat,
    nutErrorCodes: ctx.config.nutErrorCodes,
    minAmount: ctx.config.minAmount,
    maxAmount: ctx.config.maxAmount,
    feeReservePercent: ctx.config.feeReservePercent,
    nut20: ctx.config.nut20,
    acceptExpiredInvoices: ctx.config.acceptExpiredInvoices,
  };
}

/** Applies the fields present in the body; refuses unknown fields and bad values. */
export function updateConfig(ctx: MintContext, body: unknown): void {
  const req = asObject(body ?? {}, 'body');
  const known = [
    'routingFeeSat',
    'nutErrorCodes',
    'minAmount',
    'maxAmount',
    'feeReservePercent',
    'nut20',
    'acceptExpiredInvoices',
  ];
  for (const key of Object.keys(req)) {
    if (!known.includes(key)) throw bad(`unknown setting ${key}`);
  }
  const positive = (key: 'minAmount' | 'maxAmount'): number | undefined => {
    const value = req[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw bad(`${key} must be a positive integer`);
    }
    return value;
  };
  const minAmount = positive('minAmount') ?? ctx.config.minAmount;
  const maxAmount = positive('maxAmount') ?? ctx.config.maxAmount;
  if (minAmount > maxAmount) throw bad('minAmount must not exceed maxAmount');
  if (req.routingFeeSat !== undefined) {
    const fee = req.routingFeeSat;
    if (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0) {
      throw bad('routingFeeSat must be a non-negative integer');
    }
    ctx.config.routingFeeSat = fee;
  }
  if (req.feeReservePercent !== undefined) {
    const percent = req.feeReservePercent;
    if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw bad('feeReservePercent must be an integer from 0 to 100');
    }
    ctx.config.feeReservePercent = percent;
  }
  if (req.nutErrorCodes !== undefined) {
    if (req.nutErrorCodes !== 'older' && req.nutErrorCodes !== 'current') {
      throw bad('nutErrorCodes must be "older" or "current"');
    }
    ctx.config.nutErrorCodes = req.nutErrorCodes;
  }
  if (req.nut20 !== undefined) {
    if (typeof req.nut20 !== 'boolean') throw bad('nut20 must be true or false');
    ctx.config.nut20 = req.nut20;
  }
  if (req.acceptExpiredInvoices !== undefined) {
    if (typeof req.acceptExpiredInvoices !== 'boolean') {
      throw bad('acceptExpiredInvoices must be true or false');
    }
    ctx.config.acceptExpiredInvoices = req.acceptExpiredInvoices;
  }
  ctx.config.minAmount = minAmount;
  ctx.config.maxAmount = maxAmount;
}
