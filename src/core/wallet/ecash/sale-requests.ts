// The NUT-18 request offered beside each invoice on the keypad: one single-use id per sale, kept
// on the invoice's quote row so a reload shows (and the inbox matches) the same request.
import type { ConfigStore } from '../../settings/ports';
import { quoteUnit, type MintQuoteStore, type PendingMintQuote } from '../mint/ports';
import { encodeSaleRequest, newRequestId, type EncodedSaleRequest } from './sale-request';

export interface SaleRequestsDeps {
  quotes: MintQuoteStore;
  config: Pick<ConfigStore, 'getMintUrl' | 'getRelays' | 'getShopName'>;
  /** the merchant's Nostr public key (hex), where the customer's wallet sends the payload */
  merchantPubkey(): Promise<string>;
  /**
   * The key to lock the sale's ecash to, or null when this mint cannot enforce a lock (no NUT-10
   * and NUT-11 in its info); see docs/protocol.md "Ecash locked to the merchant".
   */
  lockPubkey?: (mintUrl: string) => Promise<string | null>;
  /** true while the till is locked: no request is offered (its key is sealed) */
  locked?: () => Promise<boolean>;
  /** told of each sale a request is offered for, so its payment is readied (EcashReceiver.prepare) */
  offered?: (quote: PendingMintQuote) => void;
  clock: () => number;
}

export interface OpenSaleRequest extends EncodedSaleRequest {
  id: string;
}

export class SaleRequests {
  constructor(private readonly deps: SaleRequestsDeps) {}

  /** The request for a direct invoice's sale, or null when none can be offered now. */
  async forQuote(quote: PendingMintQuote): Promise<OpenSaleRequest | null> {
    if (quote.kind !== 'direct' || !this.isOpen(quote)) return null;
    if ((await this.deps.locked?.()) ?? false) return null;
    const row = await this.deps.quotes.get(quote.quote);
    if (!row) return null;
    let id = row.ecashRequestId;
    let lock = row.ecashLock;
    if (!id) {
      id = newRequestId();
      lock = (await this.deps.lockPubkey?.(quote.mintUrl)) ?? undefined;
      await this.deps.quotes.update(quote.quote, {
        ecashRequestId: id,
        ...(lock ? { ecashLock: lock } : {}),
      });
    }
    const { config } = this.deps;
    const encoded = encodeSaleRequest({
      id,
      amount: quote.amount,
      // The request asks for the invoice's unit: a sale in cents is paid in cents (docs/protocol.md "Units").
      unit: quoteUnit(quote),
      mints: [await config.getMintUrl()],
      shopName: await config.getShopName(),
      merchantPubkey: await this.deps.merchantPubkey(),
      relays: await config.getRelays(),
      ...(lock ? { lockPubkey: lock } : {}),
    });
    this.deps.offered?.(quote);
    return { id, ...encoded };
  }

  /**
   * The open sale whose request has this id: an unpaid, unexpired direct invoice, or a remote one
   * whose cashier named the request in its message (docs/protocol.md "The payment message").
   */
  async findOpen(id: string): Promise<PendingMintQuote | undefined> {
    const all = await this.deps.quotes.list();
    for (const quote of all) {
      if (quote.ecashRequestId === id && this.isOpen(quote)) return quote;
    }
    return undefined;
  }

  private isOpen(quote: PendingMintQuote): boolean {
    const nowSeconds = this.deps.clock() / 1000;
    return (
      (quote.kind === 'direct' || quote.kind === 'remote') &&
      quote.state === 'UNPAID' &&
      !quote.reservation &&
      !quote.lockedOutputs &&
      (quote.expiry === null || quote.expiry > nowSeconds)
    );
  }
}
