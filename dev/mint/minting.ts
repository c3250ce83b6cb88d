// NUT-04 (+ NUT-20): mint quotes, simulated payment of their invoices, and minting against them.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { bytesToHex, encodeInvoice, randomPreimage } from './bolt11.ts';
import type { MintContext } from './context.ts';
import { ErrorCode, MintError } from './errors.ts';
import { isExpired, mintQuoteView, newQuoteId, nowSeconds } from './quotes.ts';
import { checkOutputs, signChecked } from './signing.ts';
import type { BlindedMessageWire, MintQuoteRecord } from './types.ts';
import { checkSameUnit, isUnit, satsForCents } from './units.ts';
import type { Unit } from './units.ts';
import { asAmount, asHex, asObject, asString, bad, parseOutputs, sum } from './wire.ts';

/** The NUT-04/05 limits, in the quote's unit (sat, or cents of a fiat unit). */
export function checkAmountLimits(ctx: MintContext, amount: number, unit: Unit = 'sat'): void {
  if (amount < ctx.config.minAmount || amount > ctx.config.maxAmount) {
    throw new MintError(
      ErrorCode.amountOutsideLimit,
      `amount must be between ${ctx.config.minAmount} and ${ctx.config.maxAmount} ${unit}`,
    );
  }
}

export function checkUnit(unit: unknown): Unit {
  const u = unit === undefined ? 'sat' : unit;
  if (!isUnit(u))
    throw new MintError(ErrorCode.unitUnsupported, `unit ${String(u)} is not supported`);
  return u;
}

/** What the invoice of a quote for `amount` of `unit` asks: sats as they are, cents at the feed's price. */
async function invoiceSats(ctx: MintContext, amount: number, unit: Unit): Promise<number> {
  if (unit === 'sat') return amount;
  return satsForCents(amount, await ctx.prices(unit));
}

export async function createMintQuote(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  let pubkey: string | undefined;
  if (req.pubkey !== undefined && req.pubkey !== null) {
    pubkey = typeof req.pubkey === 'string' ? req.pubkey.toLowerCase() : '';
    try {
      secp256k1.Point.fromHex(pubkey);
      if (pubkey.length !== 66) throw new Error('not compressed');
    } catch {
      throw new MintError(ErrorCode.pubkeyInvalid, 'pubkey must be a compressed secp256k1 key');
    }
  }
  const amount = asAmount(req.amount, 'amount');
  const unit = checkUnit(req.unit);
  checkAmountLimits(ctx, amount, unit);
  const sats = await invoiceSats(ctx, amount, unit);
  return mintQuoteView(
    newMintQuote(ctx, {
      amount,
      unit,
      sats,
      ...(typeof req.description === 'string' ? { description: req.description } : {}),
      ...(pubkey ? { pubkey } : {}),
    }),
  );
}

/**
 * `POST /dev/invoice` (the dev LNURL server's way in): a mint quote whose invoice commits to a
 * description hash (LUD-06), made outside the `/v1` fault switches.
 */
export function createInvoiceQuote(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const hash =
    req.descriptionHash === undefined ? undefined : asHex(req.descriptionHash, 'descriptionHash');
  if (hash !== undefined && hash.length !== 64)
    throw bad('descriptionHash must be 32 bytes of hex');
  const amount = asAmount(req.amount, 'amount');
  return mintQuoteView(
    newMintQuote(ctx, {
      amount,
      unit: 'sat',
      sats: amount,
      ...(typeof req.description === 'string' ? { description: req.description } : {}),
      ...(hash ? { descriptionHash: hexToBytes(hash) } : {}),
    }),
  );
}

type NewMintQuote = {
  /** In the unit: sat, or cents. */
  amount: number;
  unit: Unit;
  /** What the invoice asks for. */
  sats: number;
  description?: string;
  descriptionHash?: Uint8Array;
  pubkey?: string;
};

function newMintQuote(ctx: MintContext, input: NewMintQuote): MintQuoteRecord {
  checkAmountLimits(ctx, input.amount, input.unit);
  const { description, pubkey } = input;
  const { paymentHash } = randomPreimage();
  const expiry = nowSeconds() + ctx.config.quoteExpirySeconds;
  const record: MintQuoteRecord = {
    quote: newQuoteId(),
    request: encodeInvoice({
      sats: input.sats,
      paymentHash,
      description: description ?? 'Cashew dev mint',
      ...(input.descriptionHash ? { descriptionHash: input.descriptionHash } : {}),
      expirySeconds: ctx.config.quoteExpirySeconds,
      nodeKey: hexToBytes(ctx.state.identity.nodeKey),
    }),
    amount: input.amount,
    unit: input.unit,
    ...(input.unit === 'sat' ? {} : { sats: input.sats }),
    state: 'UNPAID',
    expiry,
    ...(pubkey ? { pubkey } : {}),
    ...(description ? { description } : {}),
    paymentHash: bytesToHex(paymentHash),
    createdAt: Date.now(),
  };
  ctx.state.mintQuotes[record.quote] = record;
  ctx.persist(['quotes']);
  ctx.onMintQuoteCreated(record.quote);
  return record;
}

