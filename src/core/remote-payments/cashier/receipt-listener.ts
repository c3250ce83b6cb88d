// Listening on the relays for the merchant's receipts to the cashier's per-sale keys
// (docs/protocol.md "Receipts"): one subscription for every sale still waiting, renewed when the
// set of sales changes or a relay drops it.
import type { NostrEvent } from 'nostr-tools/core';
import type { SubCloser } from 'nostr-tools/abstract-pool';
import { getPublicKey } from 'nostr-tools/pure';
import type { Logger } from '../../logger';
import { GIFT_WRAP_BACKDATE_SECONDS, GIFT_WRAP_KIND } from '../constants';
import { readReceiptEvent, type SaleReceipt } from '../receipt-message';
import { authSigner } from '../relay-auth';
import type { RelayPool } from '../relay-pool';

/** A sale the listener waits a receipt for. */
export interface AwaitedReceipt {
  quote: string;
  receiptSecretKey: Uint8Array;
  relays: string[];
  /** ms since epoch: wraps are back-dated from the moment the merchant sends them */
  createdAt: number;
  /** a paid sale's receipt is due first: its key is the one proved to a relay that asks AUTH */
  status?: string;
  /** the key the sale was sent to, whose seal the receipt carries; absent: the merchant's key */
  recipient?: string;
}

/**
 * The sale whose key answers a relay's AUTH: the newest paid one (its receipt is due now), else
 * the newest (docs/protocol.md "Relays and AUTH").
 */
function authSale(sales: readonly AwaitedReceipt[]): AwaitedReceipt | undefined {
  const paid = sales.filter((sale) => sale.status === 'paid');
  const pool = paid.length > 0 ? paid : sales;
  return pool.reduce<AwaitedReceipt | undefined>(
    (best, sale) => (best === undefined || sale.createdAt > best.createdAt ? sale : best),
    undefined,
  );
}

/** Clock skew between the two devices, on top of the back-dating window. */
const SINCE_MARGIN_SECONDS = 600;
/** A relay that dropped the subscription is asked again after this long. */
export const RECEIPT_RESUBSCRIBE_MS = 5_000;

export interface ReceiptListenerDeps {
  /**
   * The listener's own pool: a relay that asked for AUTH is disconnected when the sales change
   * (a connection proves one key), so it must not carry anything else.
   */
  pool: RelayPool;
  merchantPubkeyHex: string;
  /** a receipt for one of the awaited sales, sealed by the merchant and naming that sale's quote */
  onReceipt: (quote: string, receipt: SaleReceipt) => void;
  logger: Logger;
}

export class ReceiptListener {
  /** receipt pubkey (x-only hex) -> the sale */
  private awaited = new Map<string, AwaitedReceipt>();
  private subscription: SubCloser | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** wrap ids already handled (relays repeat them, and so does each new subscription) */
  private readonly seen = new Set<string>();
  /** relays that asked for AUTH on their current connection */
  private readonly authenticated = new Set<string>();
  /** the quote whose receipt key the current subscription proves on AUTH */
  private prover: string | undefined;

  constructor(private readonly deps: ReceiptListenerDeps) {}

  /** Listens for exactly these sales from now on (an empty list ends the subscription). */
  listen(sales: readonly AwaitedReceipt[]): void {
    const next = new Map<string, AwaitedReceipt>();
    for (const sale of sales) next.set(getPublicKey(sale.receiptSecretKey), sale);
    // On a relay that asked AUTH, a new sale to prove (one just paid) needs a new connection too.
    const prover = authSale([...next.values()])?.quote;
    const same =
      next.size === this.awaited.size &&
      [...next.keys()].every((key) => this.awaited.has(key)) &&
      (this.authenticated.size === 0 || prover === this.prover);
    this.awaited = next;
    if (same && this.subscription) return;
    this.resubscribe();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.closeSubscription();
    this.dropAuthenticated();
  }

  /** Reads one wrap; exported behaviour for tests is through the pool's deliveries. */
  private handle(event: NostrEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    const tagged = event.tags.find((tag) => tag[0] === 'p')?.[1];
    const sale = tagged === undefined ? undefined : this.awaited.get(tagged);
    if (!sale) return;
    try {
      const author = sale.recipient ?? this.deps.merchantPubkeyHex;
      const receipt = readReceiptEvent(event, sale.receiptSecretKey, author);
      if (receipt.quote !== sale.quote) {
        this.deps.logger.warn(`Receipt for ${receipt.quote} came to the key of ${sale.quote}`);
        return;
      }
      this.deps.onReceipt(sale.quote, receipt);
    } catch (error) {
      this.deps.logger.warn(`Ignored a receipt wrap for ${sale.quote}`, error);
    }
  }

  private closeSubscription(): void {
    const subscription = this.subscription;
    this.subscription = undefined;
    try {
      subscription?.close('receipts changed');
    } catch (error) {
      this.deps.logger.debug('Closing the receipt subscription failed', error);
    }
  }

  /**
   * A connection that answered AUTH proved one sale's key, and nostr-tools answers one challenge
   * per connection; it also keeps the REQ it re-sent after AUTH out of reach of close(). So those
   * connections are dropped and the next subscription proves the newest sale's key afresh.
   */
  private dropAuthenticated(): void {
    if (this.authenticated.size === 0) return;
    const relays = [...this.authenticated];
    this.authenticated.clear();
    try {
      this.deps.pool.close(relays);
    } catch (error) {
      this.deps.logger.debug('Closing the authenticated relays failed', error);
    }
  }

  private resubscribe(): void {
    clearTimeout(this.retry);
    this.closeSubscription();
    this.dropAuthenticated();
    if (this.stopped || this.awaited.size === 0) return;
    const sales = [...this.awaited.values()];
    const relays = [...new Set(sales.flatMap((sale) => sale.relays))];
    const oldest = Math.min(...sales.map((sale) => sale.createdAt));
    // A relay that keeps wraps for their recipient serves the key the connection proved.
    const prover = authSale(sales) as AwaitedReceipt;
    this.prover = prover.quote;
    const since = Math.floor(oldest / 1000) - GIFT_WRAP_BACKDATE_SECONDS - SINCE_MARGIN_SECONDS;
    let subscription: SubCloser | undefined;
    try {
      subscription = this.deps.pool.subscribe(
        relays,
        { kinds: [GIFT_WRAP_KIND], '#p': [...this.awaited.keys()], since },
        {
          onauth: (template) => {
            const relay = template.tags.find((tag) => tag[0] === 'relay')?.[1];
            if (relay) this.authenticated.add(relay);
            return authSigner(prover.receiptSecretKey)(template);
          },
          onevent: (event) => this.handle(event),
          onclose: () => {
            // Ours closed on purpose (a newer one replaced it); otherwise a relay dropped it.
            if (this.subscription !== subscription || this.stopped) return;
            this.subscription = undefined;
            this.retry = setTimeout(() => this.resubscribe(), RECEIPT_RESUBSCRIBE_MS);
          },
        },
      );
      this.subscription = subscription;
    } catch (error) {
      this.deps.logger.warn('Could not listen for receipts', error);
      this.retry = setTimeout(() => this.resubscribe(), RECEIPT_RESUBSCRIBE_MS);
    }
  }
}
