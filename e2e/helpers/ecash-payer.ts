// E2E helper: a customer's wallet outside the app paying a NUT-18 request it read off the screen;
// the wallet itself is dev/ecash-payer.ts, shared with dev/pay-request.ts.
import type { P2PKOptions, Proof } from '@cashu/cashu-ts';
import { mintProofs, payloadWrap, publishOn, type ReadRequest } from '../../dev/ecash-payer';

export { readRequest, type ReadRequest } from '../../dev/ecash-payer';

/**
 * Mints `amount` sats at `mintUrl` for the customer: quote, paid through the dev hook, minted;
 * locked as `lock` says (a request's `lock`), else plain.
 */
export function customerProofs(
  mintUrl: string,
  amount: number,
  pay: (quoteId: string) => Promise<void>,
  lock?: P2PKOptions,
): Promise<Proof[]> {
  return mintProofs(mintUrl, amount, pay, undefined, lock);
}

/** Sends the payload (any fields given override the request's) on the request's relays. */
export async function sendPayload(
  request: ReadRequest,
  payload: { id?: string; mint?: string; unit?: string; proofs: unknown },
): Promise<void> {
  await publishOn(request.relays, payloadWrap(request, payload));
}
