// Taking a Lightning payment as ecash: create and persist mint quotes, watch them, settle paid ones.
import { Amount } from '@cashu/cashu-ts';
import {
  CashewError,
  errorMessage,
  MintRefusedError,
  MintUnreachableError,
  ValidationError,
} from '../../errors';
import { BackoffTimers } from '../../backoff-timers';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import type { WalletEvents } from '../../events';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { KeyStore } from '../../keys/ports';
import type { ConfigStore } from '../../settings/ports';
import type { Ledger } from '../ledger-ports';
import type { MintQuoteStore, PendingMintQuote, QuoteKind } from '../mint/ports';
import type { ProofStore } from '../proof-ports';
import type { CounterSource } from '@cashu/cashu-ts';
import { Listeners, type Listener } from '../../listeners';
import { isCurrencyCode, type FiatRecord } from '../../prices/currencies';
import type { RemoteFiatLookup } from '../../prices/remote-sale-fiat';
import { checkSale } from '../../sale/sale-check';
import { paidBy, saleUnit, type Sale } from '../../sale/sale';
import { reconcileClaims } from './claim-reconciler';
import { isAmbiguous, NutCode, toMintError } from '../mint-errors';
import type { MintQuoteStateName } from '../mint/mint-quote-snapshot';
import { mintAmountLimits, type AmountLimits } from '../mint/mint-limits';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import {
  DEFAULT_WATCH_INTERVALS,
  mintQuoteClient,
  watchMintQuote,
  type QuoteWatch,
  type WatchIntervals,
} from '../mint/quote-watcher';
import { QuoteMinter, type QuoteMinterDeps, type QuoteSettled } from '../mint/quote-minter';
import type { WalletProvider } from '../wallet-provider';
import { SaleMint } from './sale-mint';
import { SAT, type Unit } from '../../units/unit';

