// Merchant side: listen for gift-wrapped payment messages and hand each new quote to the wallet once.
import type { NostrEvent } from 'nostr-tools/core';
import { getPublicKey } from 'nostr-tools/pure';
import { InvalidPaymentMessageError, errorMessage } from '../errors';
import { silentLogger, type Logger } from '../logger';
import type { Clock, PendingMintQuote, ProcessedQuoteStore } from '../ports';
import { lockPubkeyForNostrKey } from '../wallet/receive/nut20-key';
import {
  GIFT_WRAP_KIND,
  INBOX_LOCK_NAME,
  INBOX_LOOKBACK_SECONDS,
  INVALID_MESSAGE_NOTICE_INTERVAL_MS,
  PROCESSED_QUOTE_MAX_AGE_MS,
} from './constants';
import { readPaymentEvent, unwrapPaymentEvent } from './gift-wrap';
import { defaultLockProvider, type LockProvider } from './lock';
import type { PaymentMessage } from './payment-message';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import type { RelayPool } from './relay-pool';

export interface RemotePaymentInboxDeps {
  /** a fresh pool per listening session (createRelayPool with the platform's WebSocket) */
  createPool: () => RelayPool;
  getRelays: () => Promise<string[]>;
  getSecretKey: () => Promise<Uint8Array>;
  /** read for every message, so a mint change in settings applies at once */
  getMintUrl: () => Promise<string>;
  /** read to skip quotes claimed before, and cleaned of claims older than 30 days */
  processedQuotes: Pick<ProcessedQuoteStore, 'isProcessed' | 'cleanup'>;
  /**
   * The wallet's PaymentService.takeOverRemote: claims the quote and persists it as pending in
   * one transaction, then mints it once paid. False when the quote was claimed before.
   */
  takeOver: (quote: PendingMintQuote) => Promise<boolean>;
  /**
   * A message could not be handled (invalid, or the wallet could not take it). Called at most
   * once per `noticeIntervalMs` (the error toast); every case is logged regardless.
   */
  onInvalidMessage?: (error: Error) => void;
  logger?: Logger;
  clock?: Clock;
  /** cross-tab leadership; navigator.locks when present, otherwise none */
  lockProvider?: LockProvider;
  lockName?: string;
  noticeIntervalMs?: number;
  /** waits between resubscribing to a relay that dropped or refused, and between track retries */
  retryDelaysMs?: number[];
  /** how often a quote whose take-over failed is retried while listening */
  maxTrackAttempts?: number;
}

interface Session {
  readonly abort: AbortController;
  readonly stopped: Promise<void>;
  readonly stop: () => void;
  pool?: RelayPool;
  secretKey?: Uint8Array;
  pubkey?: string;
  readonly subscriptions: Map<string, { close(): void }>;
  readonly timers: Set<ReturnType<typeof setTimeout>>;
  /** wrap ids already queued this session; a relay resending one is ignored */
  readonly seen: Set<string>;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function delayFor(delays: number[], attempt: number): number {
  return delays[Math.min(attempt, delays.length - 1)] ?? 1_000;
}

/**
 * Listens on the merchant's relays for kind 1059 wraps addressed to the device key. Each valid
 * message's quote is taken over once: claimed and persisted as pending in one transaction (one
 * winner across tabs and repeated deliveries, and no claim without a pending row). If that
 * fails nothing was written and the message is retried. Only the tab holding the inbox lock
 * listens.
 */
export class RemotePaymentInbox {
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly lockProvider: LockProvider;
  private readonly retryDelays: number[];
  private readonly notices: RateLimiter;
  private session: Session | undefined;
  private held: Promise<void> = Promise.resolve();
  private queue: Promise<void> = Promise.resolve();
  private active = false;

  constructor(private readonly deps: RemotePaymentInboxDeps) {
    this.logger = deps.logger ?? silentLogger;
    this.clock = deps.clock ?? Date.now;
    this.lockProvider = deps.lockProvider ?? defaultLockProvider();
    this.retryDelays = deps.retryDelaysMs?.length ? deps.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
    this.notices = createRateLimiter(
      deps.noticeIntervalMs ?? INVALID_MESSAGE_NOTICE_INTERVAL_MS,
      this.clock,
    );
  }

  /** Set by start() and cleared by stop(), whether or not this tab currently holds the lock. */
  get isListening(): boolean {
    return this.session !== undefined;
  }

  /** This tab holds the lock and has subscribed to its relays. */
  get isActive(): boolean {
    return this.active;
  }

