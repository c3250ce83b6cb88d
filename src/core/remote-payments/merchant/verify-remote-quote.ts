// The merchant asks the mint about a remote quote before storing it: the mint's reply, not the
// message, decides amount, unit, expiry, request and lock (docs/protocol.md "Receiving").
import type { PendingMintQuote } from '../../wallet/mint/ports';
import { isDefiniteRefusal } from '../../wallet/mint-errors';
import { isExpiredUnpaid, type MintQuoteSnapshot } from '../../wallet/mint/mint-quote-snapshot';
import { maxRemoteAmount, type PaymentMessage } from '../payment-message';
import { judgeQuoteLock } from '../sale-judgement';
import { remoteSaleFor } from '../remote-sale';

/** What the merchant needs from the quote's mint. */
export interface RemoteQuoteMint {
  /** GET /v1/mint/quote/bolt11/{quote} */
  check(quote: string): Promise<MintQuoteSnapshot>;
  /** Whether the mint's info lists NUT-20 (locked mint quotes) as supported. */
  supportsLockedQuotes(): Promise<boolean>;
  /** Whether the merchant saw this mint list NUT-20 before (sale-judgement.ts). */
  lockedBefore(): Promise<boolean>;
}

export type RemoteQuoteVerdict =
  | { kind: 'take'; quote: PendingMintQuote }
  /**
   * the mint does not back the message: nothing is stored, the sender is not told; `refused`
   * says it was a quote that should have been locked (counted in Settings)
   */
  | { kind: 'drop'; reason: string; refused?: 'unlocked' }
  /** the mint did not answer: nothing is stored, ask again later */
  | { kind: 'retry'; error: unknown };

/**
 * Looks the quote up at `mintUrl` and builds the pending quote from the mint's reply. Dropped:
 * a quote the mint refuses to show (unknown), issued or expired, in another unit than the
 * message's (a mint that names none is taken for sats, as before units), without a
 * usable amount, locked to another key, or unlocked where judgeQuoteLock (sale-judgement.ts)
 * wants a lock. An unclear failure (network, 5xx) is 'retry'.
 */
export async function verifyRemoteQuote(args: {
  message: PaymentMessage;
  mintUrl: string;
  lockPubkey: string;
  mint: RemoteQuoteMint;
  /** the setting "Accept sales on mints that cannot lock quotes" */
  acceptUnlocked: boolean;
  /** milliseconds since the epoch */
  now: number;
}): Promise<RemoteQuoteVerdict> {
  const { message, mintUrl, lockPubkey, mint, now } = args;
  let snapshot: MintQuoteSnapshot;
  let locking: boolean;
  let lockedBefore: boolean;
  try {
    snapshot = await mint.check(message.quote);
  } catch (error) {
    if (isDefiniteRefusal(error)) return { kind: 'drop', reason: 'unknown at the mint' };
    return { kind: 'retry', error };
  }
  try {
    [locking, lockedBefore] = await Promise.all([mint.supportsLockedQuotes(), mint.lockedBefore()]);
  } catch (error) {
    return { kind: 'retry', error };
  }
  // The message's unit is the one the till judged (message-judgement.ts); the mint must agree,
  // or cents would be minted as a sat sale's or sats as cents.
  const unit = message.unit;
  if ((snapshot.unit ?? 'sat') !== unit) {
    return { kind: 'drop', reason: `unit ${snapshot.unit ?? 'none'} at the mint, not ${unit}` };
  }
  const amount = snapshot.amount;
  const max = maxRemoteAmount(unit);
  if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0 || amount > max) {
    return { kind: 'drop', reason: 'the mint gives no usable amount' };
  }
  if (snapshot.state === 'ISSUED') return { kind: 'drop', reason: 'already issued' };
  if (isExpiredUnpaid(snapshot, now)) return { kind: 'drop', reason: 'expired unpaid' };
  const lock = snapshot.pubkey;
  const judged = judgeQuoteLock({
    lock,
    lockPubkey,
    locksNow: locking,
    lockedBefore,
    acceptUnlocked: args.acceptUnlocked,
  });
  if (!judged.ok) {
    return judged.kind === 'unlocked'
      ? { kind: 'drop', reason: judged.reason, refused: 'unlocked' }
      : { kind: 'drop', reason: judged.reason };
  }
  const quote: PendingMintQuote = {
    quote: message.quote,
    mintUrl,
    amount,
    request: snapshot.request ?? message.request,
    kind: 'remote',
    state: snapshot.state,
    createdAt: now,
    expiry: snapshot.expiry,
    // Minted on this unit's keyset and recorded in it (docs/protocol.md "Units").
    ...(unit === 'sat' ? {} : { unit }),
    ...(lock ? { pubkey: lock } : {}),
    ...(message.receipt ? { receipt: message.receipt } : {}),
  };
  // The cashier's lines count only when they add up to the mint's amount (decision 0042).
  const sale = remoteSaleFor(message.sale, amount);
  if (sale) quote.sale = sale;
  // Registers the cashier's NUT-18 request: its payload then pays this quote's sale.
  if (message.ecashRequest) quote.ecashRequestId = message.ecashRequest;
  return { kind: 'take', quote };
}

/** The pending quote as the message states it, for an inbox that does not ask the mint. */
export function unverifiedQuote(
  message: PaymentMessage,
  mintUrl: string,
  now: number,
): PendingMintQuote {
  const quote: PendingMintQuote = {
    quote: message.quote,
    mintUrl,
    amount: message.amount,
    request: message.request,
    kind: 'remote',
    state: 'UNPAID',
    createdAt: now,
    expiry: message.expiry ?? null,
    ...(message.unit === 'sat' ? {} : { unit: message.unit }),
    ...(message.pubkey ? { pubkey: message.pubkey } : {}),
    ...(message.receipt ? { receipt: message.receipt } : {}),
  };
  const sale = remoteSaleFor(message.sale, quote.amount);
  if (sale) quote.sale = sale;
  // Registers the cashier's NUT-18 request: its payload then pays this quote's sale.
  if (message.ecashRequest) quote.ecashRequestId = message.ecashRequest;
  return quote;
}
