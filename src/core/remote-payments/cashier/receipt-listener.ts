// Listening on the relays for the merchant's receipts to the cashier's per-sale keys
// (docs/protocol.md "Receipts"): one subscription per relay for every sale still waiting, renewed
// when the set of sales changes, and a relay that drops it or cannot be reached is asked again.
import type { NostrEvent } from 'nostr-tools/core';
import type { SubCloser } from 'nostr-tools/abstract-pool';
import { getPublicKey } from 'nostr-tools/pure';
import { BackoffTimers } from '../../backoff-timers';
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
/** A relay that dropped the subscription is asked again after this long… */
export const RECEIPT_RESUBSCRIBE_MS = 5_000;
/** …and one that keeps failing after twice as long each time, up to this. */
export const RECEIPT_RESUBSCRIBE_LONGEST_MS = 60_000;

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
  /** the waits before a relay is asked again (tests shorten them) */
  resubscribeMs?: { first: number; longest: number };
}

export class ReceiptListener {
  /** receipt pubkey (x-only hex) -> the sale */
  private awaited = new Map<string, AwaitedReceipt>();
  /** relay -> its subscription; a relay waiting to be asked again has none */
  private readonly subscriptions = new Map<string, SubCloser>();
  /** whether the current set of sales was subscribed (some relays may be waiting to retry) */
  private subscribed = false;
  private readonly retries: BackoffTimers;
  private stopped = false;
  /** wrap ids already handled (relays repeat them, and so does each new subscription) */
  private readonly seen = new Set<string>();
  /** relays that asked for AUTH on their current connection */
  private readonly authenticated = new Set<string>();
  /** the sale whose receipt key the current subscriptions prove on AUTH */
  private prover: AwaitedReceipt | undefined;

  constructor(private readonly deps: ReceiptListenerDeps) {
    const waits = deps.resubscribeMs ?? {
      first: RECEIPT_RESUBSCRIBE_MS,
      longest: RECEIPT_RESUBSCRIBE_LONGEST_MS,
    };
    this.retries = new BackoffTimers(waits.first, waits.longest);
  }

  /** Listens for exactly these sales from now on (an empty list ends the subscriptions). */
  listen(sales: readonly AwaitedReceipt[]): void {
    const next = new Map<string, AwaitedReceipt>();
    for (const sale of sales) next.set(getPublicKey(sale.receiptSecretKey), sale);
    // On a relay that asked AUTH, a new sale to prove (one just paid) needs a new connection too.
    const prover = authSale([...next.values()])?.quote;
    const same =
      next.size === this.awaited.size &&
      [...next.keys()].every((key) => this.awaited.has(key)) &&
      (this.authenticated.size === 0 || prover === this.prover?.quote);
    this.awaited = next;
    if (same && this.subscribed) return;
    this.resubscribe();
  }

  stop(): void {
    this.stopped = true;
    this.retries.cancelAll();
    this.closeSubscriptions();
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

  private closeSubscriptions(): void {
    const open = [...this.subscriptions.values()];
    this.subscriptions.clear();
    this.subscribed = false;
    for (const subscription of open) {
      try {
        subscription.close('receipts changed');
      } catch (error) {
        this.deps.logger.debug('Closing the receipt subscription failed', error);
      }
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
    this.retries.cancelAll();
    this.closeSubscriptions();
    this.dropAuthenticated();
    if (this.stopped || this.awaited.size === 0) return;
    const sales = [...this.awaited.values()];
    // A relay that keeps wraps for their recipient serves the key the connection proved.
    this.prover = authSale(sales);
    this.subscribed = true;
    for (const relay of new Set(sales.flatMap((sale) => sale.relays))) this.open(relay);
  }

  /**
   * One relay's subscription, so a relay that is down (at the start too, while the others serve)
   * is asked again on its own, sooner once it has served (nostr-tools' pool reports a close only
   * when every relay of a subscription has closed).
   */
  private open(relay: string): void {
    if (this.stopped || !this.subscribed || this.awaited.size === 0) return;
    const prover = this.prover as AwaitedReceipt;
    const oldest = Math.min(...[...this.awaited.values()].map((sale) => sale.createdAt));
    const since = Math.floor(oldest / 1000) - GIFT_WRAP_BACKDATE_SECONDS - SINCE_MARGIN_SECONDS;
    let subscription: SubCloser | undefined;
    let closed = false;
    const retry = () => this.retries.schedule(relay, () => this.open(relay));
    try {
      subscription = this.deps.pool.subscribe(
        [relay],
        { kinds: [GIFT_WRAP_KIND], '#p': [...this.awaited.keys()], since },
        {
          onauth: (template) => {
            const asking = template.tags.find((tag) => tag[0] === 'relay')?.[1];
            if (asking) this.authenticated.add(asking);
            return authSigner(prover.receiptSecretKey)(template);
          },
          onevent: (event) => this.handle(event),
          oneose: () => {
            // nostr-tools' pool also calls oneose right before onclose when the connection
            // fails; only an EOSE the subscription outlived is the relay's own, and it resets
            // the relay's waits.
            queueMicrotask(() => {
              if (!closed) this.retries.cancel(relay, true);
            });
          },
          onclose: () => {
            closed = true;
            // Ours closed on purpose (a newer one replaced it); otherwise the relay dropped it.
            if (this.subscriptions.get(relay) !== subscription || this.stopped) return;
            this.subscriptions.delete(relay);
            retry();
          },
        },
      );
      this.subscriptions.set(relay, subscription);
    } catch (error) {
      this.deps.logger.warn(`Could not listen for receipts on ${relay}`, error);
      retry();
    }
  }
}
