// The cashier device's payment service: create a quote for the merchant, deliver it over the relays,
// watch it until paid. Its events have the shape of PaymentService's, so the cashier's invoice hook
// and the point of sale's are alike; the cashier never holds ecash (the merchant's device mints).
import { Listeners, type Listener } from '../listeners';
import type { Logger } from '../logger';
import { mintQuoteClient, watchMintQuote, type QuoteWatch } from '../wallet/receive/quote-watcher';
import type { WalletProvider } from '../wallet/wallet-provider';
import { RelayPublishError } from './errors';
import type { RelayPool } from './relay-pool';
import { createRemoteInvoice, type RemoteInvoice } from './remote-invoice';

/** Where quotes are created and sent: read when an invoice is created. */
export interface RemoteTarget {
  mintUrl: string;
  relays: string[];
}

export interface RemoteCashierDeps {
  /** the merchant's Nostr key (x-only hex): quotes are locked to it and sent to it */
  merchantPubkeyHex: string;
  target: () => Promise<RemoteTarget>;
  /** seedless wallets: the cashier creates and watches quotes, never mints */
  wallets: Pick<WalletProvider, 'getSeedlessWallet' | 'getMint'>;
  /** one pool per invoice, destroyed once the message is stored (or refused) */
  createPool: () => RelayPool;
  logger: Logger;
}

export interface RemoteSettled {
  invoice: RemoteInvoice;
}

/** 'expired': nobody paid in time; 'refused': the mint refused the quote while it was watched. */
export interface RemoteFailure {
  invoice: RemoteInvoice;
  reason: 'expired' | 'refused';
  error?: Error;
}

export class RemoteCashier {
  private readonly settledListeners: Listeners<RemoteSettled>;
  private readonly failedListeners: Listeners<RemoteFailure>;
  /** the latest invoice's watch: a new invoice replaces it */
  private watch: QuoteWatch | null = null;
  private watchedQuote: string | null = null;
  /** bumped by stop(): an invoice created across a stop is not watched */
  private generation = 0;

  constructor(private readonly deps: RemoteCashierDeps) {
    this.settledListeners = new Listeners(deps.logger, 'Remote cashier listener threw');
    this.failedListeners = new Listeners(deps.logger, 'Remote cashier listener threw');
  }

  /**
   * Creates the quote at the target mint (NUT-20 locked to the merchant when the mint can),
   * delivers it, then watches it. Resolves only once at least one relay stored the message;
   * rejects with RelayPublishError when none did (no invoice may be shown then), or with the
   * mint's typed error.
   */
  async createInvoice(amount: number): Promise<RemoteInvoice> {
    const { logger } = this.deps;
    const generation = this.generation;
    const pool = this.deps.createPool();
    try {
      const target = await this.deps.target();
      const mintClient = await this.deps.wallets.getSeedlessWallet(target.mintUrl);
      const invoice = await createRemoteInvoice({
        merchantPubkeyHex: this.deps.merchantPubkeyHex,
        amount,
        mintUrl: target.mintUrl,
        relays: target.relays,
        pool,
        mintClient,
      });
      logger.info(`Remote quote ${invoice.quote} delivered to ${invoice.relays.length} relay(s)`);
      if (generation === this.generation) this.startWatching(invoice, target.mintUrl);
      return invoice;
    } catch (failure) {
      if (failure instanceof RelayPublishError) {
        logger.error('No relay accepted the payment message', failure.failures);
      } else {
        logger.error('Could not create the remote invoice', failure);
      }
      throw failure;
    } finally {
      // The message is stored (or refused) by now; the live connections are not needed.
      try {
        pool.destroy();
      } catch (closeError) {
        logger.debug('Closing the relay pool failed', closeError);
      }
    }
  }

  onSettled(listener: Listener<RemoteSettled>): () => void {
    return this.settledListeners.add(listener);
  }

  onFailed(listener: Listener<RemoteFailure>): () => void {
    return this.failedListeners.add(listener);
  }

  /** Stops watching; the cashier may create invoices again afterwards. */
  stop(): void {
    this.generation += 1;
    this.watch?.();
    this.watch = null;
    this.watchedQuote = null;
  }

  private startWatching(invoice: RemoteInvoice, mintUrl: string): void {
    const { logger } = this.deps;
    this.watch?.();
    const client = mintQuoteClient(this.deps.wallets.getMint(mintUrl), logger);
    const ended = () => {
      if (this.watchedQuote === invoice.quote) {
        this.watch = null;
        this.watchedQuote = null;
      }
    };
    this.watchedQuote = invoice.quote;
    this.watch = watchMintQuote(
      client,
      invoice.quote,
      {
        // PAID (or already ISSUED by the merchant): the customer paid; the merchant mints.
        onPaid: () => {
          ended();
          this.settledListeners.emit({ invoice });
        },
        onExpired: () => {
          ended();
          this.failedListeners.emit({ invoice, reason: 'expired' });
        },
        onError: (error) => {
          logger.error(`Remote quote ${invoice.quote} was refused by the mint`, error);
          ended();
          this.failedListeners.emit({ invoice, reason: 'refused', error });
        },
      },
      { expiry: invoice.expiry, foreground: true, logger },
    );
  }
}
