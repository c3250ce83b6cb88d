// Watching one mint quote until it is paid, issued or expired: NUT-17 WebSocket plus polling.
import type { Mint } from '@cashu/cashu-ts';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import { isDefiniteRefusal, toMintError } from '../mint-errors';
import { subscribeOnMint, type MintSubscription } from './mint-subscription';
import { MintWatch } from './mint-watch';
import {
  isExpiredUnpaid,
  toMintQuoteSnapshot,
  type MintQuoteSnapshot,
} from './mint-quote-snapshot';

export type { MintQuoteSnapshot, MintQuoteStateName } from './mint-quote-snapshot';

/** How the watcher talks to a mint; `mintQuoteClient` adapts a cashu-ts `Mint`. */
export interface MintQuoteClient {
  /** GET the quote (NUT-04). */
  check(quote: string): Promise<MintQuoteSnapshot>;
  /**
   * NUT-17 subscription. Resolves with the unsubscribe function once subscribed; rejects when the
   * mint has no WebSockets or the socket cannot open. `onClosed` fires at most once, when the
   * socket dies after subscribing. Absent when the mint is known to have no WebSockets.
   */
  subscribe?(
    quote: string,
    onUpdate: (snapshot: MintQuoteSnapshot) => void,
    onClosed: (error?: Error) => void,
  ): Promise<() => void>;
}

export interface WatchIntervals {
  /** poll period for the invoice on screen while no socket is live */
  foregroundMs: number;
  /** poll period otherwise, and the safety poll while a socket is live */
  backgroundMs: number;
  /** wait before trying the WebSocket again after it failed or dropped */
  resubscribeMs: number;
}

export const DEFAULT_WATCH_INTERVALS: WatchIntervals = {
  foregroundMs: 1_000,
  backgroundMs: 5_000,
  resubscribeMs: 10_000,
};

export interface QuoteWatchHandlers {
  /** The mint reports PAID (or already ISSUED): time to mint. Called at most once. */
  onPaid(snapshot: MintQuoteSnapshot): void;
  /** The quote expired unpaid. Called at most once; then the watch ends. */
  onExpired?(snapshot: MintQuoteSnapshot): void;
  /** The mint refused the quote definitively (e.g. unknown quote). The watch ends. */
  onError?(error: Error): void;
  /** Every state the watcher sees, including UNPAID. */
  onUpdate?(snapshot: MintQuoteSnapshot): void;
  /** A look at the quote failed without a refusal (mint down, no answer); the watch goes on. */
  onCheckFailed?(error: unknown): void;
}

export interface QuoteWatchOptions {
  /** unix seconds, from the stored quote; the mint's replies override it */
  expiry?: number | null;
  foreground?: boolean;
  intervals?: Partial<WatchIntervals>;
  clock?: Clock;
  logger?: Logger;
}

/** Calling it cancels the watch. */
export interface QuoteWatch {
  (): void;
  /** The invoice on screen polls fast; others poll slowly. */
  setForeground(foreground: boolean): void;
  /** Asks the mint right now (start-up, back online); resolves when that check is handled. */
  checkNow(): Promise<void>;
  readonly done: boolean;
}

/**
 * Watches `quote` until PAID/ISSUED (onPaid), expired unpaid (onExpired) or refused (onError).
 * A slow poll keeps running while the socket is up, so a socket that dies silently can not
 * leave a paid invoice unnoticed (the loop is MintWatch, shared with the spent watch).
 */
export function watchMintQuote(
  client: MintQuoteClient,
  quote: string,
  handlers: QuoteWatchHandlers,
  options: QuoteWatchOptions = {},
): QuoteWatch {
  const run = new WatchRun(client, quote, handlers, options);
  const { loop } = run;
  const watch = (() => loop.finish()) as QuoteWatch;
  watch.setForeground = (value: boolean) => run.setForeground(value);
  watch.checkNow = () => loop.check();
  Object.defineProperty(watch, 'done', { get: () => loop.done });

  // First answer as soon as possible (a quote may already be paid on resume), then the cadence.
  void loop.check().finally(() => loop.schedulePoll());
  void loop.subscribe();
  return watch;
}

