// Merchant side: the receipt for a remote sale, gift-wrapped to the key the cashier chose for it
// and published on the merchant's relays (docs/protocol.md "Receipts"), with a bound on how often.
import { silentLogger, type Logger } from '../../logger';
import type { Clock } from '../../clock';
import { publishOnNewPool } from '../publish';
import { wrapReceipt, type SaleReceipt } from '../receipt-message';
import type { RelayPool } from '../relay-pool';

export interface ReceiptSenderDeps {
  createPool: () => RelayPool;
  getRelays: () => Promise<string[]>;
  /**
   * The seal's author, which the cashier checks: the sales inbox key for a sale locked to it (a
   * locked till confirms it, decision 0030 point 7), else the device key.
   */
  getSecretKey: (quotePubkey?: string) => Promise<Uint8Array>;
  logger?: Logger;
  clock?: Clock;
  /** one receipt per quote per this interval, however often the cashier re-sends */
  perQuoteIntervalMs?: number;
  /** at most `maxPerWindow` receipts in any `windowMs` */
  maxPerWindow?: number;
  windowMs?: number;
}

export const RECEIPT_PER_QUOTE_INTERVAL_MS = 30_000;
export const RECEIPT_MAX_PER_WINDOW = 30;
export const RECEIPT_WINDOW_MS = 60_000;

export type ReceiptOutcome = 'sent' | 'not-accepted' | 'rate-limited';

/**
 * Sends receipts. Each duplicate payment message can ask for one again, so sending is bounded
 * per quote and overall: a flood of re-sent (paired) messages cannot make the merchant publish
 * without limit. Never rejects.
 */
export class ReceiptSender {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly lastPerQuote = new Map<string, number>();
  private recent: number[] = [];

  constructor(private readonly deps: ReceiptSenderDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
  }

  /** `quotePubkey`: the sale's NUT-20 lock, which picks the key that seals the receipt. */
  async send(
    receiptPubkeyHex: string,
    receipt: SaleReceipt,
    quotePubkey?: string,
  ): Promise<ReceiptOutcome> {
    if (!this.admit(receipt.quote)) {
      this.logger.debug(`Receipt for ${receipt.quote} not sent again yet (rate limit)`);
      return 'rate-limited';
    }
    try {
      const [secretKey, relays] = await Promise.all([
        this.deps.getSecretKey(quotePubkey),
        this.deps.getRelays(),
      ]);
      const event = wrapReceipt({ merchantSecretKey: secretKey, receiptPubkeyHex, receipt });
      const outcome = await publishOnNewPool(this.deps.createPool, event, relays);
      if (outcome.accepted.length > 0) {
        this.logger.info(`Receipt for remote quote ${receipt.quote} sent`);
        return 'sent';
      }
      this.logger.warn(`No relay took the receipt for ${receipt.quote}:`, outcome.failures);
      return 'not-accepted';
    } catch (error) {
      this.logger.error(`Could not send the receipt for ${receipt.quote}:`, error);
      return 'not-accepted';
    }
  }

  private admit(quote: string): boolean {
    const now = this.clock();
    const perQuote = this.deps.perQuoteIntervalMs ?? RECEIPT_PER_QUOTE_INTERVAL_MS;
    const windowMs = this.deps.windowMs ?? RECEIPT_WINDOW_MS;
    const last = this.lastPerQuote.get(quote);
    if (last !== undefined && now - last < perQuote) return false;
    this.recent = this.recent.filter((time) => now - time < windowMs);
    if (this.recent.length >= (this.deps.maxPerWindow ?? RECEIPT_MAX_PER_WINDOW)) return false;
    this.recent.push(now);
    this.lastPerQuote.set(quote, now);
    // Forget old entries so the map stays as small as the window.
    for (const [id, time] of this.lastPerQuote) {
      if (now - time >= perQuote) this.lastPerQuote.delete(id);
    }
    return true;
  }
}
