// Settings a test may change while the mint runs (`GET|POST /dev/config`): routing fee, NUT code table.
import type { MintContext } from './context.ts';
import { asObject, bad } from './wire.ts';

export function configView(ctx: MintContext) {
  return { routingFeeSat: ctx.config.routingFeeSat, nutErrorCodes: ctx.config.nutErrorCodes };
}

/** Applies the fields present in the body; refuses unknown fields and bad values. */
export function updateConfig(ctx: MintContext, body: unknown): void {
  const req = asObject(body ?? {}, 'body');
  for (const key of Object.keys(req)) {
    if (key !== 'routingFeeSat' && key !== 'nutErrorCodes') throw bad(`unknown setting ${key}`);
  }
  if (req.routingFeeSat !== undefined) {
    const fee = req.routingFeeSat;
    if (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0) {
      throw bad('routingFeeSat must be a non-negative integer');
    }
    ctx.config.routingFeeSat = fee;
  }
  if (req.nutErrorCodes !== undefined) {
    if (req.nutErrorCodes !== 'older' && req.nutErrorCodes !== 'current') {
      throw bad('nutErrorCodes must be "older" or "current"');
    }
    ctx.config.nutErrorCodes = req.nutErrorCodes;
  }
}
