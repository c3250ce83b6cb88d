// NUT-18 payloads arriving in the merchant's inbox as NIP-17 messages: matched to an open sale by
// request id, then taken by the receipt core (docs/protocol.md "Receiving ecash").
import type { Logger } from '../../logger';
import { Listeners, type Listener } from '../../listeners';
import { quoteUnit, type PendingMintQuote } from '../mint/ports';
import type { HeldEcashStore } from './ports';
import { remoteSaleFiat, type RemoteFiatLookup } from '../../prices/remote-sale-fiat';
import { MintUnreachableError } from '../../errors';
import type { EcashLanded, EcashPayment, EcashReceived, EcashReceiver } from './ecash-receiver';
import {
  HELD_ECASH_ISSUED_MAX,
  HELD_ECASH_MAX,
  HELD_ECASH_MAX_AGE_MS,
  HELD_ECASH_MAX_CHARS,
  heldPayload,
} from './held-ecash';
import { parsePaymentPayload, type PaymentPayload } from './payment-payload';
import type { SaleRequests } from './sale-requests';

export interface EcashInboxDeps {
  requests: Pick<SaleRequests, 'findOpen'>;
  receiver: Pick<EcashReceiver, 'receive'> & {
    /** another mint's ecash kept on its way landed later (EcashRouter.onLanded) */
    onLanded?(listener: (landed: EcashLanded) => void): () => void;
  };
  /** the sale's invoice was paid with ecash (PaymentService.paidElsewhere: screen, toast) */
  paid(quote: PendingMintQuote, amount: number, balance: number): void;
  /** The merchant's fiat record of a remote sale at the current price (as a Lightning one gets). */
  fiatFor?: RemoteFiatLookup;
  /**
   * Where a payload for a request not known yet waits for its sale (a remote cashier's message
   * may come after it; decision 0044). Absent: such a payload is dropped.
   */
  held?: HeldEcashStore;
  /**
   * True when a request id carries the tag of this merchant's pairing secret (one of its cashiers
   * made it): such a payload is held under a bound of its own. Absent: every one is a stranger's.
   */
  issued?: (requestId: string) => Promise<boolean>;
  /** true while the till is locked: held payloads wait for the PIN (their key may be sealed) */
  locked?: () => Promise<boolean>;
  clock?: () => number;
  logger: Logger;
}

/** A payload for an open sale that could not be taken; the sale stays open. */
export interface EcashRefusal {
  quote: PendingMintQuote;
  error: unknown;
}

/** A chat message that may be a NUT-18 payload: a JSON object naming proofs. */
function looksLikePayload(content: string): boolean {
  return content.trimStart().startsWith('{') && content.includes('"proofs"');
}

export class EcashInbox {
  private readonly refusedListeners: Listeners<EcashRefusal>;
  /** Sales whose payload of another mint is on its way, by payload id, until it lands. */
  private readonly arriving = new Map<string, PendingMintQuote>();

  constructor(private readonly deps: EcashInboxDeps) {
    this.refusedListeners = new Listeners(deps.logger, 'Ecash refusal listener threw');
    // Landed later while the page is open: its sale ends as one paid now would.
    deps.receiver.onLanded?.((landed) => {
      const sale = this.arriving.get(landed.id);
      if (!sale) return;
      this.arriving.delete(landed.id);
      this.deps.paid(sale, landed.amount, landed.balance);
    });
  }

  onRefused(listener: Listener<EcashRefusal>): () => void {
    return this.refusedListeners.add(listener);
  }

  /**
   * Takes a message's content if it is a NUT-18 payload (true), whatever came of it; false leaves
   * it to the remote-payment reader. A malformed payload stores nothing and raises nothing
   * (strangers must not raise toasts); one matching no open request is held, untouched and
   * bounded, for a remote sale whose message may come after it (`landHeld`); one for an open sale
   * that fails a check is reported to `onRefused`.
   */
  async take(content: string): Promise<boolean> {
    if (!looksLikePayload(content)) return false;
    let payload;
    try {
      payload = parsePaymentPayload(content);
    } catch (error) {
      this.deps.logger.debug('Ecash payload dropped: malformed', error);
      return true;
    }
    const sale = await this.deps.requests.findOpen(payload.id);
    if (!sale) {
      await this.hold(payload.id, content);
      return true;
    }
    await this.pay(sale, payload);
    return true;
  }