  /**
   * Starts listening (ignored while listening). Returns at once: the subscriptions open when this
   * tab gets the inbox lock, which may be later, when the tab holding it closes.
   */
  async start(): Promise<void> {
    if (this.session) return;
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const session: Session = {
      abort: new AbortController(),
      stopped,
      stop,
      subscriptions: new Map(),
      timers: new Set(),
      seen: new Set(),
    };
    this.session = session;
    const lockName = this.deps.lockName ?? INBOX_LOCK_NAME;
    this.held = this.lockProvider
      .hold(lockName, session.abort.signal, () => this.lead(session))
      .catch((error: unknown) => this.logger.error('Remote payment inbox stopped:', error));
  }

  /** Closes the subscriptions, releases the lock and clears the flag; in-flight work finishes first. */
  async stop(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    session.abort.abort();
    session.stop();
    await this.held;
    await this.queue;
  }

  /** Stops and starts again: for relay (or key) changes. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Drops processed-quote records older than 30 days; 0 on error. */
  async cleanupProcessed(): Promise<number> {
    try {
      return await this.deps.processedQuotes.cleanup(PROCESSED_QUOTE_MAX_AGE_MS);
    } catch (error) {
      this.logger.error('Failed to clean up processed quotes:', error);
      return 0;
    }
  }

  /** Resolves once every message received so far has been handled (for tests and shutdown). */
  async whenIdle(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  // ------------------------------------------------------------------ leadership

  private async lead(session: Session): Promise<void> {
    if (session.abort.signal.aborted) return;
    try {
      await this.cleanupProcessed();
      await this.openSession(session);
      if (session.abort.signal.aborted) return;
      this.active = true;
      this.logger.info('Remote payment inbox listening');
      await session.stopped;
    } finally {
      this.active = false;
      this.closeSession(session);
    }
  }

  /** Reads key and relays and subscribes; retries while listening when storage fails. */
  private async openSession(session: Session): Promise<void> {
    for (let attempt = 0; !session.abort.signal.aborted; attempt++) {
      try {
        const [secretKey, relays] = await Promise.all([
          this.deps.getSecretKey(),
          this.deps.getRelays(),
        ]);
        session.secretKey = secretKey;
        session.pubkey = getPublicKey(secretKey);
        session.pool = this.deps.createPool();
        const unique = [...new Set(relays.map((relay) => relay.trim()).filter(Boolean))];
        if (unique.length === 0) this.logger.warn('Remote payment inbox has no relays');
        for (const relay of unique) this.subscribe(session, relay, 0);
        return;
      } catch (error) {
        this.logger.error('Remote payment inbox could not start, retrying:', error);
        await this.sleep(session, delayFor(this.retryDelays, attempt));
      }
    }
  }

  private closeSession(session: Session): void {
    for (const timer of session.timers) clearTimeout(timer);
    session.timers.clear();
    for (const subscription of session.subscriptions.values()) subscription.close();
    session.subscriptions.clear();
    session.pool?.destroy();
  }

  private sleep(session: Session, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        session.timers.delete(timer);
        resolve();
      }, ms);
      session.timers.add(timer);
      session.abort.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  private later(session: Session, ms: number, action: () => void): void {
    if (session.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      session.timers.delete(timer);
      if (!session.abort.signal.aborted) action();
    }, ms);
    session.timers.add(timer);
  }

  // ------------------------------------------------------------------ subscriptions

  /**
   * One subscription per relay, so a drop is retried for that relay alone, always from
   * now - 3 days: wraps are back-dated up to 2 days, so resuming from the last seen timestamp
   * (what nostr-tools' own reconnect does) would skip messages.
   */
  private subscribe(session: Session, relay: string, attempt: number): void {
    const pool = session.pool;
    const pubkey = session.pubkey;
    if (!pool || !pubkey || session.abort.signal.aborted) return;
    let closedByUs = false;
    let closed = false;
    let healthy = false;
    const since = Math.floor(this.clock() / 1000) - INBOX_LOOKBACK_SECONDS;
    const closer = pool.subscribe(
      [relay],
      { kinds: [GIFT_WRAP_KIND], '#p': [pubkey], since },
      {
        onevent: (event) => this.enqueue(session, event),
        oneose: () => {
          // nostr-tools' pool also calls oneose when the connection fails, synchronously right
          // before onclose; only an EOSE the subscription outlived is the relay's own, so a relay
          // that keeps refusing is retried with growing waits instead of every first delay.
          queueMicrotask(() => {
            if (!closed) healthy = true;
          });
        },
        onclose: (reasons) => {
          closed = true;
          if (closedByUs || session.abort.signal.aborted) return;
          session.subscriptions.delete(relay);
          const next = healthy ? 0 : attempt + 1;
          const wait = delayFor(this.retryDelays, healthy ? 0 : attempt);
          this.logger.warn(
            `Relay ${relay} closed the payment subscription, resubscribing in ${wait} ms:`,
            reasons.map((entry) => entry.reason).join('; '),
          );
          this.later(session, wait, () => this.subscribe(session, relay, next));
        },
      },
    );
    session.subscriptions.set(relay, {
      close: () => {
        closedByUs = true;
        closer.close();
      },
    });
  }