export interface PaymentIntervals extends WatchIntervals {
  /** first wait before retrying a paid quote whose mint was unreachable; doubles each time */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_PAYMENT_INTERVALS: PaymentIntervals = {
  ...DEFAULT_WATCH_INTERVALS,
  retryBaseMs: 2_000,
  retryMaxMs: 60_000,
};

/**
 * The minter's keys and lock state (signing, inbox key, sealed seed, sales key), the backup of
 * sales minted while locked and the outputs derived ahead pass through.
 */
export interface PaymentServiceDeps extends Pick<
  QuoteMinterDeps,
  'getSigningKey' | 'inboxKeyFor' | 'seedSealed' | 'salesPublicKey' | 'lockedBackup' | 'prepared'
> {
  config: ConfigStore;
  keys: KeyStore;
  quotes: MintQuoteStore;
  ledger: Ledger;
  proofs: ProofStore;
  counters: CounterSource;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
  wallets: WalletProvider;
  intervals?: Partial<PaymentIntervals>;
  /** cross-tab exclusion per quote; defaults to Web Locks when present, else in-process */
  lock?: QuoteLock;
  /** test seam between the steps of a multi-step write (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  /**
   * The merchant's side of a remote sale of `sats`: its record at the current price, the two of a
   * jump it holds, or undefined for sats only or no price; checked against the cashier's record
   * (decisions 0046, 0053). Omitted: the cashier's record, or none, is recorded.
   */
  fiatFor?: RemoteFiatLookup;
  /**
   * When a new invoice's watch (its NUT-17 subscription, the WebSocket it may open, its first
   * check) starts: the app passes "after the frame that shows it" (app/services/after-shown.ts),
   * so that work does not sit between the mint's reply and the QR code. The quote is stored
   * before either. Omitted: at once.
   */
  afterShown?: (run: () => void) => void;
}

export const INVALID_FIAT_MESSAGE =
  'The fiat value of a sale must name a currency, a positive price and a value';

/** A fiat record a caller passes must be whole: bad input changes nothing. */
function checkFiat(fiat: FiatRecord): FiatRecord {
  const ok =
    isCurrencyCode(fiat.currency) &&
    typeof fiat.price === 'number' &&
    Number.isFinite(fiat.price) &&
    fiat.price > 0 &&
    typeof fiat.value === 'number' &&
    Number.isFinite(fiat.value) &&
    fiat.value >= 0 &&
    (fiat.time === undefined || (Number.isSafeInteger(fiat.time) && fiat.time >= 0));
  if (!ok) throw new ValidationError(INVALID_FIAT_MESSAGE);
  const record = { currency: fiat.currency, price: fiat.price, value: fiat.value };
  // The price's time is kept when given (docs/protocol.md "Price source", Record).
  return fiat.time === undefined ? record : { ...record, time: fiat.time };
}

/**
 * What the till knows of a waiting quote while its mint does not answer, shown in the invoice
 * modal (docs/behaviour.md "Point of sale"): 'checking' - looks at the quote keep failing, so
 * whether it was paid is not known; 'paid' - the mint said it was paid and minting it fails.
 * null: the mint answers again.
 */
export type QuoteHealth = 'checking' | 'paid';

export interface QuoteHealthChange {
  quote: string;
  health: QuoteHealth | null;
}

/** Failed looks in a row before a waiting quote is said to be unchecked (one may be a blip). */
export const CHECKS_FAILED_BEFORE_SAYING = 2;

/** What onSettled listeners receive: the quote, the sats stored and the balance after. */
export type PaymentSettled = QuoteSettled;

export interface PaymentFailed {
  quote: PendingMintQuote;
  kind: QuoteKind;
  error: CashewError;
}

/**
 * Why a payment failed, so the UI picks the toast of docs/behaviour.md "Point of sale" without
 * guessing from error types:
 * 'quote' - the mint quote failed, expired, was issued elsewhere or the mint refused it
 * ('❌ Payment failed. Please try again.'); 'processing' - minting or storing the proofs of a
 * paid quote threw ('❌ Error storing payment proofs. Please check the console.').
 */
export type PaymentFailureReason = 'quote' | 'processing';

/**
 * A failure result carries success false, the balance and the error text; this is its fallback
 * text.
 */
export const UNKNOWN_PAYMENT_ERROR = 'Unknown error occurred';

/** What onFailed listeners receive: PaymentFailed plus the failure result fields. */
export interface PaymentFailure extends PaymentFailed {
  success: false;
  reason: PaymentFailureReason;
  /** the thrown error's message; 'Unknown error occurred' when it was not an Error */
  errorText: string;
  /** total unspent balance when the failure was reported (0 when it could not be read) */
  balance: number;
}

export const INVALID_AMOUNT_MESSAGE = 'Amount must be a positive whole number of sats';
export const INVALID_UNIT_AMOUNT_MESSAGE =
  'Amount must be a positive whole number of the unit’s smallest step';

/** Unpaid remote quotes tracked at once (docs/protocol.md "Receiving (merchant inbox)"). */
export const MAX_UNPAID_REMOTE_QUOTES = 200;

/**
 * Owns every pending mint quote from creation to stored proofs: creates and watches invoices,
 * retries and reports, and hands each paid quote to the QuoteMinter (core/wallet/mint/), which
 * mints or recovers it under the quote's cross-tab lock.
 */
export class PaymentService {
  private readonly intervals: PaymentIntervals;
  private readonly watches = new Map<string, QuoteWatch>();
  private readonly processing = new Map<string, Promise<void>>();
  private readonly retries: BackoffTimers;
  private readonly settledListeners: Listeners<PaymentSettled>;
  private readonly failedListeners: Listeners<PaymentFailure>;
  private readonly healthListeners: Listeners<QuoteHealthChange>;
  private readonly health = new Map<string, QuoteHealth>();
  /** Failed looks in a row per watched quote. */
  private readonly failedChecks = new Map<string, number>();
  private foreground: string | null = null;
  private shown: string | null = null;
  private stopped = false;

  private readonly lock: QuoteLock;
  private readonly checkpoint: Checkpoint;
  private readonly minter: QuoteMinter;
  /** The mint the next sale asks (sale-mint.ts). */
  private readonly saleMint: SaleMint;