/** One watch's state: the expiry, the cadence and the handlers; the loop is the shared MintWatch. */
class WatchRun {
  readonly loop: MintWatch;
  private readonly intervals: WatchIntervals;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private expiry: number | null;
  private foreground: boolean;

  constructor(
    client: MintQuoteClient,
    private readonly quote: string,
    private readonly handlers: QuoteWatchHandlers,
    options: QuoteWatchOptions,
  ) {
    this.intervals = { ...DEFAULT_WATCH_INTERVALS, ...options.intervals };
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    this.expiry = options.expiry ?? null;
    this.foreground = options.foreground ?? false;
    const subscribe = client.subscribe?.bind(client);
    this.loop = new MintWatch({
      name: `quote watch ${quote}`,
      logger: this.logger,
      resubscribeMs: this.intervals.resubscribeMs,
      pollDelay: (socketLive) =>
        !socketLive && this.foreground ? this.intervals.foregroundMs : this.intervals.backgroundMs,
      check: async () => this.handle(await client.check(quote)),
      checkFailed: (error) => this.checkFailed(error),
      subscribe: subscribe && ((onClosed) => subscribe(quote, this.handle, onClosed)),
    });
  }

  setForeground(value: boolean): void {
    if (this.foreground === value) return;
    this.foreground = value;
    this.loop.reschedule();
  }

  private safely(what: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.logger.error(`quote watch: ${what} handler threw`, error);
    }
  }

  private readonly handle = (snapshot: MintQuoteSnapshot): void => {
    if (this.loop.done) return;
    if (snapshot.expiry !== null) this.expiry = snapshot.expiry;
    this.safely('update', () => this.handlers.onUpdate?.(snapshot));
    if (this.loop.done) return;
    if (snapshot.state === 'PAID' || snapshot.state === 'ISSUED') {
      this.loop.finish();
      this.safely('paid', () => this.handlers.onPaid(snapshot));
      return;
    }
    const expiry = this.expiry;
    if (isExpiredUnpaid({ state: snapshot.state, expiry }, this.clock())) {
      this.loop.finish();
      this.safely('expired', () => this.handlers.onExpired?.({ ...snapshot, expiry }));
    }
  };

  private checkFailed(error: unknown): void {
    if (isDefiniteRefusal(error)) {
      this.loop.finish();
      this.safely('error', () => this.handlers.onError?.(toMintError(error)));
      return;
    }
    // Mint down or flaky: keep polling; the next tick asks again.
    this.logger.debug(`quote watch ${this.quote}: check failed`, error);
    this.safely('check failed', () => this.handlers.onCheckFailed?.(error));
  }
}

/**
 * Adapts a cashu-ts `Mint` (shared per mint URL, so all watches share one socket). Whether the
 * mint offers NUT-17 for bolt11 mint quotes is read from its info; without it only polling runs.
 */
export function mintQuoteClient(mint: Mint, logger: Logger = silentLogger): MintQuoteClient {
  return {
    async check(quote) {
      return toMintQuoteSnapshot(await mint.checkMintQuoteBolt11(quote), quote);
    },
    subscribe(quote, onUpdate, onClosed) {
      const subscription: MintSubscription<MintQuoteSnapshot> = {
        kind: 'bolt11_mint_quote',
        filters: [[quote]],
        offered: (support) =>
          support.method === 'bolt11' && support.commands.includes('bolt11_mint_quote'),
        unavailable: 'Mint has no WebSocket for mint quotes',
        parse: (payload) => toMintQuoteSnapshot(payload, quote),
        name: 'quote watch',
      };
      return subscribeOnMint(mint, subscription, onUpdate, onClosed, logger);
    },
  };
}
