// Watching one mint quote until it is paid, issued or expired: NUT-17 WebSocket plus polling.
import type { Mint } from '@cashu/cashu-ts';
import type { Clock } from '../../ports';
import type { Logger } from '../../logger';
import { silentLogger } from '../../logger';
import { isDefiniteRefusal, toMintError } from '../mint-errors';
import { subscribeOnMint, type MintSubscription } from './mint-subscription';
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
 * leave a paid invoice unnoticed; a socket that reports its death triggers an immediate poll.
 */
export function watchMintQuote(
  client: MintQuoteClient,
  quote: string,
  handlers: QuoteWatchHandlers,
  options: QuoteWatchOptions = {},
): QuoteWatch {
  const run = new WatchRun(client, quote, handlers, options);
  const watch = (() => {
    if (!run.done) run.finish();
  }) as QuoteWatch;
  watch.setForeground = (value: boolean) => run.setForeground(value);
  watch.checkNow = () => run.check();
  Object.defineProperty(watch, 'done', { get: () => run.done });

  // First answer as soon as possible (a quote may already be paid on resume), then the cadence.
  void run.check().finally(() => run.schedulePoll());
  void run.subscribe();
  return watch;
}

/** One watch's state: the socket, the poll timer and the one check in flight. */
class WatchRun {
  done = false;
  private readonly intervals: WatchIntervals;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private expiry: number | null;
  private foreground: boolean;
  private socketLive = false;
  private unsubscribe: (() => void) | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly client: MintQuoteClient,
    private readonly quote: string,
    private readonly handlers: QuoteWatchHandlers,
    options: QuoteWatchOptions,
  ) {
    this.intervals = { ...DEFAULT_WATCH_INTERVALS, ...options.intervals };
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    this.expiry = options.expiry ?? null;
    this.foreground = options.foreground ?? false;
  }

  setForeground(value: boolean): void {
    if (this.foreground === value) return;
    this.foreground = value;
    if (!this.done && !this.checking) this.schedulePoll();
  }

  private clearTimers(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.pollTimer = undefined;
    this.resubscribeTimer = undefined;
  }

  finish(): void {
    this.done = true;
    this.clearTimers();
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    this.socketLive = false;
    try {
      stop?.();
    } catch (error) {
      this.logger.debug('quote watch: unsubscribe failed', error);
    }
  }

  private safely(what: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.logger.error(`quote watch: ${what} handler threw`, error);
    }
  }

  private readonly handle = (snapshot: MintQuoteSnapshot): void => {
    if (this.done) return;
    if (snapshot.expiry !== null) this.expiry = snapshot.expiry;
    this.safely('update', () => this.handlers.onUpdate?.(snapshot));
    if (this.done) return;
    if (snapshot.state === 'PAID' || snapshot.state === 'ISSUED') {
      this.finish();
      this.safely('paid', () => this.handlers.onPaid(snapshot));
      return;
    }
    const expiry = this.expiry;
    if (isExpiredUnpaid({ state: snapshot.state, expiry }, this.clock())) {
      this.finish();
      this.safely('expired', () => this.handlers.onExpired?.({ ...snapshot, expiry }));
    }
  };

  private pollDelay(): number {
    if (this.socketLive) return this.intervals.backgroundMs;
    return this.foreground ? this.intervals.foregroundMs : this.intervals.backgroundMs;
  }

  schedulePoll(delay = this.pollDelay()): void {
    if (this.done) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      void this.check().finally(() => this.schedulePoll());
    }, delay);
  }

  check(): Promise<void> {
    if (this.done) return Promise.resolve();
    // One request at a time: a socket drop and a timer tick may ask together.
    this.checking ??= (async () => {
      try {
        this.handle(await this.client.check(this.quote));
      } catch (error) {
        if (this.done) return;
        if (isDefiniteRefusal(error)) {
          this.finish();
          this.safely('error', () => this.handlers.onError?.(toMintError(error)));
          return;
        }
        // Mint down or flaky: keep polling; the next tick asks again.
        this.logger.debug(`quote watch ${this.quote}: check failed`, error);
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  private scheduleResubscribe(): void {
    if (this.done || !this.client.subscribe || this.resubscribeTimer) return;
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = undefined;
      void this.subscribe();
    }, this.intervals.resubscribeMs);
  }

  private readonly onClosed = (error?: Error): void => {
    if (this.done) return;
    this.logger.debug(`quote watch ${this.quote}: socket closed`, error);
    this.socketLive = false;
    this.unsubscribe = undefined;
    // Whatever happened while the socket was dying, ask the mint now and poll at full rate.
    void this.check().finally(() => this.schedulePoll());
    this.scheduleResubscribe();
  };

  async subscribe(): Promise<void> {
    if (this.done || !this.client.subscribe) return;
    try {
      const stop = await this.client.subscribe(this.quote, this.handle, this.onClosed);
      if (this.done) {
        stop();
        return;
      }
      this.unsubscribe = stop;
      this.socketLive = true;
      this.schedulePoll();
    } catch (error) {
      if (this.done) return;
      this.logger.debug(`quote watch ${this.quote}: subscribe failed, polling`, error);
      this.socketLive = false;
      this.scheduleResubscribe();
    }
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
