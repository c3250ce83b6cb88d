// Quote views (the JSON wallets receive) and the expiry rule shared by mint and melt quotes.
import type { MeltQuoteRecord, MintQuoteRecord } from './types.ts';

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function isExpired(quote: { expiry: number }): boolean {
  return quote.expiry <= nowSeconds();
}

export function newQuoteId(): string {
  return crypto.randomUUID();
}

export function mintQuoteView(q: MintQuoteRecord) {
  return {
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    unit: q.unit,
    state: q.state,
    expiry: q.expiry,
    ...(q.pubkey ? { pubkey: q.pubkey } : {}),
  };
}

export function meltQuoteView(q: MeltQuoteRecord) {
  return {
    quote: q.quote,
    request: q.request,
    amount: q.amount,
    fee_reserve: q.fee_reserve,
    unit: q.unit,
    state: q.state,
    expiry: q.expiry,
    payment_preimage: q.payment_preimage,
    ...(q.change ? { change: q.change } : {}),
  };
}

/** The dev view (`GET /dev/melt/{quote}`): the wallet's view plus what the payment cost. */
export function meltRecordView(q: MeltQuoteRecord) {
  return {
    ...meltQuoteView(q),
    fee_paid: q.fee_paid ?? null,
    internal: q.internal ?? null,
  };
}
