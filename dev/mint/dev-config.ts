// Settings a test may change while the mint runs (`GET|POST /dev/config`): routing fee and the like.
import type { MintContext } from './context.ts';
import { asObject, bad } from './wire.ts';

export function configView(ctx: MintContext) {
  return { routingFeeSat: ctx.config.routingFeeSat };
}

/** Applies the fields present in the body; refuses unknown fields and bad values. */
export function updateConfig(ctx: MintContext, body: unknown): void {
  const req = asObject(body ?? {}, 'body');
  for (const key of Object.keys(req)) {
    if (key !== 'routingFeeSat') throw bad(`unknown setting ${key}`);
  }
  if (req.routingFeeSat !== undefined) {
    const fee = req.routingFeeSat;
    if (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0) {
      throw bad('routingFeeSat must be a non-negative integer');
    }
    ctx.config.routingFeeSat = fee;
  }
}
