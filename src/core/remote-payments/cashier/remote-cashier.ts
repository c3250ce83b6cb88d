// The cashier device's payment service: create a quote for the merchant, deliver it over the relays,
// watch it until paid, keep it in the cashier's sales list and re-send it until the merchant's
// receipt arrives. Its events have the shape of PaymentService's, so the cashier's invoice hook
// and the point of sale's are alike; the cashier never holds ecash (the merchant's device mints).
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { Listeners, type Listener } from '../../listeners';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import { toMintError } from '../../wallet/mint-errors';
import { mintAmountLimits, type AmountLimits } from '../../wallet/mint/mint-limits';
import { mintQuoteClient, watchMintQuote, type QuoteWatch } from '../../wallet/mint/quote-watcher';
import type { WalletProvider } from '../../wallet/wallet-provider';
import { isLinkRevoked, readMerchantProfile } from './cashier-link';
import {
  awaitsReceipt,
  nextResendAt,
  type CashierSale,
  type CashierSaleStore,
  waitsToBeSent,
} from './cashier-sales';
import { CashierLinkRevokedError, MintNotAcceptedError, RelayPublishError } from '../errors';
import { sendPaymentMessage } from '../publish';
import { ReceiptListener } from './receipt-listener';
import type { SaleReceipt } from '../receipt-message';
import type { RelayPool } from '../relay-pool';
import { createRemoteInvoice, type RemoteInvoice } from './remote-invoice';
import { saleUnit, type Sale } from '../../sale/sale';
import type { Unit } from '../../units/unit';
import { encodeSaleRequest, newRequestId } from '../../wallet/ecash/sale-request';
import { cashierRequestId } from './cashier-request-id';
import { profileStillAccepts } from '../sale-judgement';

/** Where quotes are created and sent: read when an invoice is created. */
export interface RemoteTarget {
  mintUrl: string;
  relays: string[];
  /** the merchant's profile takes unlocked quotes on this mint; absent: locked only */
  allowUnlocked?: boolean;
  /**
   * The sales inbox key the merchant's profile names (x-only hex): sales are sent and locked to
   * it (decision 0030, point 7); absent (an older profile): to the merchant's key.
   */
  inboxPubkeyHex?: string;
}

export interface RemoteCashierDeps {
  /** the merchant's Nostr key (x-only hex): quotes are locked to it and sent to it */
  merchantPubkeyHex: string;
  target: () => Promise<RemoteTarget>;
  /** seedless wallets: the cashier creates and watches quotes, never mints */
  wallets: Pick<WalletProvider, 'getSeedlessWallet' | 'getMint'>;
  /** the cashier's one relay pool (publishing, the profile, receipts), destroyed by stop() */
  createPool: () => RelayPool;
  /** the sales list, kept until each sale's receipt arrives */
  sales: CashierSaleStore;
  /** the link's pairing secret; without it messages go unpaired */
  pairingSecret?: Uint8Array;
  /**
   * A person's link: valid only while the profile names it, and every message signed, since the
   * merchant tells whose link it is by the link's pairing key (docs/protocol.md "Staff links").
   */
  staffLink?: boolean;
  /**
   * Read the merchant's profile before each sale (beside the quote creation) and refuse the sale
   * when it says the link is no longer valid. On by default.
   */
  checkLinkBeforeSale?: boolean;
  /** how long the profile read before a sale may take (default RELAY_TIMEOUT_MS) */
  profileTimeoutMs?: number;
  /** the shop's name from the link, for the ecash request's description */
  shopName?: string;
  /** a fresh key per sale for its receipt (tests pass fixed ones) */
  newReceiptKey?: () => Uint8Array;
  clock?: Clock;
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

/** The merchant's receipt arrived for a sale. */
export interface RemoteConfirmed {
  quote: string;
  /** what the merchant credited, from its receipt, in `unit`'s minor units */
  amount: number;
  /** the sale's unit (decision 0092) */
  unit: Unit;
}

function invoiceOf(sale: CashierSale): RemoteInvoice {
  const invoice: RemoteInvoice = {
    quote: sale.quote,
    request: sale.message.request,
    amount: sale.amount,
    expiry: sale.expiry,
    relays: sale.relays,
  };
  if (sale.message.unit !== 'sat') invoice.unit = sale.message.unit;
  if (sale.message.pubkey) invoice.pubkey = sale.message.pubkey;
  return invoice;
}

export class RemoteCashier {
  private readonly settledListeners: Listeners<RemoteSettled>;
  private readonly failedListeners: Listeners<RemoteFailure>;
  private readonly salesListeners: Listeners<CashierSale[]>;
  private readonly confirmedListeners: Listeners<RemoteConfirmed>;
  private readonly clock: Clock;
  /** the list as shown, by quote */
  private readonly sales = new Map<string, CashierSale>();
  /** quotes created in this page session: only they raise paid / failed events */
  private readonly live = new Set<string>();
  private readonly watches = new Map<string, QuoteWatch>();
  private readonly resendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** quotes being re-sent right now: a second call waits for the next try instead */
  private readonly sending = new Set<string>();
  private pool: RelayPool | undefined;
  private listener: ReceiptListener | undefined;
  /** the receipt listener's own connections (it drops the ones that answered AUTH) */
  private receiptPool: RelayPool | undefined;
  /** bumped by stop(): work begun before a stop leaves no watch, timer or subscription behind */
  private generation = 0;
  /** start()'s read of the list: a new sale waits for it, so the read cannot pick it up half-made */
  private loaded: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RemoteCashierDeps) {
    const failure = 'Remote cashier listener threw';
    this.settledListeners = new Listeners(deps.logger, failure);
    this.failedListeners = new Listeners(deps.logger, failure);
    this.salesListeners = new Listeners(deps.logger, failure);
    this.confirmedListeners = new Listeners(deps.logger, failure);
    this.clock = deps.clock ?? Date.now;
  }

