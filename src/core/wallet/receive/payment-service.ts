// Taking a Lightning payment as ecash: create and persist mint quotes, watch them, mint, recover.
import { Amount, type Wallet } from '@cashu/cashu-ts';
import {
  CashewError,
  errorMessage,
  MintRefusedError,
  MintUnreachableError,
  ValidationError,
} from '../../errors';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import type { WalletEvents } from '../../events';
import type { Logger } from '../../logger';
import type {
  Clock,
  ConfigStore,
  CounterReservation,
  CounterSource,
  KeyStore,
  Ledger,
  LockedOutputs,
  MintQuoteStore,
  NewProof,
  PendingMintQuote,
  ProofStore,
  QuoteKind,
} from '../../ports';
import { Listeners, type Listener } from '../../listeners';
import { isCurrencyCode, type FiatRecord } from '../../prices/currencies';
import {
  firstUnusedCounter,
  mintReserved,
  outputCountFor,
  restoreReservation,
} from '../mint/deterministic-mint';
import { reconcileClaims } from './claim-reconciler';
import { createLockedOutputs, mintLocked, restoreLocked, toRandomProof } from '../mint/locked-mint';
import { isAmbiguous, NutCode, refusalCode, toMintError } from '../mint-errors';
import type { MintQuoteStateName } from '../mint/mint-quote-snapshot';
import { mintAmountLimits, type AmountLimits } from '../mint/mint-limits';
import { signingKeyForQuote } from '../mint/nut20-key';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { sumSats, toNewProof } from '../proof-convert';
import {
  DEFAULT_WATCH_INTERVALS,
  mintQuoteClient,
  watchMintQuote,
  type QuoteWatch,
  type WatchIntervals,
} from '../mint/quote-watcher';
import type { WalletProvider } from '../wallet-provider';

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

export interface PaymentServiceDeps {
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
  /** the device's nostr secret key: signs mint requests for NUT-20 locked (remote) quotes */
  getSigningKey(): Promise<Uint8Array>;
  /**
   * True while the seed is sealed and the PIN not entered yet: sales are then minted with random
   * outputs instead of waiting for the seed (decision 0024). Omitted: never (no till lock).
   */
  seedSealed?: () => Promise<boolean>;
  intervals?: Partial<PaymentIntervals>;
  /** cross-tab exclusion per quote; defaults to Web Locks when present, else in-process */
  lock?: QuoteLock;
  /** test seam between the steps of a multi-step write (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  /**
   * The merchant's fiat record of a remote sale of `sats` at the current price (the cashier's
   * message carries none); undefined for sats only or no price. Omitted: none is recorded.
   */
  fiatFor?: (sats: number) => Promise<FiatRecord | undefined>;
}

/** A remote sale's price lookup may not hold the settlement of minted proofs for longer. */
const REMOTE_FIAT_TIMEOUT_MS = 2_000;

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

export interface PaymentSettled {
  quote: PendingMintQuote;
  amount: number;
  kind: QuoteKind;
  /** total unspent balance after storing the proofs */
  balance: number;
}

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

/** Unpaid remote quotes tracked at once (docs/protocol.md "Receiving (merchant inbox)"). */
export const MAX_UNPAID_REMOTE_QUOTES = 200;

/** At most this many mint/recover rounds per attempt; then the attempt is retried later. */
const MAX_ROUNDS = 6;

/**
 * Owns every pending mint quote from creation to stored proofs. A quote row carrying a counter
 * reservation may have been signed: it is only ever finished by NUT-09 restore of that range or
 * by re-sending the very same outputs, never by minting with new counters.
 */
export class PaymentService {
  private readonly intervals: PaymentIntervals;
  private readonly watches = new Map<string, QuoteWatch>();
  private readonly processing = new Map<string, Promise<void>>();
  private readonly retries = new Map<
    string,
    { timer?: ReturnType<typeof setTimeout>; attempt: number }
  >();
  private readonly settledListeners: Listeners<PaymentSettled>;
  private readonly failedListeners: Listeners<PaymentFailure>;
  private foreground: string | null = null;
  private shown: string | null = null;
  private stopped = false;

  private readonly lock: QuoteLock;
  private readonly checkpoint: Checkpoint;

