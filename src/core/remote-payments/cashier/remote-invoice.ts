// Cashier side: create a mint quote for the merchant (NUT-20 locked) and deliver it over the relays.
import { Wallet, type MintQuoteBolt11Response } from '@cashu/cashu-ts';
import { CashewError, errorMessage } from '../../errors';
import { toMintError } from '../../wallet/mint-errors';
import { lockPubkeyForNostrKey } from '../../wallet/mint/nut20-key';
import { LockingUnavailableError, UnlockedQuoteError } from '../errors';
import { provePairing } from '../pairing';
import { serializePaymentMessage, type PaymentMessage } from '../payment-message';
import { MAX_PAYMENT_MESSAGE_BYTES } from '../constants';
import { sendPaymentMessage } from '../publish';
import type { RelayPool } from '../relay-pool';
import { remoteSaleFor, type RemoteSaleLines } from '../remote-sale';
import type { EncodedSaleRequest } from '../../wallet/ecash/sale-request';
import type { FiatRecord } from '../../prices/currencies';
import { checkStatedFiat } from '../../prices/stated-fiat';
import type { Unit } from '../../units/unit';

/** The part of a seedless cashu-ts Wallet the cashier needs; tests may pass a stand-in. */
export type QuoteWallet = Pick<
  Wallet,
  'loadMint' | 'getMintInfo' | 'createLockedMintQuote' | 'createMintQuoteBolt11'
>;

export interface RemoteInvoice {
  quote: string;
  /** the BOLT11 invoice to show */
  request: string;
  /** in `unit`'s minor units: sats, or cents */
  amount: number;
  /** the quote's unit when not sat (decision 0092) */
  unit?: Unit;
  /** unix seconds, or null */
  expiry: number | null;
  /** the NUT-20 lock, absent when the mint cannot lock quotes */
  pubkey?: string;
  /** relays that stored the message */
  relays: string[];
  /** the same sale as a NUT-18 request paid to the merchant, when the message named one */
  ecash?: EncodedSaleRequest;
}

const UNLOCKED_QUOTE = 'Mint returned unlocked mint quote';
/**
 * `"pairing":{"id":…16 hex,"mac":…64 hex,"sig":…128 hex}` and `"ecashRequest":…16 hex`, added
 * after the size is measured, with room to spare.
 */
const PAIRING_PROOF_ROOM = 340;

/**
 * A quote the mint did not lock (cashu-ts says so in its text) is ours to name; every other
 * failure is read by the one mint-error classifier (docs/protocol.md "How a failure is read").
 */
function toQuoteError(error: unknown): CashewError {
  if (error instanceof CashewError) return error;
  const message = errorMessage(error);
  if (message === UNLOCKED_QUOTE || message.includes('not locked to the requested pubkey')) {
    return new UnlockedQuoteError(UNLOCKED_QUOTE, { cause: error });
  }
  return toMintError(error);
}

async function createQuote(
  wallet: QuoteWallet,
  amount: number,
  lockPubkey: string,
  allowUnlocked: boolean,
): Promise<MintQuoteBolt11Response> {
  await wallet.loadMint();
  const locking = wallet.getMintInfo().isSupported(20).supported;
  if (!locking) {
    // Never a silent fallback: only the merchant's profile can say an unlocked quote is taken.
    if (!allowUnlocked) {
      throw new LockingUnavailableError('The mint cannot lock quotes to the merchant (NUT-20)');
    }
    return wallet.createMintQuoteBolt11(amount);
  }
  const quote = await wallet.createLockedMintQuote(amount, lockPubkey);
  // cashu-ts checks this too; checked again so a stand-in wallet cannot skip it.
  if (typeof quote.pubkey !== 'string' || quote.pubkey.toLowerCase() !== lockPubkey) {
    throw new UnlockedQuoteError(UNLOCKED_QUOTE);
  }
  return quote;
}

/**
 * Creates a mint quote at the merchant's mint, locked to the merchant's key (an unlocked one only
 * on a mint without NUT-20 and with `allowUnlocked`; LockingUnavailableError otherwise), and sends it gift-wrapped to the merchant on all relays. Resolves only after
 * at least one relay accepted the message; otherwise rejects with RelayPublishError and the
 * cashier must not show the invoice (nobody would mint it).
 */