  /**
   * Loads the sales list (pruned first) and picks up where the last page left off: unpaid sales
   * are watched at the mint, every sale without a receipt is re-sent on its schedule and listened
   * for. Safe to call again after stop().
   */
  start(): Promise<void> {
    this.loaded = this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    const generation = this.generation;
    const { sales: store, merchantPubkeyHex, logger } = this.deps;
    let rows: CashierSale[] = [];
    try {
      await store.prune(merchantPubkeyHex, this.clock());
      rows = await store.list(merchantPubkeyHex);
    } catch (error) {
      logger.error('Could not read the cashier’s sales list', error);
    }
    if (generation !== this.generation) return;
    for (const sale of rows) {
      if (!this.sales.has(sale.quote)) this.sales.set(sale.quote, sale);
    }
    for (const sale of this.sales.values()) this.track(sale, false);
    this.listenForReceipts();
    this.emitSales();
  }

  /**
   * Creates the quote at the target mint (NUT-20 locked to the merchant when the mint can), with
   * a fresh receipt key and the link's pairing proof, writes the sale to the list, delivers the
   * message, then watches the quote. Resolves only once at least one relay stored the message;
   * rejects with RelayPublishError when none did (no invoice may be shown then),
   * CashierLinkRevokedError when the merchant's profile says this link is no longer valid, or
   * the mint's typed error.
   */
  /**
   * The amounts the target mint takes for one invoice (NUT-04, from its info), so the cashier's
   * keypad refuses the others while they are typed, as the merchant's does. Rejects with a mint
   * error when the mint cannot be asked.
   */
  async amountLimits(unit: Unit = 'sat'): Promise<AmountLimits> {
    const { mintUrl } = await this.deps.target();
    try {
      return mintAmountLimits(await this.deps.wallets.getMint(mintUrl).getInfo(), 'bolt11', unit);
    } catch (error) {
      throw toMintError(error);
    }
  }