  constructor(private readonly deps: PaymentServiceDeps) {
    this.intervals = { ...DEFAULT_PAYMENT_INTERVALS, ...deps.intervals };
    this.lock = deps.lock ?? defaultQuoteLock();
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
    this.settledListeners = new Listeners(deps.logger, 'Payment settled listener threw');
    this.failedListeners = new Listeners(deps.logger, 'Payment failed listener threw');
  }

  // ------------------------------------------------------------ public API

  /** Creates a mint quote for `amount` sats at the configured mint, persists it, watches it. */
  async createInvoice(
    amount: number,
    options: { fiat?: FiatRecord } = {},
  ): Promise<PendingMintQuote> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new ValidationError(INVALID_AMOUNT_MESSAGE);
    const fiat = options.fiat ? checkFiat(options.fiat) : undefined;
    const mintUrl = await this.deps.config.getMintUrl();
    // Creating a quote needs no seed: a locked till must not wait for the PIN here.
    const wallet = (await this.seedSealed())
      ? await this.deps.wallets.getSeedlessWallet(mintUrl)
      : await this.deps.wallets.getWallet(mintUrl);
    let reply;
    try {
      reply = await wallet.createMintQuoteBolt11(Amount.from(amount));
    } catch (error) {
      throw toMintError(error);
    }
    const quote: PendingMintQuote = {
      quote: reply.quote,
      mintUrl,
      amount,
      request: reply.request,
      kind: 'direct',
      state: reply.state === 'PAID' || reply.state === 'ISSUED' ? reply.state : 'UNPAID',
      createdAt: this.deps.clock(),
      expiry: typeof reply.expiry === 'number' && reply.expiry > 0 ? reply.expiry : null,
      ...(fiat ? { fiat } : {}),
    };
    // Persist before anything else can happen: a payment to this invoice must never be lost.
    await this.deps.quotes.put(quote);
    this.stopped = false;
    this.start(quote);
    return quote;
  }

  /**
   * The amounts the configured mint takes for one invoice (NUT-04, from its info), so the keypad
   * can refuse the others while they are typed. Rejects with a mint error when it cannot be asked.
   */
  async amountLimits(): Promise<AmountLimits> {
    const mintUrl = await this.deps.config.getMintUrl();
    try {
      return mintAmountLimits(await this.deps.wallets.getMint(mintUrl).getInfo());
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
          this.clearRetry(quote.quote, false);
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

  onSettled(listener: Listener<PaymentSettled>): () => void {
    return this.settledListeners.add(listener);
  }

  onFailed(listener: Listener<PaymentFailure>): () => void {
    return this.failedListeners.add(listener);
  }

  /** Cancels every watch and scheduled retry. A mint already in flight still finishes. */
  stop(): void {
    this.stopped = true;
    for (const watch of this.watches.values()) watch();
    this.watches.clear();
    for (const id of [...this.retries.keys()]) this.clearRetry(id, true);
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
        outcome = await this.lock(`cashew-mint-quote:${id}`, () => this.settleQuote(id, observed));
        this.clearRetry(id, true);
      } catch (error) {
        await this.attemptFailed(id, error);
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

  /** Mints (or recovers) a paid quote; 'watch' when the mint says it is not paid after all. */
  private async settleQuote(id: string, observed?: MintQuoteStateName): Promise<'done' | 'watch'> {
    const { quotes } = this.deps;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const quote = await quotes.get(id);
      if (!quote) return 'done'; // settled by another tab or delivery
      if (await this.mintsWhileLocked(quote)) {
        const outcome = await this.settleWhileLocked(quote, round === 0 ? observed : undefined);
        if (outcome === 'again') continue;
        return outcome;
      }
      const { wallet, seed } = await this.deps.wallets.getSeededWallet(quote.mintUrl);

      let reservation: CounterReservation;
      let fresh: boolean;
      if (quote.reservation) {
        const outcome = await this.recover(wallet, quote, quote.reservation);
        if (outcome === 'settled' || outcome === 'final') return 'done';
        if (outcome === 'unpaid') return 'watch';
        if (outcome === 'stale') continue;
        reservation = quote.reservation; // nothing signed: send the very same outputs again
        fresh = false;
      } else {
        if (round === 0 && observed === 'ISSUED') {
          await this.issuedElsewhere(quote);
          return 'done';
        }
        reservation = await this.reserve(wallet, quote);
        fresh = true;
      }

      try {
        const proofs = await mintReserved(wallet, seed, {
          quote: quote.quote,
          amount: quote.amount,
          reservation,
          ...(quote.pubkey
            ? {
                pubkey: quote.pubkey,
                privkey: signingKeyForQuote(quote.pubkey, await this.deps.getSigningKey()),
              }
            : {}),
        });
        await this.checkpoint('mint:signed');
        await this.settle(quote, proofs.map(toNewProof));
        return 'done';
      } catch (error) {
        const code = refusalCode(error);
        if (code === NutCode.outputsAlreadySigned && fresh) {
          // Our brand-new counters were used before (wallet restored from its phrase):
          // the mint did nothing now, so skip past the used range and mint again.
          await this.skipAhead(wallet, reservation);
          await quotes.update(id, { reservation: undefined });
          continue;
        }
        if (
          code === NutCode.outputsAlreadySigned ||
          code === NutCode.quoteAlreadyIssued ||
          isAmbiguous(error)
        ) {
          // Maybe signed: the next round restores the reserved range before anything else.
          this.deps.logger.warn(`Mint request for ${id} ended ambiguously; recovering`, error);
          continue;
        }
        if ((code === NutCode.keysetInactive || code === NutCode.keysetUnknown) && fresh) {
          this.deps.logger.info(`Mint ${quote.mintUrl} rotated its keyset; reloading the wallet`);
          this.deps.wallets.invalidate(quote.mintUrl);
          await quotes.update(id, { reservation: undefined });
          continue;
        }
        if (code === NutCode.quoteNotPaid) {
          await quotes.update(id, { reservation: undefined, state: 'UNPAID' });
          return 'watch';
        }
        throw error;
      }
    }
    throw new MintUnreachableError(`Mint quote ${id} could not be settled yet`);
  }

  private async seedSealed(): Promise<boolean> {
    return (await this.deps.seedSealed?.()) ?? false;
  }

  /**
   * A quote with a locked journal is finished that way, locked or not. A new mint takes that way
   * only while the seed is sealed, and never for a NUT-20 quote: its signing key is sealed too.
   */
  private async mintsWhileLocked(quote: PendingMintQuote): Promise<boolean> {
    if (quote.lockedOutputs) return true;
    if (quote.reservation || quote.pubkey) return false;
    return this.seedSealed();
  }

  /**
   * One round of minting with random outputs (decision 0024): the outputs are journaled on the
   * quote row before the request, and a journal already there is first restored (NUT-09), then
   * re-sent as it is if nothing was signed. 'again': the next round looks at the quote anew.
   */
  private async settleWhileLocked(
    quote: PendingMintQuote,
    observed?: MintQuoteStateName,
  ): Promise<'done' | 'watch' | 'again'> {
    const wallet = await this.deps.wallets.getSeedlessWallet(quote.mintUrl);
    let journal: LockedOutputs;
    let fresh: boolean;
    if (quote.lockedOutputs) {
      const outcome = await this.recoverLocked(wallet, quote, quote.lockedOutputs);
      if (outcome === 'settled' || outcome === 'final') return 'done';
      if (outcome === 'unpaid') return 'watch';
      journal = quote.lockedOutputs;
      fresh = false;
    } else {
      if (observed === 'ISSUED') {
        await this.issuedElsewhere(quote);
        return 'done';
      }
      journal = createLockedOutputs(wallet, quote.amount);
      await this.deps.quotes.update(quote.quote, { lockedOutputs: journal, state: 'PAID' });
      await this.checkpoint('mint:outputs-journaled');
      fresh = true;
    }
    try {
      const proofs = await mintLocked(wallet, {
        quote: quote.quote,
        amount: quote.amount,
        journal,
      });
      await this.checkpoint('mint:signed');
      await this.settle(quote, proofs.map(toRandomProof));
      return 'done';
    } catch (error) {
      const code = refusalCode(error);
      if (
        code === NutCode.outputsAlreadySigned ||
        code === NutCode.quoteAlreadyIssued ||
        isAmbiguous(error)
      ) {
        this.deps.logger.warn(
          `Locked mint for ${quote.quote} ended ambiguously; recovering`,
          error,
        );
        return 'again';
      }
      if ((code === NutCode.keysetInactive || code === NutCode.keysetUnknown) && fresh) {
        this.deps.wallets.invalidate(quote.mintUrl);
        await this.deps.quotes.update(quote.quote, { lockedOutputs: undefined });
        return 'again';
      }
      if (code === NutCode.quoteNotPaid) {
        await this.deps.quotes.update(quote.quote, { lockedOutputs: undefined, state: 'UNPAID' });
        return 'watch';
      }
      throw error;
    }
  }

  /** As `recover`, for journaled random outputs: nobody else holds them, so what is signed is ours. */
  private async recoverLocked(
    wallet: Wallet,
    quote: PendingMintQuote,
    journal: LockedOutputs,
  ): Promise<'settled' | 'resend' | 'final' | 'unpaid'> {
    let signed;
    try {
      signed = await restoreLocked(wallet, journal);
    } catch (error) {
      throw toMintError(error);
    }
    if (signed.length > 0) {
      await this.settle(quote, signed.map(toRandomProof));
      return 'settled';
    }
    return this.afterNothingSigned(wallet, quote, { lockedOutputs: undefined });
  }

  /** Reserves counters for the outputs, then records the reservation before any request. */
  private async reserve(wallet: Wallet, quote: PendingMintQuote): Promise<CounterReservation> {
    const { keysetId, count } = outputCountFor(wallet, quote.amount);
    const range = await this.deps.counters.reserve(keysetId, count);
    // A crash here only leaves unused counters behind: they are never handed out again.
    await this.checkpoint('mint:counters-reserved');
    const reservation: CounterReservation = { keysetId, start: range.start, count: range.count };
    await this.deps.quotes.update(quote.quote, { reservation, state: 'PAID' });
    await this.checkpoint('mint:reservation-recorded');
    return reservation;
  }

  /**
   * What did the mint sign for this reservation? 'settled' when our outputs were signed and are
   * now stored; 'resend' when nothing was signed and the quote is still PAID; 'stale' when the
   * range holds someone else's (an earlier install's) signatures; 'final' when the quote was
   * issued without our outputs; 'unpaid' when the mint says it was never paid.
   */
  private async recover(
    wallet: Wallet,
    quote: PendingMintQuote,
    reservation: CounterReservation,
  ): Promise<'settled' | 'resend' | 'stale' | 'final' | 'unpaid'> {
    let restored;
    try {
      restored = await restoreReservation(wallet, reservation);
    } catch (error) {
      throw toMintError(error);
    }
    if (restored.signed.length > 0) {
      const found = restored.unspent.map(toNewProof);
      // By secret, not by listing: a locked till cannot list the sealed ones (decision 0030).
      const stored = await this.deps.proofs.unspentOf(found.map((p) => p.secret));
      const ours = found.filter((p) => !stored.has(p.secret));
      if (sumSats(ours) === quote.amount) {
        await this.settle(quote, ours);
        return 'settled';
      }
      // Already in our store and the row gone: another tab settled this range while we looked.
      if (!(await this.deps.quotes.get(quote.quote))) return 'settled';
      this.deps.logger.warn(
        `Counter range ${reservation.start}+${reservation.count} of ${reservation.keysetId} was signed before; skipping ahead`,
      );
      await this.skipAhead(wallet, reservation);
      await this.deps.quotes.update(quote.quote, { reservation: undefined });
      return 'stale';
    }
    return this.afterNothingSigned(wallet, quote, { reservation: undefined });
  }

  /**
   * The mint signed none of our outputs: its quote state says what is left. ISSUED: issued
   * without our outputs ('final'); UNPAID: never paid, so the outputs are dropped from the row
   * (`forget`) and it waits again ('unpaid'); PAID: the outputs may be sent again ('resend').
   */
  private async afterNothingSigned(
    wallet: Wallet,
    quote: PendingMintQuote,
    forget: Pick<Partial<PendingMintQuote>, 'reservation' | 'lockedOutputs'>,
  ): Promise<'final' | 'unpaid' | 'resend'> {
    let state: MintQuoteStateName;
    try {
      state = (await mintQuoteClient(wallet.mint).check(quote.quote)).state;
    } catch (error) {
      throw toMintError(error);
    }
    if (state === 'ISSUED') {
      await this.issuedElsewhere(quote);
      return 'final';
    }
    if (state === 'UNPAID') {
      await this.deps.quotes.update(quote.quote, { ...forget, state: 'UNPAID' });
      return 'unpaid';
    }
    return 'resend';
  }

  private async skipAhead(wallet: Wallet, reservation: CounterReservation): Promise<void> {
    let next: number;
    try {
      next = await firstUnusedCounter(wallet, reservation.keysetId, reservation.start);
    } catch (error) {
      throw toMintError(error);
    }
    await this.deps.counters.advanceToAtLeast(
      reservation.keysetId,
      Math.max(next, reservation.start + reservation.count),
    );
  }

  private async issuedElsewhere(quote: PendingMintQuote): Promise<void> {
    await this.deps.ledger.closeMintQuote(quote.quote, 'issued-elsewhere');
    const issued = new MintRefusedError(
      'Tokens have already been issued for this quote',
      NutCode.quoteAlreadyIssued,
    );
    await this.reportFailed(quote, issued, 'quote', issued);
  }

  private async settle(
    quote: PendingMintQuote,
    proofs: NewProof[],
    restoreRow = true,
  ): Promise<void> {
    const amount = sumSats(proofs);
    const fiat =
      quote.fiat ?? (quote.kind === 'remote' ? await this.remoteFiat(amount) : undefined);
    const { settled, balance } = await this.deps.ledger.settleMintQuote({
      quote: quote.quote,
      mintUrl: quote.mintUrl,
      proofs,
      event: {
        type: quote.kind === 'remote' ? 'remote-payment' : 'direct-payment',
        amount,
        mintUrl: quote.mintUrl,
        quoteId: quote.quote,
        request: quote.request,
        ...(fiat ? { fiat } : {}),
      },
    });
    if (!settled) {
      if (!restoreRow || (await this.alreadyStored(proofs))) {
        this.deps.logger.info(`Mint quote ${quote.quote} was already settled`);
        return;
      }
      // These proofs were signed for our outputs, yet the row is gone (another process gave
      // the quote up): the sats are ours and recorded nowhere. Put the row back and settle.
      this.deps.logger.warn(`Mint quote ${quote.quote} vanished while minting; settling anyway`);
      await this.deps.quotes.put(quote);
      return this.settle(quote, proofs, false);
    }
    this.deps.events.emitUpdated({ reason: 'payment', amount });
    const payload: PaymentSettled = { quote, amount, kind: quote.kind, balance };
    this.settledListeners.emit(payload);
  }

  /** The merchant's price now, for a remote sale being minted; never rejects, never waits long. */
  private async remoteFiat(sats: number): Promise<FiatRecord | undefined> {
    const lookup = this.deps.fiatFor;
    if (!lookup) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), REMOTE_FIAT_TIMEOUT_MS);
    });
    try {
      return await Promise.race([lookup(sats), timeout]);
    } catch (error) {
      this.deps.logger.warn('No fiat value for a remote sale', error);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private async alreadyStored(proofs: NewProof[]): Promise<boolean> {
    const stored = await this.deps.proofs.unspentOf(proofs.map((p) => p.secret));
    return stored.size > 0;
  }

  // ------------------------------------------------------------ failures and retries

  private async attemptFailed(id: string, error: unknown): Promise<void> {
    if (isAmbiguous(error) || error instanceof MintUnreachableError) {
      this.deps.logger.warn(`Mint quote ${id}: mint unreachable, will retry`, error);
      this.scheduleRetry(id);
      return;
    }
    this.clearRetry(id, true);
    const quote = await this.deps.quotes.get(id).catch(() => undefined);
    const mapped = toMintError(error);
    this.deps.logger.error(`Mint quote ${id} failed`, mapped);
    // The mint refused (quote expired, issued, unknown, refused at minting): the payment did
    // not happen. Anything else broke while minting or storing proofs we are owed.
    const reason = mapped instanceof MintRefusedError ? 'quote' : 'processing';
    if (quote) await this.reportFailed(quote, mapped, reason, error);
  }

  private scheduleRetry(id: string): void {
    if (this.stopped) return;
    const entry = this.retries.get(id) ?? { attempt: 0 };
    if (entry.timer) clearTimeout(entry.timer);
    const delay = Math.min(
      this.intervals.retryBaseMs * 2 ** entry.attempt,
      this.intervals.retryMaxMs,
    );
    entry.attempt++;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.process(id);
    }, delay);
    this.retries.set(id, entry);
  }

  /** Cancels a scheduled retry; `reset` also forgets the backoff (after success or a final answer). */
  private clearRetry(id: string, reset: boolean): void {
    const entry = this.retries.get(id);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (reset) this.retries.delete(id);
  }

  /** `thrown` is what was caught, as thrown: its message (or the fallback) is the error text. */
  private async reportFailed(
    quote: PendingMintQuote,
    error: CashewError,
    reason: PaymentFailureReason,
    thrown: unknown,
  ): Promise<void> {
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
