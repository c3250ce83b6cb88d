// The cashier's own list of remote sales until the merchant's receipt arrives: the row shape, its
// storage port, the re-send schedule and the pruning rule (docs/protocol.md "Sending (cashier)").
import type { PaymentMessage } from '../payment-message';

/**
 * unpaid: the invoice waits for the customer; paid: the mint says PAID, no receipt yet;
 * confirmed: the merchant's receipt arrived; expired: nobody paid before the quote's expiry.
 */
export type CashierSaleStatus = 'unpaid' | 'paid' | 'confirmed' | 'expired';

export interface CashierSale {
  quote: string;
  /** the merchant's x-only hex key: one device may sell for several merchants */
  merchant: string;
  amount: number;
  mintUrl: string;
  /** where the message was sent and where the receipt is listened for */
  relays: string[];
  /** the exact message sent (pairing proof included), so a re-send is byte-for-byte the same */
  message: PaymentMessage;
  /** the sale's receipt key; its x-only pubkey is `message.receipt` */
  receiptSecretKey: Uint8Array;
  /** unix seconds, or null */
  expiry: number | null;
  status: CashierSaleStatus;
  /** ms since epoch */
  createdAt: number;
  paidAt?: number;
  confirmedAt?: number;
  /** sats the merchant's receipt names */
  confirmedAmount?: number;
  /** how many times a relay stored the message (0: written but not delivered yet) */
  sends: number;
  /** ms since epoch of the last delivery */
  lastSentAt?: number;
  /**
   * ms since epoch of the last re-send no relay stored (the page lost the relays); cleared by the
   * next delivery. While set, the sale waits to be sent and is tried again every
   * WAITING_RETRY_MS, past the re-send window (docs/protocol.md "Sending (cashier)").
   */
  sendFailedAt?: number;
  /**
   * The merchant's sales inbox key the message went to, which seals its receipt (decision 0030,
   * point 7); absent: the merchant's key, as before.
   */
  recipient?: string;
}

/** What core needs from storage for the list (src/storage/remote/cashier-sale-store.ts). */
export interface CashierSaleStore {
  put(sale: CashierSale): Promise<void>;
  update(quote: string, changes: Partial<CashierSale>): Promise<void>;
  delete(quote: string): Promise<void>;
  /** the merchant's sales, newest first */
  list(merchant: string): Promise<CashierSale[]>;
  /** deletes rows pruneQuotes names among the merchant's sales; resolves with how many */
  prune(merchant: string, now: number): Promise<number>;
}

/** Re-send delays after the n-th delivery; the last one repeats until the window closes. */
export const RESEND_DELAYS_MS = [
  10_000,
  30_000,
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  60 * 60_000,
] as const;
/** A sale whose last re-send reached no relay is tried again this often, however old it is. */
export const WAITING_RETRY_MS = 15_000;
/** A sale is re-sent for at most a day after it was created. */
export const RESEND_WINDOW_MS = 24 * 60 * 60_000;
/** The list keeps this many newest sales per merchant. */
export const MAX_CASHIER_SALES = 50;
/** Confirmed and expired sales leave the list after a day. */
export const SETTLED_SALE_KEEP_MS = 24 * 60 * 60_000;

/** Whether the sale still needs the merchant's receipt (and so re-sends and listening). */
export function awaitsReceipt(sale: Pick<CashierSale, 'status'>): boolean {
  return sale.status === 'unpaid' || sale.status === 'paid';
}

/**
 * Whether the sale waits to be sent: it still needs the merchant's receipt and its last re-send
 * reached no relay, so the merchant may not have it on any relay it reads.
 */
export function waitsToBeSent(sale: Pick<CashierSale, 'status' | 'sendFailedAt'>): boolean {
  return awaitsReceipt(sale) && sale.sendFailedAt !== undefined;
}

/**
 * When the sale's next re-send is due (ms since epoch), or undefined when it is not re-sent any
 * more: receipt in, expired unpaid, the day's window closed, or never delivered at all (no
 * invoice was shown for it, so nobody can pay it). A sale waiting to be sent is tried again
 * every WAITING_RETRY_MS whatever its age: a customer may have paid it.
 */
export function nextResendAt(
  sale: Pick<CashierSale, 'status' | 'sends' | 'lastSentAt' | 'createdAt' | 'sendFailedAt'>,
): number | undefined {
  if (!awaitsReceipt(sale) || sale.sends < 1 || sale.lastSentAt === undefined) return undefined;
  if (sale.sendFailedAt !== undefined) return sale.sendFailedAt + WAITING_RETRY_MS;
  const delays = RESEND_DELAYS_MS;
  const delay = delays[Math.min(sale.sends - 1, delays.length - 1)] as number;
  const due = sale.lastSentAt + delay;
  return due - sale.createdAt > RESEND_WINDOW_MS ? undefined : due;
}

/**
 * The quotes to drop from one merchant's list: confirmed or expired sales older than a day, and
 * everything past the newest MAX_CASHIER_SALES. Sales still awaiting a receipt are dropped only
 * by the cap (the oldest first), never by age.
 */
export function pruneQuotes(
  sales: readonly Pick<CashierSale, 'quote' | 'status' | 'createdAt'>[],
  now: number,
): string[] {
  const newestFirst = [...sales].sort((a, b) => b.createdAt - a.createdAt);
  const drop: string[] = [];
  let kept = 0;
  for (const sale of newestFirst) {
    const old = now - sale.createdAt > SETTLED_SALE_KEEP_MS;
    if ((old && !awaitsReceipt(sale)) || kept >= MAX_CASHIER_SALES) drop.push(sale.quote);
    else kept += 1;
  }
  return drop;
}

/** The pairing secret a link carried, kept per merchant so the same link opened again still works. */
export interface CashierLinkStore {
  getPairingSecret(merchant: string): Promise<Uint8Array | undefined>;
  setPairingSecret(merchant: string, secret: Uint8Array): Promise<void>;
}
