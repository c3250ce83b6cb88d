// NUT-05 melt quotes and melts with NUT-08 change; Lightning payment is simulated and always succeeds.
import { decodeInvoice, randomPreimage } from './bolt11.ts';
import type { MintContext } from './context.ts';
import { ErrorCode, MintError } from './errors.ts';
import { announceSpent, recordSignatures, spendInputs } from './ledger.ts';
import { checkAmountLimits, checkUnit, payMintQuote } from './minting.ts';
import { isExpired, meltQuoteView, newQuoteId, nowSeconds } from './quotes.ts';
import { checkInputs, checkOutputs, inputFee, signBlinded } from './signing.ts';
import type { BlindedMessageWire, MeltQuoteRecord, SignatureRecord } from './types.ts';
import { asObject, asString, bad, parseOutputs, parseProofs, sum } from './wire.ts';

/** 1% routing reserve, at least 1 sat: the simulated route costs nothing, so it all comes back. */
export function feeReserveFor(amount: number): number {
  return Math.max(1, Math.ceil(amount / 100));
}

export function createMeltQuote(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const unit = checkUnit(req.unit);
  const request = asString(req.request, 'request').trim();
  const options = req.options;
  if (options && typeof options === 'object' && Object.keys(options).length > 0) {
    throw new MintError(ErrorCode.transaction, 'melt options (mpp, amountless) are not supported');
  }
  const decoded = decodeInvoice(request);
  if (!decoded) throw bad('request is not a BOLT11 invoice');
  if (decoded.amountSat === null) {
    throw new MintError(ErrorCode.amountlessInvoice, 'amountless invoices are not supported');
  }
  checkAmountLimits(ctx, decoded.amountSat);
  const record: MeltQuoteRecord = {
    quote: newQuoteId(),
    request,
    amount: decoded.amountSat,
    fee_reserve: feeReserveFor(decoded.amountSat),
    unit,
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

/** Splits an amount into powers of two, largest first (NUT-08 change). */
function splitPowersOfTwo(amount: number): number[] {
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

function invoiceAlreadyPaid(ctx: MintContext, request: string): boolean {
  return Object.values(ctx.state.meltQuotes).some(
    (q) => q.request === request && q.state === 'PAID',
  );
}

export function melt(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const quote = getMeltQuote(ctx, asString(req.quote, 'quote'));
  if (quote.state === 'PAID')
    throw new MintError(ErrorCode.invoiceAlreadyPaid, 'invoice already paid');
  if (quote.state === 'PENDING') throw new MintError(ErrorCode.quotePending, 'quote is pending');
  if (isExpired(quote)) throw new MintError(ErrorCode.quoteExpired, 'quote expired');
  if (invoiceAlreadyPaid(ctx, quote.request)) {
    throw new MintError(ErrorCode.invoiceAlreadyPaid, 'invoice already paid');
  }
  const inputs = checkInputs(ctx.keyring, parseProofs(req.inputs), ctx.state.spent);
  const blanks = parseOutputs(req.outputs, true);
  const checkedBlanks = checkOutputs(ctx.keyring, blanks, ctx.state.signatures, true);
  const fee = inputFee(inputs);
  const available = sum(inputs.map((i) => i.proof)) - fee;
  if (available < quote.amount + quote.fee_reserve) {
    throw new MintError(
      ErrorCode.notBalanced,
      `inputs minus fees (${available}) are less than amount + fee reserve (${quote.amount + quote.fee_reserve})`,
    );
  }

  // Pay: an invoice of one of our own mint quotes settles internally, like real mints do.
  const internal = Object.values(ctx.state.mintQuotes).find((q) => q.request === quote.request);
  if (internal && internal.state !== 'UNPAID') {
    throw new MintError(ErrorCode.invoiceAlreadyPaid, 'invoice already paid');
  }
  if (internal) payMintQuote(ctx, internal.quote);

  const changeAmounts = splitPowersOfTwo(available - quote.amount);
  const changeOutputs: BlindedMessageWire[] = [];
  const change: SignatureRecord[] = [];
  for (const [i, amount] of changeAmounts.entries()) {
    const blank = checkedBlanks[i];
    if (!blank) break; // not enough blank outputs: the rest of the change is kept, as NUT-08 says
    const key = ctx.keyring.privateKey(blank.keyset, amount);
    if (!key) break;
    changeOutputs.push({ ...blank.output, amount });
    change.push(signBlinded(blank.keyset, key, amount, blank.output.B_));
  }

  quote.state = 'PENDING';
  ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
  spendInputs(ctx, inputs);
  recordSignatures(ctx, changeOutputs, change);
  quote.state = 'PAID';
  quote.payment_preimage = randomPreimage().preimage;
  if (change.length > 0) quote.change = change;
  ctx.persist(['ledger', 'quotes']);
  announceSpent(ctx, inputs);
  ctx.notify('bolt11_melt_quote', quote.quote, meltQuoteView(quote));
  return meltQuoteView(quote);
}