  constructor(private readonly deps: PaymentServiceDeps) {
    this.intervals = { ...DEFAULT_PAYMENT_INTERVALS, ...deps.intervals };
    this.saleMint = new SaleMint(() => deps.config.getMintUrl());
    this.retries = new BackoffTimers(this.intervals.retryBaseMs, this.intervals.retryMaxMs);
    this.lock = deps.lock ?? defaultQuoteLock();
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
    this.settledListeners = new Listeners(deps.logger, 'Payment settled listener threw');
    this.failedListeners = new Listeners(deps.logger, 'Payment failed listener threw');
    this.healthListeners = new Listeners(deps.logger, 'Quote health listener threw');
    this.minter = new QuoteMinter({
      ...deps,
      checkpoint: this.checkpoint,
      onSettled: (settled) => this.settledListeners.emit(settled),
      onIssuedElsewhere: (quote, error) => this.reportFailed(quote, error, 'quote', error),
    });
  }

  // ------------------------------------------------------------ public API

  /**
   * Creates a mint quote for the sale's amount in the sale's unit (NUT-04: sats, or cents of a
   * fiat unit the mint issues) at the configured mint, its fiat record and lines kept on it,
   * persists it with its unit, watches it. Its request (NUT-18) and its history record read the
   * sale from the quote.
   */
  async createInvoice(charged: Sale): Promise<PendingMintQuote> {
    const { amount } = charged;
    const unit = saleUnit(charged);
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new ValidationError(
        unit === 'sat' ? INVALID_AMOUNT_MESSAGE : INVALID_UNIT_AMOUNT_MESSAGE,
      );
    const fiat = charged.fiat ? checkFiat(charged.fiat) : undefined;
    const detail = paidBy(charged, 'lightning');
    const sale = detail ? checkSale(detail, amount) : undefined;
    // Creating a quote needs no seed: a locked till must not wait for the PIN here.
    const sealed = await this.seedSealed();
    // Asked without an IndexedDB read first: the mint URL and the wallet from memory.
    const { mintUrl, answer: reply } = await this.saleMint.ask(async (url) => {
      const wallet = await this.deps.wallets.getQuoteWallet(url, unit, sealed);
      try {
        return await wallet.createMintQuoteBolt11(Amount.from(amount));
      } catch (error) {
        throw toMintError(error);
      }
    });
    const quote: PendingMintQuote = {
      quote: reply.quote,
      mintUrl,
      amount,
      // Journaled with the quote: a reload mints in this unit (docs/protocol.md "Units").
      ...(unit === 'sat' ? {} : { unit }),
      request: reply.request,
      kind: 'direct',
      state: reply.state === 'PAID' || reply.state === 'ISSUED' ? reply.state : 'UNPAID',
      createdAt: this.deps.clock(),
      expiry: typeof reply.expiry === 'number' && reply.expiry > 0 ? reply.expiry : null,
      ...(fiat ? { fiat } : {}),
      ...(sale ? { sale } : {}),
      ...(charged.staff ? { staff: charged.staff } : {}),
    };
    // Persist before anything else can happen: a payment to this invoice must never be lost.
    await this.deps.quotes.put(quote);
    this.stopped = false;
    // Watched once it is on screen: nobody can pay it before, and a payment made meanwhile is
    // found by the watch's first look (docs/performance.md "Taps").
    (this.deps.afterShown ?? ((run: () => void) => run()))(() => this.start(quote));
    return quote;
  }

  /**
   * Loads the wallet the next createInvoice uses (the mint's keysets and keys) and reads the mint
   * URL it asks first, so the first sale after a start does not wait for them: the keypad asks
   * once it is idle. Never rejects; a failed load is only logged and createInvoice tries again.
   */
  async prepareInvoices(unit?: Unit): Promise<void> {
    try {
      const mintUrl = await this.saleMint.refresh();
      await ((await this.seedSealed())
        ? this.deps.wallets.getSeedlessWallet(mintUrl, unit)
        : this.deps.wallets.getWallet(mintUrl, unit));
    } catch (error) {
      this.deps.logger.warn('Could not load the mint before the first sale', error);
    }
  }

  /**
   * The amounts the configured mint takes for one invoice in `unit` (NUT-04, from its info: a
   * mint sets them per unit), so the keypad can refuse the others while they are typed. Rejects
   * with a mint error when it cannot be asked.
   */
  async amountLimits(unit: Unit = SAT): Promise<AmountLimits> {
    const mintUrl = await this.deps.config.getMintUrl();
    try {
      return mintAmountLimits(await this.deps.wallets.getMint(mintUrl).getInfo(), 'bolt11', unit);
    } catch (error) {
      throw toMintError(error);
    }
  }