  /**
   * Creates the sale's quote and delivers it; its lines (a cart's) and its fiat record (at the
   * price the screen showed, decision 0046) go with it. Each sale is
   * offered as a NUT-18 request too, paid to the merchant and named in the message, so the
   * merchant's inbox knows it (docs/protocol.md "Remote cashier requests").
   */
  async createInvoice(charged: Sale): Promise<RemoteInvoice> {
    const { amount } = charged;
    // The till's unit, as the merchant's catalog named it: the quote is asked in it (0092).
    const unit = saleUnit(charged);
    const { logger, merchantPubkeyHex, sales: store } = this.deps;
    await this.loaded;
    const generation = this.generation;
    const pool = this.relayPool();
    let written: CashierSale | undefined;
    try {
      const target = await this.deps.target();
      const revoked = this.linkCheck(pool, target);
      const receiptSecretKey = (this.deps.newReceiptKey ?? generateSecretKey)();
      const mintClient = await this.deps.wallets.getSeedlessWallet(target.mintUrl, unit);
      // Tagged with the link's secret: the merchant holds its payload apart from strangers' junk.
      const secret = this.deps.pairingSecret;
      const ecashRequestId = secret ? cashierRequestId(secret) : newRequestId();
      const invoice = await createRemoteInvoice({
        merchantPubkeyHex,
        amount,
        ...(unit === 'sat' ? {} : { unit }),
        mintUrl: target.mintUrl,
        relays: target.relays,
        pool,
        mintClient,
        receiptPubkeyHex: getPublicKey(receiptSecretKey),
        pairingSecret: this.deps.pairingSecret,
        ...(this.deps.staffLink ? { signPairing: true } : {}),
        allowUnlocked: target.allowUnlocked === true,
        ecashRequestId,
        ...(charged.lines ? { sale: charged.lines } : {}),
        ...(charged.fiat ? { fiat: charged.fiat, now: this.clock() } : {}),
        ...(target.inboxPubkeyHex ? { recipientPubkeyHex: target.inboxPubkeyHex } : {}),
        beforePublish: async (message) => {
          const check = await revoked;
          if (check === 'revoked') {
            throw new CashierLinkRevokedError('This cashier link is no longer valid');
          }
          if (check === 'mint-gone') {
            throw new MintNotAcceptedError('The merchant no longer accepts this mint');
          }
          // Written before the message leaves, so a page closed right after still re-sends it.
          written = {
            quote: message.quote,
            merchant: merchantPubkeyHex,
            amount: message.amount,
            mintUrl: target.mintUrl,
            relays: target.relays,
            message,
            receiptSecretKey,
            expiry: message.expiry ?? null,
            status: 'unpaid',
            createdAt: this.clock(),
            sends: 0,
            ...(target.inboxPubkeyHex ? { recipient: target.inboxPubkeyHex } : {}),
          };
          await store.put(written).catch((error: unknown) => {
            logger.warn(
              'Could not store the sale; it is re-sent only while this page is open',
              error,
            );
          });
        },
      });
      logger.info(`Remote quote ${invoice.quote} delivered to ${invoice.relays.length} relay(s)`);
      invoice.ecash = encodeSaleRequest({
        id: ecashRequestId,
        amount: invoice.amount,
        ...(unit === 'sat' ? {} : { unit }),
        mints: [target.mintUrl],
        shopName: this.deps.shopName ?? '',
        merchantPubkey: merchantPubkeyHex,
        relays: target.relays,
      });
      const sale: CashierSale = {
        ...(written as CashierSale),
        sends: 1,
        lastSentAt: this.clock(),
      };
      await store
        .update(sale.quote, { sends: 1, lastSentAt: sale.lastSentAt })
        .catch((error: unknown) => logger.warn('Could not record the delivery', error));
      if (generation === this.generation) {
        this.live.add(sale.quote);
        this.sales.set(sale.quote, sale);
        this.track(sale, true);
        this.listenForReceipts();
        await this.pruneList();
        this.emitSales();
      }
      return invoice;
    } catch (failure) {
      if (written) {
        // Nobody will see this invoice: it leaves the list (its quote simply expires unpaid).
        await store.delete(written.quote).catch(() => {});
        if (this.sales.delete(written.quote)) this.emitSales();
      }
      if (failure instanceof RelayPublishError) {
        logger.error('No relay accepted the payment message', failure.failures);
      } else if (failure instanceof CashierLinkRevokedError) {
        logger.warn('The merchant’s profile says this cashier link is no longer valid');
      } else if (failure instanceof MintNotAcceptedError) {
        logger.warn('The merchant’s profile no longer lists the mint of this page');
      } else {
        logger.error('Could not create the remote invoice', failure);
      }
      throw failure;
    }
  }

