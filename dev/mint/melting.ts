// NUT-05 melt quotes and melts: the invoice and balance checks; paying is melt-settlement.ts.
import { decodeInvoice } from './bolt11.ts';
import type { DecodedInvoice } from './bolt11.ts';
import type { MintContext } from './context.ts';
import { ErrorCode, MintError } from './errors.ts';
import { completeMelt, holdMelt, internalMintQuote } from './melt-settlement.ts';
import { checkAmountLimits, checkUnit } from './minting.ts';
import { checkSpendingConditions } from './p2pk.ts';
import { isExpired, meltQuoteView, newQuoteId, nowSeconds } from './quotes.ts';
import { checkInputs, checkOutputs, inputFee } from './signing.ts';
import type { MeltQuoteRecord } from './types.ts';
import { centsForSats, checkSameUnit } from './units.ts';
import { asObject, asString, bad, parseOutputs, parseProofs, sum } from './wire.ts';

/**
 * Routing reserve: `percent` (default 1) of the amount, at least 1 sat. What the route does not
 * cost comes back.
 */
export function feeReserveFor(amount: number, percent = 1): number {
  return Math.max(1, Math.ceil((amount * percent) / 100));
}

const NETWORK_NAMES: Record<string, string> = {
  tb: 'testnet',
  tbs: 'signet',
  bcrt: 'regtest',
  sb: 'simnet',
};

/**
 * Refuses what no Lightning node would pay: another network, an expired invoice (unless the mint
 * plays a fake backend, `acceptExpiredInvoices`), no amount.
 */
function checkPayable(invoice: DecodedInvoice, acceptExpired: boolean): number {
  if (invoice.network !== 'bc') {
    const name = NETWORK_NAMES[invoice.network] ?? invoice.network;
    throw new MintError(
      ErrorCode.badRequest,
      `invoice is for ${name} (ln${invoice.network}…); this mint pays only mainnet (lnbc…) invoices`,
    );
  }
  if (invoice.timestamp !== null && !acceptExpired) {
    const expiresAt = invoice.timestamp + invoice.expirySeconds;
    if (expiresAt <= nowSeconds()) {
      throw new MintError(
        ErrorCode.badRequest,
        `invoice expired at ${new Date(expiresAt * 1000).toISOString()}`,
      );
    }
  }
  if (invoice.amountSat === null) {
    throw new MintError(ErrorCode.amountlessInvoice, 'amountless invoices are not supported');
  }
  return invoice.amountSat;
}

/** An invoice paid before (by a melt here, or one of ours already paid) is refused up front. */
function checkNotPaid(ctx: MintContext, request: string, paymentHash: string | null): void {
  const internal = internalMintQuote(ctx, request, paymentHash);
  const melts = Object.values(ctx.state.meltQuotes).filter((q) => q.request === request);
  if ((internal && internal.state !== 'UNPAID') || melts.some((q) => q.state === 'PAID')) {
    throw new MintError(ErrorCode.invoiceAlreadyPaid, 'invoice already paid');
  }
  if (melts.some((q) => q.state === 'PENDING')) {
    throw new MintError(ErrorCode.quotePending, 'a payment of this invoice is pending');
  }
}

export async function createMeltQuote(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const unit = checkUnit(req.unit);
  const request = asString(req.request, 'request').trim();
  const options = req.options;
  if (options && typeof options === 'object' && Object.keys(options).length > 0) {
    throw new MintError(ErrorCode.transaction, 'melt options (mpp, amountless) are not supported');
  }
  const decoded = decodeInvoice(request);
  if (!decoded) throw bad('request is not a BOLT11 invoice');
  const sats = checkPayable(decoded, ctx.config.acceptExpiredInvoices);
  checkNotPaid(ctx, request, decoded.paymentHash);
  // A fiat melt costs the invoice's sats in cents at the feed's price now (docs: dev/mint/README.md).
  const btcPrice = unit === 'sat' ? undefined : await ctx.prices(unit);
  const amount = btcPrice === undefined ? sats : centsForSats(sats, btcPrice);
  checkAmountLimits(ctx, amount, unit);
  const record: MeltQuoteRecord = {
    quote: newQuoteId(),
    request,
    amount,
    fee_reserve: feeReserveFor(amount, ctx.config.feeReservePercent),
    unit,
    ...(btcPrice === undefined ? {} : { btcPrice }),
    state: 'UNPAID',
    expiry: nowSeconds() + ctx.config.quoteExpirySeconds,
    payment_preimage: null,
    createdAt: Date.now(),
  };
  ctx.state.meltQuotes[record.quote] = record;
  ctx.persist(['quotes']);
  return meltQuoteView(record);
}

export function getMeltQuote(ctx: MintContext, id: string): MeltQuoteRecord {
  const quote = ctx.state.meltQuotes[id];
  if (!quote) throw new MintError(ErrorCode.quoteNotFound, 'quote not found');
  return quote;
}

export type MeltOptions = {
  /** The `pending` fault: hold the inputs and answer PENDING; `/dev/melt/{quote}/settle` ends it. */
  pending?: boolean;
};

export function melt(ctx: MintContext, body: unknown, options: MeltOptions = {}) {
  const req = asObject(body, 'body');
  const quote = getMeltQuote(ctx, asString(req.quote, 'quote'));
  if (quote.state === 'PAID')
    throw new MintError(ErrorCode.invoiceAlreadyPaid, 'invoice already paid');
  if (quote.state === 'PENDING') throw new MintError(ErrorCode.quotePending, 'quote is pending');
  if (isExpired(quote)) throw new MintError(ErrorCode.quoteExpired, 'quote expired');
  const decoded = decodeInvoice(quote.request);
  // The invoice may have expired since the quote (an own invoice would then fail to settle).
  if (decoded) checkPayable(decoded, ctx.config.acceptExpiredInvoices);
  checkNotPaid(ctx, quote.request, decoded?.paymentHash ?? null);
  const proofs = parseProofs(req.inputs);
  const inputs = checkInputs(ctx.keyring, proofs, ctx.state.spent, ctx.state.pending);
  const blanks = parseOutputs(req.outputs, true);
  const checkedBlanks = checkOutputs(ctx.keyring, blanks, ctx.state.signatures, true);
  checkSameUnit(quote.unit, inputs[0]?.keyset.unit, 'inputs');
  checkSameUnit(quote.unit, checkedBlanks[0]?.keyset.unit, 'change outputs');
  checkSpendingConditions(proofs, blanks, quote.quote);
  const available = sum(inputs.map((i) => i.proof)) - inputFee(inputs);
  if (available < quote.amount + quote.fee_reserve) {
    throw new MintError(
      ErrorCode.notBalanced,
      `inputs minus fees (${available}) are less than amount + fee reserve (${quote.amount + quote.fee_reserve})`,
    );
  }
  const inflight = { inputs: inputs.map((i) => i.Y), outputs: blanks, available };
  if (options.pending) {
    holdMelt(ctx, quote, inflight);
  } else {
    // The simulated payment succeeds at once; subscribers still see it pass through PENDING.
    quote.state = 'PENDING';
    ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
    try {
      completeMelt(ctx, quote, inflight);
    } catch (error) {
      // Nothing was spent or signed (completeMelt pays the own invoice first): back to UNPAID.
      quote.state = 'UNPAID';
      ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
      throw error;
    }
  }
  return meltQuoteView(quote);
}