  /** Takes over a quote created elsewhere (remote cashier): persists it if new, then watches it. */
  async track(quote: PendingMintQuote): Promise<void> {
    const existing = await this.deps.quotes.get(quote.quote);
    if (!existing) await this.deps.quotes.put(quote);
    this.stopped = false;
    this.start(existing ?? quote);
  }

  /**
   * A remote quote from the inbox: claims it and persists it as pending in one transaction (so
   * a closed tab can never leave a claim that nothing tracks), then watches it. False when it
   * was claimed before (another tab, or an earlier delivery of the same message).
   */
  async takeOverRemote(quote: PendingMintQuote): Promise<boolean> {
    // Each unpaid quote is watched at its mint: the cap keeps a flood from queueing real sales.
    const limit = {
      maxUnpaid: MAX_UNPAID_REMOTE_QUOTES,
      nowSeconds: Math.floor(this.deps.clock() / 1000),
    };
    if (!(await this.deps.ledger.claimRemoteQuote(quote, limit))) return false;
    await this.checkpoint('remote:claimed');
    this.stopped = false;
    this.start(quote);
    return true;
  }

  /**
   * Start-up and back-online: claims that nothing tracks are reconciled first, then every
   * persisted quote is checked once now. Paid ones are minted (or recovered), expired unpaid ones
   * removed, the rest watched at the background rate. Never rejects; failures are reported or
   * retried.
   */
  async resumeAll(): Promise<void> {
    this.stopped = false;
    await reconcileClaims(this.deps);
    const all = await this.deps.quotes.list().catch((error: unknown) => {
      this.deps.logger.error('Could not read pending mint quotes', error);
      return [];
    });
    await Promise.all(
      all.map(async (quote) => {
        try {
          this.retries.cancel(quote.quote, false);
          if (quote.reservation || quote.lockedOutputs || quote.state !== 'UNPAID') {
            await this.process(quote.quote);
            return;
          }
          const watch = this.watch(quote);
          await watch?.checkNow();
          await this.processing.get(quote.quote);
        } catch (error) {
          this.deps.logger.error(`Resuming mint quote ${quote.quote} failed`, error);
        }
      }),
    );
  }

  /** The invoice on screen is polled fast (foreground interval), every other one slowly. */
  setForeground(quote: PendingMintQuote | string | null): void {
    this.foreground = quote === null ? null : typeof quote === 'string' ? quote : quote.quote;
    for (const [id, watch] of this.watches) watch.setForeground(id === this.foreground);
  }

  /**
   * The newest direct invoice still waiting to be paid (unpaid, not expired, nothing minted yet),
   * so the keypad's "Waiting for {n} sats" line comes back after a reload. Null when none, or
   * when the pending quotes cannot be read.
   */
  async latestWaiting(): Promise<PendingMintQuote | null> {
    const all = await this.deps.quotes.list().catch((error: unknown) => {
      this.deps.logger.warn('Could not read pending mint quotes', error);
      return [];
    });
    const nowSeconds = this.deps.clock() / 1000;
    const waiting = all.filter(
      (q) =>
        q.kind === 'direct' &&
        q.state === 'UNPAID' &&
        !q.reservation &&
        !q.lockedOutputs &&
        q.request !== '' &&
        (q.expiry === null || q.expiry > nowSeconds),
    );
    waiting.sort((a, b) => b.createdAt - a.createdAt);
    return waiting[0] ?? null;
  }

  /**
   * The invoice the keypad shows, open or as its waiting line (set by the screen), so the app's
   * toast can tell a payment of another, earlier invoice apart. Changes no polling rate.
   */
  setShown(quote: string | null): void {
    this.shown = quote;
  }

  /** The invoice on screen: the one set by setShown, else the one polled in the foreground. */
  shownQuote(): string | null {
    return this.shown ?? this.foreground;
  }