  /** The list, newest first. */
  list(): CashierSale[] {
    return [...this.sales.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  onSettled(listener: Listener<RemoteSettled>): () => void {
    return this.settledListeners.add(listener);
  }

  onFailed(listener: Listener<RemoteFailure>): () => void {
    return this.failedListeners.add(listener);
  }

  /** The list changed (a sale added, paid, confirmed, expired or pruned). */
  onSalesChanged(listener: Listener<CashierSale[]>): () => void {
    return this.salesListeners.add(listener);
  }

  onConfirmed(listener: Listener<RemoteConfirmed>): () => void {
    return this.confirmedListeners.add(listener);
  }

  /**
   * Sends every sale waiting to be sent now rather than at its next try: the page says the
   * network is back (the browser's `online` event).
   */
  sendWaitingNow(): void {
    for (const sale of this.sales.values()) {
      if (!waitsToBeSent(sale)) continue;
      this.cancelResend(sale.quote);
      void this.resend(sale.quote);
    }
  }

  /** Stops watching, re-sending and listening; start() picks everything up again. */
  stop(): void {
    this.generation += 1;
    for (const watch of this.watches.values()) watch();
    this.watches.clear();
    for (const timer of this.resendTimers.values()) clearTimeout(timer);
    this.resendTimers.clear();
    this.listener?.stop();
    this.listener = undefined;
    for (const pool of [this.pool, this.receiptPool]) {
      try {
        pool?.destroy();
      } catch (closeError) {
        this.deps.logger.debug('Closing the relay pool failed', closeError);
      }
    }
    this.pool = undefined;
    this.receiptPool = undefined;
  }

  private relayPool(): RelayPool {
    this.pool ??= this.deps.createPool();
    return this.pool;
  }

  /**
   * What the merchant's newest profile says of this sale: the link is revoked, the mint is no
   * longer accepted, or go on. Unknown (no answer) counts as go on: the page read a profile
   * when it opened.
   */
  private async linkCheck(
    pool: RelayPool,
    target: RemoteTarget,
  ): Promise<'ok' | 'revoked' | 'mint-gone'> {
    if (this.deps.checkLinkBeforeSale === false) return 'ok';
    try {
      const profile = await readMerchantProfile({
        pool,
        relays: target.relays,
        merchantPubkeyHex: this.deps.merchantPubkeyHex,
        timeoutMs: this.deps.profileTimeoutMs,
      });
      if (isLinkRevoked(profile, this.deps.pairingSecret, this.deps.staffLink)) return 'revoked';
      return profileStillAccepts(profile, target.mintUrl) ? 'ok' : 'mint-gone';
    } catch (error) {
      this.deps.logger.debug('Could not read the merchant profile before the sale', error);
      return 'ok';
    }
  }

  private emitSales(): void {
    this.salesListeners.emit(this.list());
  }

  /** Watches an unpaid sale at the mint and schedules its next re-send. */
  private track(sale: CashierSale, foreground: boolean): void {
    if (sale.status === 'unpaid' && !this.watches.has(sale.quote)) this.watch(sale, foreground);
    this.scheduleResend(sale);
  }

  private async change(
    quote: string,
    changes: Partial<CashierSale>,
  ): Promise<CashierSale | undefined> {
    const sale = this.sales.get(quote);
    if (!sale) return undefined;
    const updated = { ...sale, ...changes };
    this.sales.set(quote, updated);
    await this.deps.sales
      .update(quote, changes)
      .catch((error: unknown) => this.deps.logger.warn(`Could not update sale ${quote}`, error));
    return updated;
  }

  private endWatch(quote: string): void {
    this.watches.get(quote)?.();
    this.watches.delete(quote);
  }

  private watch(sale: CashierSale, foreground: boolean): void {
    const { logger } = this.deps;
    const client = mintQuoteClient(this.deps.wallets.getMint(sale.mintUrl), logger);
    const quote = sale.quote;
    const invoice = invoiceOf(sale);
    const watch = watchMintQuote(
      client,
      quote,
      {
        // PAID (or already ISSUED by the merchant): the customer paid; the merchant mints.
        onPaid: () => {
          this.watches.delete(quote);
          void (async () => {
            const current = this.sales.get(quote);
            if (current?.status === 'unpaid') {
              await this.change(quote, { status: 'paid', paidAt: this.clock() });
              // A relay with AUTH is then asked with this sale's key (receipt-listener.ts).
              this.listenForReceipts();
              this.emitSales();
            }
            if (this.live.has(quote) && current?.status !== 'confirmed') {
              this.settledListeners.emit({ invoice });
            }
          })();
        },
        onExpired: () => {
          this.watches.delete(quote);
          void (async () => {
            if (this.sales.get(quote)?.status !== 'unpaid') return;
            await this.change(quote, { status: 'expired' });
            this.cancelResend(quote);
            this.listenForReceipts();
            this.emitSales();
            if (this.live.has(quote)) this.failedListeners.emit({ invoice, reason: 'expired' });
          })();
        },
        onError: (error) => {
          this.watches.delete(quote);
          logger.error(`Remote quote ${quote} was refused by the mint`, error);
          if (this.live.has(quote)) {
            this.failedListeners.emit({ invoice, reason: 'refused', error });
          }
        },
      },
      { expiry: sale.expiry, foreground, logger },
    );
    // Only the invoice on screen polls fast: an older one goes to the background.
    if (foreground) for (const other of this.watches.values()) other.setForeground(false);
    this.watches.set(quote, watch);
  }

  private cancelResend(quote: string): void {
    clearTimeout(this.resendTimers.get(quote));
    this.resendTimers.delete(quote);
  }

  private scheduleResend(sale: CashierSale): void {
    this.cancelResend(sale.quote);
    const due = nextResendAt(sale);
    if (due === undefined) return;
    const generation = this.generation;
    const timer = setTimeout(
      () => {
        this.resendTimers.delete(sale.quote);
        if (generation === this.generation) void this.resend(sale.quote);
      },
      Math.max(0, due - this.clock()),
    );
    this.resendTimers.set(sale.quote, timer);
  }

  /**
   * The very same message (same quote, receipt key and proof) in a new gift wrap. When no relay
   * stores it the sale waits to be sent (kept in IndexedDB, so a reload keeps it too) and is tried
   * again on WAITING_RETRY_MS; the first delivery after such a gap sends the other waiting sales
   * at once. The merchant takes each quote once however often it arrives (processed quotes).
   */
  private async resend(quote: string): Promise<void> {
    const sale = this.sales.get(quote);
    if (!sale || !awaitsReceipt(sale) || this.sending.has(quote)) return;
    this.sending.add(quote);
    try {
      await this.sendAgain(sale);
    } finally {
      this.sending.delete(quote);
    }
  }

  private async sendAgain(sale: CashierSale): Promise<void> {
    const { quote } = sale;
    const generation = this.generation;
    const wasWaiting = waitsToBeSent(sale);
    try {
      const { accepted } = await sendPaymentMessage({
        recipientPubkeyHex: sale.recipient ?? this.deps.merchantPubkeyHex,
        message: sale.message,
        relays: sale.relays,
        pool: this.relayPool(),
      });
      this.deps.logger.info(`Remote quote ${quote} sent again to ${accepted.length} relay(s)`);
      const updated = await this.change(quote, {
        sends: sale.sends + 1,
        lastSentAt: this.clock(),
        sendFailedAt: undefined,
      });
      if (!updated || generation !== this.generation) return;
      this.scheduleResend(updated);
      if (wasWaiting) {
        this.emitSales();
        this.sendWaitingNow();
      }
    } catch (error) {
      this.deps.logger.warn(`Could not send remote quote ${quote} again`, error);
      const updated = await this.change(quote, { sendFailedAt: this.clock() });
      if (!updated || generation !== this.generation) return;
      if (!wasWaiting) this.emitSales();
      this.scheduleResend(updated);
    }
  }

  private listenForReceipts(): void {
    const waiting = [...this.sales.values()].filter(awaitsReceipt);
    if (!this.listener) {
      if (waiting.length === 0) return;
      this.receiptPool ??= this.deps.createPool();
      this.listener = new ReceiptListener({
        pool: this.receiptPool,
        merchantPubkeyHex: this.deps.merchantPubkeyHex,
        onReceipt: (quote, receipt) => void this.confirm(quote, receipt),
        logger: this.deps.logger,
      });
    }
    this.listener.listen(waiting);
  }

  private async confirm(quote: string, receipt: SaleReceipt): Promise<void> {
    const sale = this.sales.get(quote);
    if (!sale || sale.status === 'confirmed') return;
    const unit = sale.message.unit;
    const credited = receipt.unit ?? 'sat';
    if (receipt.amount !== sale.amount || credited !== unit) {
      this.deps.logger.warn(
        `The merchant confirmed ${receipt.amount} ${credited} for a ${sale.amount} ${unit} sale ${quote}`,
      );
    }
    this.endWatch(quote);
    this.cancelResend(quote);
    await this.change(quote, {
      status: 'confirmed',
      confirmedAt: this.clock(),
      confirmedAmount: receipt.amount,
      paidAt: sale.paidAt ?? this.clock(),
    });
    this.listenForReceipts();
    this.emitSales();
    this.confirmedListeners.emit({ quote, amount: receipt.amount, unit: credited });
  }

  private async pruneList(): Promise<void> {
    const { sales: store, merchantPubkeyHex, logger } = this.deps;
    try {
      if ((await store.prune(merchantPubkeyHex, this.clock())) === 0) return;
      const kept = new Set((await store.list(merchantPubkeyHex)).map((sale) => sale.quote));
      for (const quote of [...this.sales.keys()]) {
        if (kept.has(quote)) continue;
        this.sales.delete(quote);
        this.endWatch(quote);
        this.cancelResend(quote);
      }
      this.listenForReceipts();
    } catch (error) {
      logger.warn('Could not prune the cashier’s sales list', error);
    }
  }
}