  /**
   * Lands the held payloads whose sale is now known (all, or `requestId`'s): called when a remote
   * cashier's message naming a request was taken, at start and after the PIN. One whose sale is
   * still unknown waits until its time is up; nothing is counted before.
   */
  async landHeld(requestId?: string): Promise<void> {
    const { held } = this.deps;
    if (!held || ((await this.deps.locked?.()) ?? false)) return;
    const now = this.now();
    const handled = new Set<string>();
    let rows;
    try {
      rows = await held.list(requestId);
    } catch (error) {
      this.deps.logger.warn('Held ecash payloads not read', error);
      return;
    }
    for (const row of rows) {
      try {
        // Paid by an earlier payload of the same request, or out of time: dropped untouched.
        if (handled.has(row.requestId) || now - row.receivedAt > HELD_ECASH_MAX_AGE_MS) {
          await held.remove(row.key);
          continue;
        }
        const sale = await this.deps.requests.findOpen(row.requestId);
        if (!sale) continue;
        handled.add(row.requestId);
        this.deps.logger.info(`Held ecash payload for request ${row.requestId} lands now`);
        await this.pay(sale, parsePaymentPayload(row.content));
        await held.remove(row.key);
      } catch (error) {
        this.deps.logger.warn(`Held ecash payload ${row.key} not landed yet`, error);
      }
    }
  }

  private now(): number {
    return (this.deps.clock ?? Date.now)();
  }

  /** Whether one of this merchant's cashiers made request `id`; false when that cannot be told. */
  private async issued(id: string): Promise<boolean> {
    try {
      return (await this.deps.issued?.(id)) ?? false;
    } catch (error) {
      this.deps.logger.debug(`Request ${id} not checked for our tag`, error);
      return false;
    }
  }

  /** Keeps a payload whose request is not known yet, within the bounds (held-ecash.ts). */
  private async hold(id: string, content: string): Promise<void> {
    const { held } = this.deps;
    if (!held || content.length > HELD_ECASH_MAX_CHARS) {
      this.deps.logger.debug(`Ecash payload dropped: no open request ${id}`);
      return;
    }
    const now = this.now();
    try {
      const issued = await this.issued(id);
      const dropped = await held.hold(heldPayload(id, content, now, issued), {
        max: issued ? HELD_ECASH_ISSUED_MAX : HELD_ECASH_MAX,
        since: now - HELD_ECASH_MAX_AGE_MS,
      });
      this.deps.logger.debug(`Ecash payload for unknown request ${id} held`, { issued, dropped });
    } catch (error) {
      this.deps.logger.warn(`Ecash payload for request ${id} not held`, error);
    }
  }

  /** Takes a payload for its open sale; a refusal is reported, the sale stays open. */
  private async pay(sale: PendingMintQuote, payload: PaymentPayload): Promise<void> {
    let result: EcashReceived;
    try {
      result = await this.deps.receiver.receive({
        id: payload.id,
        mintUrl: payload.mint,
        proofs: payload.proofs,
        unit: payload.unit,
        // The sale's unit is its invoice's: a usd request's payment must be dollars.
        ...(quoteUnit(sale) === 'sat' ? {} : { tillUnit: quoteUnit(sale) }),
        amount: sale.amount,
        ...(await this.saleRecord(sale)),
        closesQuote: sale.quote,
        ...(sale.ecashLock ? { lockRequired: true } : {}),
      });
    } catch (error) {
      // Kept for later (another mint's is followed while the page is open): may land yet.
      if (error instanceof MintUnreachableError) this.arriving.set(payload.id, sale);
      this.deps.logger.warn(`Ecash payment for request ${payload.id} not taken`, error);
      this.refusedListeners.emit({ quote: sale, error });
      return;
    }
    if (result.status === 'received') this.deps.paid(sale, result.amount, result.balance);
  }

  /**
   * The sale's fiat record and lines, kept on its "Ecash sale" as a Lightning payment of the same
   * invoice keeps them: a remote sale's lines and fiat record came in the cashier's message, the
   * record checked against the merchant's price now (docs/protocol.md "Remote cashier requests").
   */
  private async saleRecord(
    quote: PendingMintQuote,
  ): Promise<Pick<EcashPayment, 'fiat' | 'sale' | 'staff'>> {
    // A fiat record prices sats: a remote sale in cents has none, as at the quote minter.
    const fiat =
      quote.fiat ??
      (quote.kind === 'remote' && quoteUnit(quote) === 'sat'
        ? await remoteSaleFiat(this.deps.fiatFor, quote.amount, this.deps.logger, quote.cashierFiat)
        : undefined);
    return {
      ...(fiat ? { fiat } : {}),
      ...(quote.sale ? { sale: quote.sale } : {}),
      ...(quote.staff ? { staff: quote.staff } : {}),
    };
  }
}
