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
  const intervals = { ...DEFAULT_WATCH_INTERVALS, ...options.intervals };
  const clock = options.clock ?? Date.now;
  const logger = options.logger ?? silentLogger;
  let expiry = options.expiry ?? null;
  let foreground = options.foreground ?? false;
  let done = false;
  let socketLive = false;
  let unsubscribe: (() => void) | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  let checking: Promise<void> | undefined;

  const clearTimers = () => {
    if (pollTimer) clearTimeout(pollTimer);
    if (resubscribeTimer) clearTimeout(resubscribeTimer);
    pollTimer = undefined;
    resubscribeTimer = undefined;
  };

  const finish = () => {
    done = true;
    clearTimers();
    const stop = unsubscribe;
    unsubscribe = undefined;
    socketLive = false;
    try {
      stop?.();
    } catch (error) {
      logger.debug('quote watch: unsubscribe failed', error);
    }
  };

  const safely = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      logger.error(`quote watch: ${what} handler threw`, error);
    }
  };

  const handle = (snapshot: MintQuoteSnapshot) => {
    if (done) return;
    if (snapshot.expiry !== null) expiry = snapshot.expiry;
    safely('update', () => handlers.onUpdate?.(snapshot));
    if (done) return;
    if (snapshot.state === 'PAID' || snapshot.state === 'ISSUED') {
      finish();
      safely('paid', () => handlers.onPaid(snapshot));
      return;
    }
    if (isExpiredUnpaid({ state: snapshot.state, expiry }, clock())) {
      finish();
      safely('expired', () => handlers.onExpired?.({ ...snapshot, expiry }));
    }
  };

  const pollDelay = () => {
    if (socketLive) return intervals.backgroundMs;
    return foreground ? intervals.foregroundMs : intervals.backgroundMs;
  };

  const schedulePoll = (delay = pollDelay()) => {
    if (done) return;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(() => {
      pollTimer = undefined;
      void check().finally(() => schedulePoll());
    }, delay);
  };

  const check = (): Promise<void> => {
    if (done) return Promise.resolve();
    // One request at a time: a socket drop and a timer tick may ask together.
    checking ??= (async () => {
      try {
        handle(await client.check(quote));
      } catch (error) {
        if (done) return;
        if (isDefiniteRefusal(error)) {
          finish();
          safely('error', () => handlers.onError?.(toMintError(error)));
          return;
        }
        // Mint down or flaky: keep polling; the next tick asks again.
        logger.debug(`quote watch ${quote}: check failed`, error);
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  };

  const scheduleResubscribe = () => {
    if (done || !client.subscribe || resubscribeTimer) return;
    resubscribeTimer = setTimeout(() => {
      resubscribeTimer = undefined;
      void subscribe();
    }, intervals.resubscribeMs);
  };

  const onClosed = (error?: Error) => {
    if (done) return;
    logger.debug(`quote watch ${quote}: socket closed`, error);
    socketLive = false;
    unsubscribe = undefined;
    // Whatever happened while the socket was dying, ask the mint now and poll at full rate.
    void check().finally(() => schedulePoll());
    scheduleResubscribe();
  };

  const subscribe = async () => {
    if (done || !client.subscribe) return;
    try {
      const stop = await client.subscribe(quote, handle, onClosed);
      if (done) {
        stop();
        return;
      }
      unsubscribe = stop;
      socketLive = true;
      schedulePoll();
    } catch (error) {
      if (done) return;
      logger.debug(`quote watch ${quote}: subscribe failed, polling`, error);
      socketLive = false;
      scheduleResubscribe();
    }
  };

  const watch = (() => {
    if (!done) finish();
  }) as QuoteWatch;
  watch.setForeground = (value: boolean) => {
    if (foreground === value) return;
    foreground = value;
    if (!done && !checking) schedulePoll();
  };
  watch.checkNow = () => check();
  Object.defineProperty(watch, 'done', { get: () => done });

  // First answer as soon as possible (a quote may already be paid on resume), then the cadence.
  void check().finally(() => schedulePoll());
  void subscribe();
  return watch;
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