export async function createRemoteInvoice(args: {
  merchantPubkeyHex: string;
  amount: number;
  /** the unit the merchant's till charges in (its catalog's); sat when absent */
  unit?: Unit;
  mintUrl: string;
  relays: string[];
  pool: RelayPool;
  /** a seedless cashu-ts Wallet for mintUrl; built here when omitted */
  mintClient?: QuoteWallet;
  timeoutMs?: number;
  /** x-only hex key the merchant's receipt for this sale goes to */
  receiptPubkeyHex?: string;
  /** the merchant's profile takes unlocked quotes on this mint (sale-judgement.ts) */
  allowUnlocked?: boolean;
  /** the link's pairing secret: the message then carries its proof (unpaired without) */
  pairingSecret?: Uint8Array;
  /** sign the proof even for the merchant's own key (a person's link, staff-link.ts) */
  signPairing?: boolean;
  /**
   * The merchant's sales inbox key (its profile's): the message goes to it, the quote is locked
   * to it and the pairing proof carries the signature a locked till checks (decision 0030).
   */
  recipientPubkeyHex?: string;
  /**
   * Runs with the final message after the quote exists and before anything is published (the
   * cashier checks its link and writes its sale row here); a throw sends nothing.
   */
  beforePublish?: (message: PaymentMessage) => Promise<void>;
  /** the cart's lines; sent only when they add up to the mint's amount, as the merchant checks */
  sale?: RemoteSaleLines;
  /** the id of the NUT-18 request shown beside the invoice, registered with the merchant */
  ecashRequestId?: string;
  /** the fiat record of the screen's price; sent only when it is the mint's amount's, as checked */
  fiat?: FiatRecord;
  /** milliseconds since the epoch, for that check (the cashier's clock) */
  now?: number;
}): Promise<RemoteInvoice> {
  const unit = args.unit ?? 'sat';
  if (!Number.isSafeInteger(args.amount) || args.amount <= 0) {
    throw new CashewError(
      unit === 'sat'
        ? 'Amount must be a positive whole number of sats'
        : 'Amount must be a positive whole number of the unit’s smallest step',
    );
  }
  // The mint prices a fiat unit's quote itself (NUT-04): the invoice is its price of the cents.
  const wallet = args.mintClient ?? new Wallet(args.mintUrl, { unit });
  const recipient = args.recipientPubkeyHex ?? args.merchantPubkeyHex;
  const lockPubkey = lockPubkeyForNostrKey(recipient);

  let quote: MintQuoteBolt11Response;
  try {
    quote = await createQuote(wallet, args.amount, lockPubkey, args.allowUnlocked === true);
  } catch (error) {
    throw toQuoteError(error);
  }

  const message: PaymentMessage = {
    quote: quote.quote,
    amount: quote.amount.toNumber(),
    request: quote.request,
    unit,
    mint: args.mintUrl,
    expiry: quote.expiry ?? null,
  };
  if (quote.pubkey) message.pubkey = quote.pubkey.toLowerCase();
  if (args.receiptPubkeyHex) message.receipt = args.receiptPubkeyHex;
  // Checked as the merchant checks it: a record the merchant would ignore is not sent. A record
  // prices sats: a sale in cents has none.
  const fiat =
    unit === 'sat' &&
    args.fiat &&
    args.now !== undefined &&
    checkStatedFiat(args.fiat, message.amount, args.now);
  if (fiat && typeof fiat !== 'string') message.fiat = fiat;
  if (args.sale && remoteSaleFor(args.sale, message.amount)) {
    message.sale = args.sale;
    // A message past the merchant's size bound would be refused whole: a long cart goes as its
    // amount alone rather than lose the sale (the proof and request id add up to 300 bytes).
    const bytes = new TextEncoder().encode(serializePaymentMessage(message)).length;
    if (bytes + PAIRING_PROOF_ROOM > MAX_PAYMENT_MESSAGE_BYTES) delete message.sale;
  }
  if (args.ecashRequestId) message.ecashRequest = args.ecashRequestId;
  // Proven last, over the final fields (receipt included), so the merchant can check them all.
  if (args.pairingSecret) {
    message.pairing = provePairing(
      args.pairingSecret,
      message,
      args.recipientPubkeyHex !== undefined || args.signPairing === true,
    );
  }
  await args.beforePublish?.(message);

  const { accepted } = await sendPaymentMessage({
    recipientPubkeyHex: recipient,
    message,
    relays: args.relays,
    pool: args.pool,
    timeoutMs: args.timeoutMs,
  });

  const invoice: RemoteInvoice = {
    quote: message.quote,
    request: message.request,
    amount: message.amount,
    expiry: message.expiry ?? null,
    relays: accepted,
  };
  if (unit !== 'sat') invoice.unit = unit;
  if (message.pubkey) invoice.pubkey = message.pubkey;
  return invoice;
}
