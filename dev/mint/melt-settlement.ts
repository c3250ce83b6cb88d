// The simulated Lightning payment of a melt: routing fee, internal settlement, NUT-08 change, PENDING.
import { decodeInvoice, randomPreimage } from './bolt11.ts';
import type { MintContext } from './context.ts';
import { ErrorCode, MintError } from './errors.ts';
import { announceSpent, recordSignatures, spendInputs } from './ledger.ts';
import { payMintQuote } from './minting.ts';
import { meltQuoteView } from './quotes.ts';
import { signBlinded } from './signing.ts';
import { centsForSats } from './units.ts';
import type {
  BlindedMessageWire,
  MeltInFlight,
  MeltQuoteRecord,
  SignatureRecord,
} from './types.ts';

/** The mint quote whose invoice this melt pays, when the mint issued it itself. */
export function internalMintQuote(ctx: MintContext, request: string, paymentHash: string | null) {
  return Object.values(ctx.state.mintQuotes).find(
    (q) => q.request === request || (paymentHash !== null && q.paymentHash === paymentHash),
  );
}

/**
 * What the route costs, in the quote's unit: nothing inside the mint, else the configured fee (a
 * fiat quote's in cents at its price, rounded up), capped by the reserve.
 */
export function routingFee(ctx: MintContext, quote: MeltQuoteRecord, internal: boolean): number {
  if (internal) return 0;
  const fee =
    quote.btcPrice === undefined
      ? ctx.config.routingFeeSat
      : centsForSats(ctx.config.routingFeeSat, quote.btcPrice);
  return Math.min(fee, quote.fee_reserve);
}

/** Splits an amount into powers of two, largest first (NUT-08 change). */
export function splitPowersOfTwo(amount: number): number[] {
  const parts: number[] = [];
  let rest = amount;
  for (let bit = 2 ** 20; bit >= 1; bit /= 2) {
    while (rest >= bit) {
      parts.push(bit);
      rest -= bit;
    }
  }
  return parts;
}

/** Signs the change onto the blank outputs; outputs beyond what is needed stay unsigned. */
function signChange(
  ctx: MintContext,
  blanks: BlindedMessageWire[],
  amount: number,
): { outputs: BlindedMessageWire[]; change: SignatureRecord[] } {
  const outputs: BlindedMessageWire[] = [];
  const change: SignatureRecord[] = [];
  for (const [i, value] of splitPowersOfTwo(amount).entries()) {
    const blank = blanks[i];
    if (!blank || ctx.state.signatures[blank.B_]) break; // NUT-08: the rest of the change is kept
    const keyset = ctx.keyring.get(blank.id);
    const key = ctx.keyring.privateKey(keyset, value);
    if (!key) break;
    outputs.push({ ...blank, amount: value });
    change.push(signBlinded(keyset, key, value, blank.B_));
  }
  return { outputs, change };
}

/** Holds the inputs (NUT-07 PENDING) while the payment is in flight; settled by `settleMelt`. */
export function holdMelt(ctx: MintContext, quote: MeltQuoteRecord, inflight: MeltInFlight): void {
  for (const Y of inflight.inputs) ctx.state.pending[Y] = quote.quote;
  quote.state = 'PENDING';
  quote.inflight = inflight;
  ctx.persist(['ledger', 'quotes']);
  announceSpent(
    ctx,
    inflight.inputs.map((Y) => ({ Y })),
  );
  ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
}

/** The payment succeeded: inputs spent, own invoice marked paid, fee taken, change signed. */
export function completeMelt(ctx: MintContext, quote: MeltQuoteRecord, inflight: MeltInFlight) {
  const paymentHash = decodeInvoice(quote.request)?.paymentHash ?? null;
  const internal = internalMintQuote(ctx, quote.request, paymentHash);
  if (internal) payMintQuote(ctx, internal.quote);
  else ctx.onOutsidePayment?.(quote.request);
  const fee = routingFee(ctx, quote, internal !== undefined);
  const { outputs, change } = signChange(
    ctx,
    inflight.outputs,
    inflight.available - quote.amount - fee,
  );
  const inputs = inflight.inputs.map((Y) => ({ Y }));
  spendInputs(ctx, inputs);
  recordSignatures(ctx, outputs, change);
  quote.state = 'PAID';
  quote.payment_preimage = randomPreimage().preimage;
  quote.fee_paid = fee;
  quote.internal = internal !== undefined;
  delete quote.inflight;
  if (change.length > 0) quote.change = change;
  ctx.persist(['ledger', 'quotes']);
  announceSpent(ctx, inputs);
  ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
}

/** The payment failed: the inputs are released and the quote can be paid again. */
function failMelt(ctx: MintContext, quote: MeltQuoteRecord, inflight: MeltInFlight): void {
  for (const Y of inflight.inputs) delete ctx.state.pending[Y];
  quote.state = 'UNPAID';
  delete quote.inflight;
  ctx.persist(['ledger', 'quotes']);
  announceSpent(
    ctx,
    inflight.inputs.map((Y) => ({ Y })),
  );
  ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
}

/** `POST /dev/melt/{quote}/settle`: ends a PENDING melt as PAID or UNPAID. */
export function settleMelt(ctx: MintContext, id: string, state: unknown) {
  const quote = ctx.state.meltQuotes[id];
  if (!quote) throw new MintError(ErrorCode.quoteNotFound, 'quote not found');
  if (state !== 'PAID' && state !== 'UNPAID') {
    throw new MintError(ErrorCode.badRequest, 'state must be "PAID" or "UNPAID"');
  }
  if (quote.state !== 'PENDING' || !quote.inflight) {
    throw new MintError(ErrorCode.badRequest, `quote is ${quote.state}, not PENDING`);
  }
  if (state === 'PAID') completeMelt(ctx, quote, quote.inflight);
  else failMelt(ctx, quote, quote.inflight);
  return meltQuoteView(quote);
}
