// NUT-18 payloads arriving in the merchant's inbox as NIP-17 messages: matched to an open sale by
// request id, then taken by the receipt core (docs/protocol.md "Receiving ecash").
import type { Logger } from '../../logger';
import { Listeners, type Listener } from '../../listeners';
import type { PendingMintQuote } from '../../ports';
import type { FiatRecord } from '../../prices/currencies';
import { remoteSaleFiat } from '../../prices/remote-sale-fiat';
import type { EcashPayment, EcashReceived, EcashReceiver } from './ecash-receiver';
import { parsePaymentPayload } from './payment-payload';
import type { SaleRequests } from './sale-requests';

export interface EcashInboxDeps {
  requests: Pick<SaleRequests, 'findOpen'>;
  receiver: Pick<EcashReceiver, 'receive'>;
  /** the sale's invoice was paid with ecash (PaymentService.paidElsewhere: screen, toast) */
  paid(quote: PendingMintQuote, amount: number, balance: number): void;
  /** The merchant's fiat record of a remote sale at the current price (as a Lightning one gets). */
  fiatFor?: (sats: number) => Promise<FiatRecord | undefined>;
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

  constructor(private readonly deps: EcashInboxDeps) {
    this.refusedListeners = new Listeners(deps.logger, 'Ecash refusal listener threw');
  }

  onRefused(listener: Listener<EcashRefusal>): () => void {
    return this.refusedListeners.add(listener);
  }

  /**
   * Takes a message's content if it is a NUT-18 payload (true), whatever came of it; false leaves
   * it to the remote-payment reader. A payload that is malformed or matches no open request stores
   * nothing and raises nothing (strangers must not raise toasts); one for an open sale that fails
   * a check is reported to `onRefused`.
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
      this.deps.logger.debug(`Ecash payload dropped: no open request ${payload.id}`);
      return true;
    }
    let result: EcashReceived;
    try {
      result = await this.deps.receiver.receive({
        id: payload.id,
        mintUrl: payload.mint,
        proofs: payload.proofs,
        unit: payload.unit,
        amount: sale.amount,
        ...(await this.saleRecord(sale)),
        closesQuote: sale.quote,
        ...(sale.ecashLock ? { lockRequired: true } : {}),
      });
    } catch (error) {
      this.deps.logger.warn(`Ecash payment for request ${payload.id} not taken`, error);
      this.refusedListeners.emit({ quote: sale, error });
      return true;
    }
    if (result.status === 'received') this.deps.paid(sale, result.amount, result.balance);
    return true;
  }

  /**
   * The sale's fiat record and lines, kept on its "Ecash sale" as a Lightning payment of the same
   * invoice keeps them: a remote sale's lines came in the cashier's message, its fiat record is
   * the merchant's price now (docs/protocol.md "Remote cashier requests").
   */
  private async saleRecord(quote: PendingMintQuote): Promise<Pick<EcashPayment, 'fiat' | 'sale'>> {
    const fiat =
      quote.fiat ??
      (quote.kind === 'remote'
        ? await remoteSaleFiat(this.deps.fiatFor, quote.amount, this.deps.logger)
        : undefined);
    return { ...(fiat ? { fiat } : {}), ...(quote.sale ? { sale: quote.sale } : {}) };
  }
}