  /**
   * The sale of this invoice was paid another way (ecash; docs/protocol.md "Receiving ecash"):
   * its watch stops and the listeners hear it as paid, so the screen and toasts end it as a sale.
   */
  paidElsewhere(quote: PendingMintQuote, amount: number, balance: number): void {
    this.watches.get(quote.quote)?.();
    this.watches.delete(quote.quote);
    this.forgetHealth(quote.quote);
    this.settledListeners.emit({ quote, amount, kind: quote.kind, balance });
  }

  onSettled(listener: Listener<PaymentSettled>): () => void {
    return this.settledListeners.add(listener);
  }

  onFailed(listener: Listener<PaymentFailure>): () => void {
    return this.failedListeners.add(listener);
  }

  /** How a quote stands while its mint does not answer (QuoteHealth); null once it answers. */
  quoteHealth(quote: string): QuoteHealth | null {
    return this.health.get(quote) ?? null;
  }

  /** A new listener hears each quote's current health first, so a screen opened late knows it. */
  onQuoteHealth(listener: Listener<QuoteHealthChange>): () => void {
    const off = this.healthListeners.add(listener);
    for (const [quote, health] of this.health) {
      try {
        listener({ quote, health });
      } catch (error) {
        this.deps.logger.error('Quote health listener threw', error);
      }
    }
    return off;
  }

  /** Cancels every watch and scheduled retry. A mint already in flight still finishes. */
  stop(): void {
    this.stopped = true;
    for (const watch of this.watches.values()) watch();
    this.watches.clear();
    this.retries.cancelAll();
  }

  /** Resolves when nothing is being minted right now (tests, orderly shutdown). */
  async idle(): Promise<void> {
    while (this.processing.size > 0) await Promise.allSettled([...this.processing.values()]);
  }

  // ------------------------------------------------------------ watching

  private start(quote: PendingMintQuote): void {
    if (quote.reservation || quote.lockedOutputs || quote.state !== 'UNPAID') {
      void this.process(quote.quote);
    } else this.watch(quote);
  }

  private watch(quote: PendingMintQuote): QuoteWatch | undefined {
    if (this.stopped || this.processing.has(quote.quote)) return undefined;
    const existing = this.watches.get(quote.quote);
    if (existing && !existing.done) return existing;
    const { logger, clock } = this.deps;
    const client = mintQuoteClient(this.deps.wallets.getMint(quote.mintUrl), logger);
    const watch = watchMintQuote(
      client,
      quote.quote,
      {
        onPaid: (snapshot) => {
          this.watches.delete(quote.quote);
          void this.process(quote.quote, snapshot.state);
        },
        onUpdate: () => {
          this.failedChecks.delete(quote.quote);
          if (this.health.get(quote.quote) === 'checking') this.setHealth(quote.quote, null);
        },
        onCheckFailed: () => {
          const failed = (this.failedChecks.get(quote.quote) ?? 0) + 1;
          this.failedChecks.set(quote.quote, failed);
          if (failed >= CHECKS_FAILED_BEFORE_SAYING && !this.health.has(quote.quote)) {
            this.setHealth(quote.quote, 'checking');
          }
        },
        onExpired: () => {
          this.watches.delete(quote.quote);
          void this.expire(quote);
        },
        onError: (error) => {
          // The mint refuses to even show the quote: keep it (never drop money on a guess), say so.
          this.watches.delete(quote.quote);
          void this.reportFailed(quote, toMintError(error), 'quote', error);
        },
      },
      {
        expiry: quote.expiry,
        foreground: quote.quote === this.foreground,
        intervals: this.intervals,
        clock,
        logger,
      },
    );
    this.watches.set(quote.quote, watch);
    return watch;
  }

  private async expire(quote: PendingMintQuote): Promise<void> {
    try {
      const row = await this.deps.quotes.get(quote.quote);
      // Reserved or journaled outputs mean we may have minted: never drop such a row on expiry.
      if (!row || row.reservation || row.lockedOutputs) return;
      await this.deps.ledger.closeMintQuote(quote.quote, 'expired');
      const expired = new MintRefusedError('Mint quote has expired', NutCode.quoteExpired);
      await this.reportFailed(row, expired, 'quote', expired);
    } catch (error) {
      this.deps.logger.error(`Removing expired mint quote ${quote.quote} failed`, error);
    }
  }