  // ------------------------------------------------------------------ messages

  private enqueue(session: Session, event: NostrEvent): void {
    if (session.seen.has(event.id)) return;
    session.seen.add(event.id);
    this.queue = this.queue.then(() => this.handle(session, event, 0));
  }

  private notify(error: Error): void {
    if (!this.deps.onInvalidMessage || !this.notices.tryAcquire()) return;
    try {
      this.deps.onInvalidMessage(error);
    } catch (callbackError) {
      this.logger.error('onInvalidMessage callback failed:', callbackError);
    }
  }

  private async read(session: Session, event: NostrEvent): Promise<PaymentMessage> {
    const mintUrl = await this.deps.getMintUrl();
    const message = readPaymentEvent(event, session.secretKey as Uint8Array, {
      currentMintUrl: mintUrl,
    });
    // A quote locked to another key can never be minted here; taking it would strand it.
    if (
      message.pubkey !== undefined &&
      message.pubkey !== lockPubkeyForNostrKey(session.pubkey ?? '')
    ) {
      throw new InvalidPaymentMessageError(
        'Invalid payment message: quote is locked to another key',
      );
    }
    return { ...message, mint: mintUrl };
  }

  private async handle(session: Session, event: NostrEvent, attempt: number): Promise<void> {
    if (session.abort.signal.aborted) return;
    let message: PaymentMessage;
    try {
      message = await this.read(session, event);
    } catch (error) {
      // A quote credited before (e.g. under the mint used then, since changed in Settings) is
      // no error: relays resend the last days of messages at every start.
      if (await this.alreadyCredited(session, event)) return;
      const failure =
        error instanceof Error ? error : new InvalidPaymentMessageError(errorMessage(error));
      this.logger.error('Error processing remote payment:', failure, { event: event.id });
      this.notify(failure);
      return;
    }
    if (await this.deps.processedQuotes.isProcessed(message.quote)) {
      this.logger.debug(`Remote quote ${message.quote} already processed`);
      return;
    }

    try {
      const taken = await this.deps.takeOver({
        quote: message.quote,
        mintUrl: message.mint,
        amount: message.amount,
        request: message.request,
        kind: 'remote',
        state: 'UNPAID',
        createdAt: this.clock(),
        expiry: message.expiry ?? null,
        ...(message.pubkey ? { pubkey: message.pubkey } : {}),
      });
      if (taken)
        this.logger.info(`Remote quote ${message.quote} for ${message.amount} sats taken over`);
      else this.logger.debug(`Remote quote ${message.quote} already processed`);
    } catch (error) {
      // Claim and pending row are one transaction: nothing was written, so trying again is safe.
      this.logger.error(`Could not take over remote quote ${message.quote}:`, error);
      this.retry(session, event, attempt, error);
    }
  }

  /** The message decrypts and names a quote this device already claimed. */
  private async alreadyCredited(session: Session, event: NostrEvent): Promise<boolean> {
    try {
      const content: unknown = JSON.parse(
        unwrapPaymentEvent(event, session.secretKey as Uint8Array).content,
      );
      const quote = (content as { quote?: unknown } | null)?.quote;
      if (typeof quote !== 'string' || !(await this.deps.processedQuotes.isProcessed(quote))) {
        return false;
      }
      this.logger.debug(`Remote quote ${quote} already processed`);
      return true;
    } catch {
      return false;
    }
  }

  private retry(session: Session, event: NostrEvent, attempt: number, error: unknown): void {
    const maxAttempts = this.deps.maxTrackAttempts ?? 5;
    if (attempt + 1 >= maxAttempts) {
      // Nothing was claimed, so the next start picks the message up again from the relays.
      session.seen.delete(event.id);
      this.notify(error instanceof Error ? error : new Error(errorMessage(error)));
      return;
    }
    this.later(session, delayFor(this.retryDelays, attempt), () => {
      this.queue = this.queue.then(() => this.handle(session, event, attempt + 1));
    });
  }
}
