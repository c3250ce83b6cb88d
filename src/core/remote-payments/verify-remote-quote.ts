// The merchant asks the mint about a remote quote before storing it: the mint's reply, not the
// message, decides amount, unit, expiry, request and lock (docs/protocol.md "Receiving").
import type { PendingMintQuote } from '../ports';
import { isDefiniteRefusal } from '../wallet/mint-errors';
import { isExpiredUnpaid, type MintQuoteSnapshot } from '../wallet/mint/mint-quote-snapshot';
import type { PaymentMessage } from './payment-message';

/** What the merchant needs from the quote's mint. */
export interface RemoteQuoteMint {
  /** GET /v1/mint/quote/bolt11/{quote} */
  check(quote: string): Promise<MintQuoteSnapshot>;
  /** Whether the mint's info lists NUT-20 (locked mint quotes) as supported. */
  supportsLockedQuotes(): Promise<boolean>;
}

export type RemoteQuoteVerdict =
  | { kind: 'take'; quote: PendingMintQuote }
  /** the mint does not back the message: nothing is stored, the sender is not told */
  | { kind: 'drop'; reason: string }
  /** the mint did not answer: nothing is stored, ask again later */
  | { kind: 'retry'; error: unknown };

const MAX_AMOUNT = 2_100_000_000_000_000;

function sameLockKey(a: string, b: string): boolean {
  // 02 and 03 with one x name the same BIP-340 key; nut20-key.ts signs for either.
  return a.slice(2).toLowerCase() === b.slice(2).toLowerCase() && /^0[23]/.test(a);
}

/**
 * Looks the quote up at `mintUrl` and builds the pending quote from the mint's reply. Dropped:
 * a quote the mint refuses to show (unknown), issued or expired, in another unit, without a
 * usable amount, or not locked to `lockPubkey` when the mint can lock quotes (or locked to
 * another key when it cannot). An unclear failure (network, 5xx) is 'retry'.
 */
export async function verifyRemoteQuote(args: {
  message: PaymentMessage;
  mintUrl: string;
  lockPubkey: string;
  mint: RemoteQuoteMint;
  /** milliseconds since the epoch */
  now: number;
}): Promise<RemoteQuoteVerdict> {
  const { message, mintUrl, lockPubkey, mint, now } = args;
  let snapshot: MintQuoteSnapshot;
  let locking: boolean;
  try {
    snapshot = await mint.check(message.quote);
  } catch (error) {
    if (isDefiniteRefusal(error)) return { kind: 'drop', reason: 'unknown at the mint' };
    return { kind: 'retry', error };
  }
  try {
    locking = await mint.supportsLockedQuotes();
  } catch (error) {
    return { kind: 'retry', error };
  }
  if (snapshot.unit !== undefined && snapshot.unit !== 'sat') {
    return { kind: 'drop', reason: `unit ${snapshot.unit} at the mint` };
  }
  const amount = snapshot.amount;
  if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT) {
    return { kind: 'drop', reason: 'the mint gives no usable amount' };
  }
  if (snapshot.state === 'ISSUED') return { kind: 'drop', reason: 'already issued' };
  if (isExpiredUnpaid(snapshot, now)) return { kind: 'drop', reason: 'expired unpaid' };
  const lock = snapshot.pubkey;
  if (locking && (!lock || !sameLockKey(lock, lockPubkey))) {
    return { kind: 'drop', reason: 'not locked to the merchant' };
  }
  if (!locking && lock && !sameLockKey(lock, lockPubkey)) {
    return { kind: 'drop', reason: 'locked to another key' };
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
    ...(lock ? { pubkey: lock } : {}),
    ...(message.receipt ? { receipt: message.receipt } : {}),
  };
  return { kind: 'take', quote };
}