export function getMintQuote(ctx: MintContext, id: string): MintQuoteRecord {
  const quote = ctx.state.mintQuotes[id];
  if (!quote) throw new MintError(ErrorCode.quoteNotFound, 'quote not found');
  return quote;
}

/** The simulated Lightning payment arriving. Paying twice is harmless. */
export function payMintQuote(ctx: MintContext, id: string) {
  const quote = getMintQuote(ctx, id);
  if (quote.state === 'UNPAID') {
    if (isExpired(quote)) throw new MintError(ErrorCode.quoteExpired, 'quote expired');
    quote.state = 'PAID';
    ctx.persist(['quotes']);
    ctx.notify('bolt11_mint_quote', quote.quote, mintQuoteView(quote));
  }
  return mintQuoteView(quote);
}

/**
 * `POST /dev/pay-invoice` `{request}`: another dev mint's melt paid this invoice (the simulated
 * Lightning network between peer mints, `lightningPeers`): the quote with that invoice is paid.
 */
export function payInvoice(ctx: MintContext, body: unknown) {
  const request = asString(asObject(body, 'body').request, 'request');
  const quote = Object.values(ctx.state.mintQuotes).find((q) => q.request === request);
  if (!quote) throw new MintError(ErrorCode.quoteNotFound, 'no quote has this invoice');
  return payMintQuote(ctx, quote.quote);
}

/** NUT-20 message: the current length-prefixed form, as cashu-ts 4.x signs it first. */
function amendedDigest(quote: string, outputs: BlindedMessageWire[]): Uint8Array {
  const parts: number[] = [...new TextEncoder().encode('Cashu_MintQuoteSig_v1')];
  const push = (bytes: Uint8Array) => {
    parts.push(
      (bytes.length >>> 24) & 255,
      (bytes.length >>> 16) & 255,
      (bytes.length >>> 8) & 255,
      bytes.length & 255,
      ...bytes,
    );
  };
  push(new TextEncoder().encode(quote));
  for (const output of outputs) {
    const hex = output.amount === 0 ? '' : output.amount.toString(16);
    push(hexToBytes(hex.length % 2 ? `0${hex}` : hex));
    push(hexToBytes(output.B_));
  }
  return sha256(Uint8Array.from(parts));
}

/** The original NUT-20 message: the quote id followed by every output's B_ in hex. */
function legacyDigest(quote: string, outputs: BlindedMessageWire[]): Uint8Array {
  return sha256(new TextEncoder().encode(quote + outputs.map((o) => o.B_).join('')));
}

/** Accepts either message form, as mints did while wallets moved to the amended one. */
export function verifyQuoteSignature(
  pubkey: string,
  quote: string,
  outputs: BlindedMessageWire[],
  signature: string,
): boolean {
  const xOnly = hexToBytes(pubkey.slice(2));
  const sig = hexToBytes(signature);
  return [amendedDigest(quote, outputs), legacyDigest(quote, outputs)].some((digest) => {
    try {
      return schnorr.verify(sig, digest, xOnly);
    } catch {
      return false;
    }
  });
}

export function mintTokens(ctx: MintContext, body: unknown) {
  const req = asObject(body, 'body');
  const quote = getMintQuote(ctx, asString(req.quote, 'quote'));
  const outputs = parseOutputs(req.outputs);
  if (quote.state === 'ISSUED') {
    throw new MintError(ErrorCode.quoteAlreadyIssued, 'tokens have already been issued for quote');
  }
  if (quote.state === 'UNPAID') {
    if (isExpired(quote)) throw new MintError(ErrorCode.quoteExpired, 'quote expired');
    throw new MintError(ErrorCode.quoteNotPaid, 'quote not paid');
  }
  if (quote.pubkey) {
    const signature = req.signature;
    if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature)) {
      throw new MintError(ErrorCode.mintSignatureInvalid, 'no valid signature for a locked quote');
    }
    if (!verifyQuoteSignature(quote.pubkey, quote.quote, outputs, signature)) {
      throw new MintError(ErrorCode.mintSignatureInvalid, 'signature for mint request invalid');
    }
  }
  const checked = checkOutputs(ctx.keyring, outputs, ctx.state.signatures);
  checkSameUnit(quote.unit, checked[0]?.keyset.unit, 'outputs');
  if (sum(outputs) !== quote.amount) {
    throw new MintError(
      ErrorCode.notBalanced,
      `outputs (${sum(outputs)}) do not match the quote amount (${quote.amount})`,
    );
  }
  const signatures = signChecked(checked);
  for (const [i, sig] of signatures.entries()) {
    const B_ = outputs[i]?.B_;
    if (B_) ctx.state.signatures[B_] = sig;
  }
  quote.state = 'ISSUED';
  ctx.persist(['ledger', 'quotes']);
  ctx.notify('bolt11_mint_quote', quote.quote, mintQuoteView(quote));
  return { signatures };
}