  // ------------------------------------------------------------ minting

  /** One attempt per quote at a time; a second caller shares the running one. */
  private process(id: string, observed?: MintQuoteStateName): Promise<void> {
    const running = this.processing.get(id);
    if (running) return running;
    this.watches.get(id)?.();
    this.watches.delete(id);
    const attempt = (async () => {
      let outcome: 'done' | 'watch' = 'done';
      try {
        // Another tab may be minting this quote: wait for it, then see what is left to do.
        outcome = await this.lock(`cashew-mint-quote:${id}`, () =>
          this.minter.settle(id, observed),
        );
        this.retries.cancel(id, true);
        this.forgetHealth(id);
      } catch (error) {
        await this.attemptFailed(id, error, observed);
      }
      this.processing.delete(id);
      if (outcome === 'watch') {
        const quote = await this.deps.quotes.get(id);
        if (quote) this.watch(quote);
      }
    })();
    this.processing.set(id, attempt);
    return attempt;
  }

  private async seedSealed(): Promise<boolean> {
    return (await this.deps.seedSealed?.()) ?? false;
  }

  // ------------------------------------------------------------ failures and retries

  private async attemptFailed(
    id: string,
    error: unknown,
    observed?: MintQuoteStateName,
  ): Promise<void> {
    if (isAmbiguous(error) || error instanceof MintUnreachableError) {
      this.deps.logger.warn(`Mint quote ${id}: mint unreachable, will retry`, error);
      this.scheduleRetry(id);
      await this.sayUnreachable(id, observed);
      return;
    }
    this.retries.cancel(id, true);
    this.forgetHealth(id);
    const quote = await this.deps.quotes.get(id).catch(() => undefined);
    const mapped = toMintError(error);
    this.deps.logger.error(`Mint quote ${id} failed`, mapped);
    // The mint refused (quote expired, issued, unknown, refused at minting): the payment did
    // not happen. Anything else broke while minting or storing proofs we are owed.
    const reason = mapped instanceof MintRefusedError ? 'quote' : 'processing';
    if (quote) await this.reportFailed(quote, mapped, reason, error);
  }

  /**
   * Minting or asking about a quote failed for want of an answer: said as 'paid' when the mint said
   * so (or minting began, which it does only for a paid quote), else as 'checking'.
   */
  private async sayUnreachable(id: string, observed?: MintQuoteStateName): Promise<void> {
    if (this.health.get(id) === 'paid') return;
    let paid = observed === 'PAID' || observed === 'ISSUED';
    if (!paid) {
      const row = await this.deps.quotes.get(id).catch(() => undefined);
      if (!row) return;
      paid = Boolean(row.reservation || row.lockedOutputs) || row.state !== 'UNPAID';
    }
    this.setHealth(id, paid ? 'paid' : 'checking');
  }

  private setHealth(quote: string, health: QuoteHealth | null): void {
    if ((this.health.get(quote) ?? null) === health) return;
    if (health === null) this.health.delete(quote);
    else this.health.set(quote, health);
    this.healthListeners.emit({ quote, health });
  }

  /** The quote ended (stored or failed): nothing more to say about it. */
  private forgetHealth(quote: string): void {
    this.failedChecks.delete(quote);
    this.setHealth(quote, null);
  }

  private scheduleRetry(id: string): void {
    if (this.stopped) return;
    this.retries.schedule(id, () => void this.process(id));
  }

  /** `thrown` is what was caught, as thrown: its message (or the fallback) is the error text. */
  private async reportFailed(
    quote: PendingMintQuote,
    error: CashewError,
    reason: PaymentFailureReason,
    thrown: unknown,
  ): Promise<void> {
    this.forgetHealth(quote.quote);
    let balance = 0;
    try {
      balance = await this.deps.proofs.balance();
    } catch (balanceError) {
      this.deps.logger.error('Reading the balance for a payment failure failed', balanceError);
    }
    const payload: PaymentFailure = {
      quote,
      kind: quote.kind,
      error,
      success: false,
      reason,
      errorText: errorMessage(thrown, UNKNOWN_PAYMENT_ERROR),
      balance,
    };
    this.failedListeners.emit(payload);
  }
}
