// Merchant side: listen for gift-wrapped payment messages and hand each new quote to the wallet once.
import type { NostrEvent } from 'nostr-tools/core';
import { getPublicKey } from 'nostr-tools/pure';
import { InvalidPaymentMessageError, PendingQuoteLimitError, errorMessage } from '../../errors';
import { silentLogger, type Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { PendingMintQuote } from '../../wallet/mint/ports';
import type { ProcessedQuoteStore } from './processed-quote-ports';
import { lockPubkeyForNostrKey } from '../../wallet/mint/nut20-key';
import {
  GIFT_WRAP_BACKDATE_SECONDS,
  GIFT_WRAP_KIND,
  INBOX_CURSOR_MARGIN_SECONDS,
  INBOX_CURSOR_REFRESH_MS,
  INBOX_LOCK_NAME,
  INBOX_LOOKBACK_SECONDS,
  INVALID_MESSAGE_NOTICE_INTERVAL_MS,
  PROCESSED_QUOTE_MAX_AGE_MS,
} from '../constants';
import { unwrapPaymentEvent } from '../gift-wrap';
import { parsePaymentMessage } from '../payment-message';
import {
  INBOX_RETRY_LIST_INTERVAL_MS,
  INBOX_SLICE_WRAPS,
  lookbackFloor,
  precheckWrap,
} from './inbox-bounds';
import { WrapQueue } from './wrap-queue';
import { yieldToOthers } from '../../yield-to-others';
import { InboxRetryList } from './inbox-retry-list';
import { defaultLockProvider, type LockProvider } from '../../cross-tab-lock';
import type { InboxRetryStore, RelayCursorStore } from './merchant-ports';
import {
  judgeMessage,
  judgeSender,
  type PairingCheck,
  type Refusal,
  quoteTakenFrom,
} from './message-judgement';
import type { PaymentMessage } from '../payment-message';
import { unverifiedQuote, type RemoteQuoteVerdict } from './verify-remote-quote';
import type { RefusalKind } from '../sale-judgement';
import { judgeCashierLines, type CatalogForLines } from './catalog-lines';
import { checkStatedFiat } from '../../prices/stated-fiat';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { authSigner, deliveryAfterClose } from '../relay-auth';
import type { RelayPool } from '../relay-pool';
import { SeenWraps } from './seen-wraps';
import type { RelayStatusSink } from './relay-status';
import type { Unit } from '../../units/unit';

export type { PairingCheck } from './message-judgement';

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
  /**
   * The pairing secret (or, for the sales inbox of a locked till, the published key that checks
   * a link's signature) and the "accept unpaired" setting, read for every message. Absent: every
   * sender is taken (the behaviour before pairing existed).
   */
  getPairing?: () => Promise<PairingCheck>;
  /**
   * The mints the merchant accepts for remote sales, as its profile lists them (docs/protocol.md
   * "Accepted mints and locking"). A message naming any other mint is dropped. Absent: only the
   * current mint (getMintUrl).
   */
  acceptedMints?: () => Promise<string[]>;
  /** A message was dropped without storing anything, for a reason Settings counts. */
  onRefused?: (kind: RefusalKind, quote: string) => void;
  /**
   * Asks the quote's mint before anything is stored; the mint's reply decides the figures.
   * Absent: the message's figures are taken as sent.
   */
  verify?: (
    message: PaymentMessage,
    mintUrl: string,
    lockPubkey: string,
  ) => Promise<RemoteQuoteVerdict>;
  /** per relay, the last complete listen; absent: every subscription asks from now - 3 days */
  cursors?: RelayCursorStore;
  /**
   * A message for a quote claimed before: the cashier re-sends until it hears back, so the
   * merchant sends the receipt again (rate-limited by the receipt sender).
   */
  onDuplicate?: (message: PaymentMessage) => Promise<void>;
  /** Called each time this tab starts listening (the merchant profile is synced then). */
  onListening?: () => void;
  /**
   * Where a message still unfinished after its retries is kept and tried again (at each start
   * and every 5 minutes). Absent: it stays unfinished and holds the lookback, within a bound.
   */
  retryList?: InboxRetryStore;
  /** Told, per relay, whether it delivers (Settings shows it); absent: not reported. */
  relayStatus?: RelayStatusSink;
  /** Offered each decrypted message first; true when it took it (NUT-18 ecash payloads). */
  takeOther?: (content: string) => Promise<boolean>;
  /**
   * The catalog the paired cashiers read, which a sale's lines must match (catalog-lines.ts);
   * absent: lines that add up to the quote are kept as sent.
   */
  catalog?: () => Promise<CatalogForLines>;
  /**
   * The unit the till charges in (Settings): a quote in any other is taken into that unit's
   * balance and logged (message-judgement.ts, decision 0115). Absent: sats, as before units.
   */
  tillUnit?: () => Promise<Unit>;
}

/**
 * What became of one message; 'retry' leaves it unresolved for the relay lookback, 'exhausted'
 * (no retries left this session) moves it to the retry list when there is one.
 */
type Outcome = 'done' | 'retry' | 'exhausted';

interface Session {
  readonly abort: AbortController;
  readonly stopped: Promise<void>;
  readonly stop: () => void;
  pool?: RelayPool;
  secretKey?: Uint8Array;
  pubkey?: string;
  readonly subscriptions: Map<string, { close(): void }>;
  readonly timers: Set<ReturnType<typeof setTimeout>>;
  /** wrap ids already queued this session (bounded); a relay resending one is ignored */
  readonly seen: SeenWraps;
  /** this session's use of the retry list */
  readonly retryList: InboxRetryList;
  /** wraps waiting to be opened: live ones and retries before the stored backlog */
  readonly waiting: WrapQueue;
  /** a drain of `waiting` is on the queue */
  draining: boolean;
  /**
   * With signatures left to the inbox: the signatures of the queued copies of each wrap id not
   * checked yet. A second copy of a waiting id with another signature is queued too, so a forged
   * copy that came first cannot shadow the real wrap (decision 0099).
   */
  readonly unchecked: Map<string, Set<string>>;
  /** whether strangers are dropped quietly, as the pairing settings last said */
  strict?: boolean;
  /**
   * Wraps received but not finished (queued, waiting for a retry, or given up on until the next
   * start), by id, with their created_at: a relay's cursor never passes what would fetch them.
   */
  readonly unresolved: Map<string, number>;
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
      seen: new SeenWraps(),
      retryList: new InboxRetryList(this.deps.retryList, this.logger, this.clock),
      waiting: new WrapQueue(),
      draining: false,
      unchecked: new Map(),
      unresolved: new Map(),
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
      void this.retryParked(session);
      this.active = true;
      this.logger.info('Remote payment inbox listening');
      try {
        this.deps.onListening?.();
      } catch (error) {
        this.logger.error('onListening callback failed:', error);
      }
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
        this.deps.relayStatus?.reset(unique);
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
    this.deps.relayStatus?.reset([]);
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
   * Where a relay's subscription starts. Wraps are back-dated up to 2 days, so resuming from the
   * last seen timestamp (what nostr-tools' own reconnect does) would skip messages: the inbox
   * asks from its last complete listen on that relay minus the back-dating window and a margin,
   * and a relay it never listened to from now - 3 days
   * (docs/decisions/0013-pairing-hmac-and-relay-lookback.md).
   */
  private async sinceFor(relay: string): Promise<number> {
    const now = Math.floor(this.clock() / 1000);
    const fresh = now - INBOX_LOOKBACK_SECONDS;
    if (!this.deps.cursors) return fresh;
    let last: number | undefined;
    try {
      last = await this.deps.cursors.lastListen(relay);
    } catch (error) {
      this.logger.warn(`Could not read the lookback of ${relay}; asking from 3 days back`, error);
    }
    if (last === undefined) return fresh;
    // A cursor in the future (a clock that jumped back) must not hide anything either.
    return Math.min(last, now) - GIFT_WRAP_BACKDATE_SECONDS - INBOX_CURSOR_MARGIN_SECONDS;
  }

  /**
   * Records that everything `relay` kept until `seconds` was received, once every message queued
   * so far is handled, and never past what a still unresolved wrap needs to be fetched again.
   */
  private recordCursor(session: Session, relay: string, seconds: number): void {
    const cursors = this.deps.cursors;
    if (!cursors) return;
    this.queue = this.queue.then(async () => {
      if (session.abort.signal.aborted) return;
      const now = Math.floor(this.clock() / 1000);
      const at = lookbackFloor(seconds, session.unresolved.values(), now);
      try {
        await cursors.recordListen(relay, at);
      } catch (error) {
        this.logger.warn(`Could not record the lookback of ${relay}:`, error);
      }
    });
  }

  /** One subscription per relay, so a drop is retried for that relay alone. */
  private subscribe(session: Session, relay: string, attempt: number): void {
    void this.sinceFor(relay).then((since) => this.open(session, relay, attempt, since));
  }

  private open(session: Session, relay: string, attempt: number, since: number): void {
    const pool = session.pool;
    const pubkey = session.pubkey;
    const secretKey = session.secretKey;
    if (!pool || !pubkey || !secretKey || session.abort.signal.aborted) return;
    let closedByUs = false;
    let closed = false;
    let healthy = false;
    // The relay's EOSE came: what arrives from here was sent now, and goes before the backlog.
    let live = false;
    // The relay asked for NIP-42 AUTH (it closed the REQ "auth-required:"); nostr-tools then
    // signs the challenge with the device key and sends the REQ again.
    let asked = false;
    // The pool does not keep the REQ it re-sends after AUTH; aborting closes that one too.
    const ending = new AbortController();
    const refresh = () => {
      if (closed || session.abort.signal.aborted) return;
      this.recordCursor(session, relay, Math.floor(this.clock() / 1000));
      this.later(session, INBOX_CURSOR_REFRESH_MS, refresh);
    };
    const closer = pool.subscribe(
      [relay],
      { kinds: [GIFT_WRAP_KIND], '#p': [pubkey], since },
      {
        abort: ending.signal,
        onauth: authSigner(secretKey, () => (asked = true)),
        onevent: (event) => this.enqueue(session, event, live),
        oneose: () => {
          live = true;
          // nostr-tools' pool also calls oneose when the connection fails, synchronously right
          // before onclose; only an EOSE the subscription outlived is the relay's own, so a relay
          // that keeps refusing is retried with growing waits instead of every first delay.
          queueMicrotask(() => {
            if (closed) return;
            healthy = true;
            this.deps.relayStatus?.report(relay, { state: asked ? 'authenticated' : 'connected' });
            // Live from here: what the relay stored is queued, what comes next arrives as sent.
            refresh();
          });
        },
        onclose: (reasons) => {
          closed = true;
          if (closedByUs || session.abort.signal.aborted) return;
          session.subscriptions.delete(relay);
          const reason = reasons.map((entry) => entry.reason).join('; ');
          this.deps.relayStatus?.report(relay, deliveryAfterClose(reason));
          const next = healthy ? 0 : attempt + 1;
          const wait = delayFor(this.retryDelays, healthy ? 0 : attempt);
          this.logger.warn(
            `Relay ${relay} closed the payment subscription, resubscribing in ${wait} ms:`,
            reason,
          );
          this.later(session, wait, () => this.subscribe(session, relay, next));
        },
      },
    );
    session.subscriptions.set(relay, {
      close: () => {
        closedByUs = true;
        closer.close();
        ending.abort();
      },
    });
  }

  // ------------------------------------------------------------------ messages

  /** `live`: sent after the subscription's EOSE (or a retry), so opened before the backlog. */
  private enqueue(session: Session, event: NostrEvent, live: boolean): void {
    const again = session.seen.has(event.id);
    // A copy of a seen wrap is ignored, unless the first still waits unchecked and this one is
    // signed otherwise: a relay can copy an id, not sign for it, so one of the two is forged.
    const unchecked = session.unchecked.get(event.id);
    if (again && (!unchecked || unchecked.has(event.sig))) return;
    // The free checks come before anything is queued, decrypted or read (inbox-bounds.ts).
    const dropped = precheckWrap(event, session.pubkey ?? '');
    if (dropped !== undefined) {
      this.logger.debug(`Gift wrap dropped unopened: ${dropped}`, { event: event.id });
      return;
    }
    if (!again) {
      session.seen.add(event.id, event.created_at, Math.floor(this.clock() / 1000));
      session.unresolved.set(event.id, event.created_at);
    }
    if (session.pool?.checkSignature) {
      session.unchecked.set(event.id, (unchecked ?? new Set<string>()).add(event.sig));
    }
    session.waiting.push({ event, attempt: 0 }, live);
    this.drain(session);
  }

  /** Puts a drain of the waiting wraps on the queue, unless one is there already. */
  private drain(session: Session): void {
    if (session.draining) return;
    session.draining = true;
    this.queue = this.queue.then(() => this.drainWaiting(session));
  }

  /**
   * Opens the waiting wraps one at a time, live ones first, and gives other tasks a turn after
   * every INBOX_SLICE_WRAPS: a relay's 5,000 stored wraps never hold the page, and a live sale
   * that arrives meanwhile is opened at the next turn (decision 0099).
   */
  private async drainWaiting(session: Session): Promise<void> {
    let opened = 0;
    try {
      for (;;) {
        if (session.abort.signal.aborted) return;
        const wrap = session.waiting.next();
        if (!wrap) return;
        await this.handle(session, wrap.event, wrap.attempt);
        if (++opened % INBOX_SLICE_WRAPS === 0) await yieldToOthers();
      }
    } finally {
      session.draining = false;
    }
  }

  /**
   * The wrap's signature, when the pool left it to us (relay-pool.ts `deferSignatures`): checked
   * after the free checks, before anything in it is decrypted or believed.
   */
  private signed(session: Session, event: NostrEvent): boolean {
    const check = session.pool?.checkSignature;
    if (!check) return true;
    const unchecked = session.unchecked.get(event.id);
    if (check(event)) {
      // The real wrap: any other copy still queued is checked, refused and dropped in its turn.
      session.unchecked.delete(event.id);
      return true;
    }
    this.logger.debug('Gift wrap dropped unopened: invalid signature', { event: event.id });
    unchecked?.delete(event.sig);
    // No other copy waits: the id is forgotten, so the real wrap is taken when a relay sends it.
    if (unchecked?.size === 0) {
      session.unchecked.delete(event.id);
      session.seen.delete(event.id);
      session.unresolved.delete(event.id);
    }
    return false;
  }

  private notify(error: Error): void {
    if (!this.deps.onInvalidMessage || !this.notices.tryAcquire()) return;
    try {
      this.deps.onInvalidMessage(error);
    } catch (callbackError) {
      this.logger.error('onInvalidMessage callback failed:', callbackError);
    }
  }

  /**
   * A message the merchant will not act on. From a sender that proved nothing (when pairing is
   * required) it is dropped silently: strangers must not be able to raise toasts. Otherwise it is
   * logged as an error and raises the rate-limited notice.
   */
  private refuse(event: NostrEvent, error: unknown, quiet: boolean): void {
    const failure =
      error instanceof Error ? error : new InvalidPaymentMessageError(errorMessage(error));
    if (quiet) {
      this.logger.debug(`Remote payment message dropped: ${failure.message}`, { event: event.id });
      return;
    }
    this.logger.error('Error processing remote payment:', failure, { event: event.id });
    this.notify(failure);
  }

  private async handle(session: Session, event: NostrEvent, attempt: number): Promise<void> {
    if (session.abort.signal.aborted || !this.signed(session, event)) return;
    let outcome: Outcome;
    try {
      outcome = await this.process(session, event, attempt);
    } catch (error) {
      // Storage could not be read (pairing, mints used, claims): nothing was decided, ask again.
      this.logger.error('Error processing remote payment:', error, { event: event.id });
      outcome = this.retry(session, event, attempt, error, true);
    }
    if (outcome === 'exhausted' && (await session.retryList.park(event))) {
      session.unresolved.delete(event.id);
    } else if (outcome === 'done') {
      session.unresolved.delete(event.id);
      await session.retryList.unpark(event.id);
    }
  }

  private async process(session: Session, event: NostrEvent, attempt: number): Promise<Outcome> {
    let message: PaymentMessage;
    try {
      const rumor = unwrapPaymentEvent(event, session.secretKey as Uint8Array);
      // A NUT-18 ecash payload is another module's (core/wallet/ecash/ecash-inbox.ts).
      if (this.deps.takeOther && (await this.deps.takeOther(rumor.content))) return 'done';
      message = parsePaymentMessage(rumor.content);
    } catch (error) {
      // Judged before anything is read, so junk costs no storage; whether to say so follows
      // the pairing settings last read (quiet until then when pairing applies).
      this.refuse(event, error, session.strict ?? this.deps.getPairing !== undefined);
      return 'done';
    }
    const pairing = this.deps.getPairing ? await this.deps.getPairing() : undefined;
    const sender = judgeSender(pairing, message);
    session.strict = sender.strict;
    if (sender.kind === 'refuse') return this.reject(event, message.quote, sender);
    // Relays resend the last days of messages at every start, and cashiers re-send until their
    // receipt: a quote claimed before is answered, never an error, even if its mint has since
    // left Settings.
    if (await this.deps.processedQuotes.isProcessed(message.quote)) {
      this.logger.debug(`Remote quote ${message.quote} already processed`);
      await this.duplicate(message);
      return 'done';
    }
    const accepted = await this.acceptedMints();
    const lockPubkey = lockPubkeyForNostrKey(session.pubkey ?? '');
    const tillUnit = this.deps.tillUnit ? await this.deps.tillUnit() : 'sat';
    const judged = judgeMessage(message, sender.strict, accepted, lockPubkey, tillUnit);
    if (judged.kind === 'refuse') return this.reject(event, message.quote, judged);
    if (judged.otherUnit) {
      this.logger.warn(
        `Remote quote ${message.quote} is in ${message.unit}, this till charges in ${tillUnit}: taken into the ${message.unit} balance`,
      );
    }
    const verdict = await this.quoteFor(message, judged.mintUrl, lockPubkey, sender.paired);
    if (verdict.kind === 'drop') return 'done';
    if (verdict.kind === 'retry') return this.retry(session, event, attempt, verdict.error, false);
    const taken = quoteTakenFrom(sender, verdict.quote);
    if (!taken) {
      // A revoked link's unpaid quote: nothing is stored; its cashier re-sends, and once the
      // customer has paid, the paid quote lands (the money is the shop's).
      const reason = 'unpaid quote from a revoked staff link';
      return this.reject(event, message.quote, { kind: 'refuse', quiet: true, reason });
    }
    let quote: PendingMintQuote;
    try {
      quote = await this.withCatalogLines(this.withStatedFiat(message, { quote: taken }));
    } catch (error) {
      // The catalog could not be read: nothing was stored, so the message is simply tried again.
      return this.retry(session, event, attempt, error, false);
    }
    return this.takeOver(session, event, attempt, message, quote);
  }

  /**
   * The quote with its sale checked against the catalog: a sale that does not match is kept at
   * the merchant's figures with a note and counted as a refused line set; the quote, and so the
   * money, is taken all the same (docs/protocol.md "Lines checked against the catalog").
   */
  private async withCatalogLines(quote: PendingMintQuote): Promise<PendingMintQuote> {
    if (!this.deps.catalog || !quote.sale) return quote;
    const catalog = await this.deps.catalog();
    const stated = quote.cashierFiat;
    const used = stated ? { currency: stated.currency, price: stated.price } : undefined;
    const judged = judgeCashierLines(quote.sale, quote.amount, catalog, used);
    if (judged.ok) return quote;
    this.logger.warn(`Remote quote ${quote.quote}: the cashier's lines refused, ${judged.reason}`);
    this.refused('lines', quote.quote);
    return { ...quote, sale: judged.sale };
  }

  /**
   * The quote with the cashier's fiat record when it checks out against the quote's amount; a
   * record that does not is left off and logged, the sale taken as without one (decision 0046).
   */
  private withStatedFiat(message: PaymentMessage, { quote }: { quote: PendingMintQuote }) {
    if (message.fiat === undefined) return quote;
    const checked = checkStatedFiat(message.fiat, quote.amount, this.clock());
    if (typeof checked !== 'string') return { ...quote, cashierFiat: checked };
    this.logger.warn(`Remote quote ${quote.quote}: the cashier's fiat record ignored, ${checked}`);
    return quote;
  }

  /** The mints the merchant accepts for remote sales; without the port, the current one. */
  private async acceptedMints(): Promise<string[]> {
    return this.deps.acceptedMints ? this.deps.acceptedMints() : [await this.deps.getMintUrl()];
  }

  /** The quote to take over: the mint's reply when it is asked, else the message as sent. */
  private async quoteFor(
    message: PaymentMessage,
    mintUrl: string,
    lockPubkey: string,
    paired: boolean,
  ): Promise<RemoteQuoteVerdict> {
    if (!this.deps.verify) {
      return { kind: 'take', quote: unverifiedQuote(message, mintUrl, this.clock()) };
    }
    let verdict: RemoteQuoteVerdict;
    try {
      verdict = await this.deps.verify(message, mintUrl, lockPubkey);
    } catch (error) {
      verdict = { kind: 'retry', error };
    }
    if (verdict.kind === 'drop') {
      // Forged or stale ids are dropped quietly: the mint, not the sender, is believed.
      const text = `Remote quote ${message.quote} dropped: ${verdict.reason} at ${mintUrl}`;
      if (paired) this.logger.warn(text);
      else this.logger.debug(text);
      if (verdict.refused) this.refused(verdict.refused, message.quote);
    } else if (verdict.kind === 'retry') {
      this.logger.warn(
        `Mint ${mintUrl} did not answer about ${message.quote}; later`,
        verdict.error,
      );
    }
    return verdict;
  }

  private async takeOver(
    session: Session,
    event: NostrEvent,
    attempt: number,
    message: PaymentMessage,
    quote: PendingMintQuote,
  ): Promise<Outcome> {
    try {
      const taken = await this.deps.takeOver(quote);
      if (taken)
        this.logger.info(`Remote quote ${quote.quote} for ${quote.amount} sats taken over`);
      else {
        this.logger.debug(`Remote quote ${quote.quote} already processed`);
        await this.duplicate(message);
      }
      return 'done';
    } catch (error) {
      if (error instanceof PendingQuoteLimitError) {
        // Nothing was written; a cashier that keeps re-sending gets in once there is room.
        this.logger.warn(`Remote quote ${quote.quote} not tracked: ${error.message}`);
        return 'done';
      }
      // Claim and pending row are one transaction: nothing was written, so trying again is safe.
      this.logger.error(`Could not take over remote quote ${quote.quote}:`, error);
      return this.retry(session, event, attempt, error, true);
    }
  }

  /** A message judged not to be acted on (message-judgement.ts): counted, then refused. */
  private reject(event: NostrEvent, quote: string, refusal: Refusal): Outcome {
    if (refusal.refusal) this.refused(refusal.refusal, quote);
    const error = new InvalidPaymentMessageError(`Invalid payment message: ${refusal.reason}`);
    this.refuse(event, error, refusal.quiet);
    return 'done';
  }

  private refused(kind: RefusalKind, quote: string): void {
    try {
      this.deps.onRefused?.(kind, quote);
    } catch (error) {
      this.logger.error('onRefused callback failed:', error);
    }
  }

  private async duplicate(message: PaymentMessage): Promise<void> {
    if (!this.deps.onDuplicate) return;
    try {
      await this.deps.onDuplicate(message);
    } catch (error) {
      this.logger.error(`Handling a repeated message for ${message.quote} failed:`, error);
    }
  }

  private retry(
    session: Session,
    event: NostrEvent,
    attempt: number,
    error: unknown,
    notify: boolean,
  ): Outcome {
    const maxAttempts = this.deps.maxTrackAttempts ?? 5;
    if (attempt + 1 >= maxAttempts) {
      // Nothing was claimed: the retry list (or, without one, the relays at the next start, as
      // it stays unresolved within the lookback bound) brings the message back.
      session.seen.delete(event.id);
      if (notify) this.notify(error instanceof Error ? error : new Error(errorMessage(error)));
      return 'exhausted';
    }
    this.later(session, delayFor(this.retryDelays, attempt), () => {
      session.waiting.push({ event, attempt: attempt + 1 }, true);
      this.drain(session);
    });
    return 'retry';
  }

  // ------------------------------------------------------------------ retry list

  /** Queues every message of the retry list again (at start, then every 5 minutes). */
  private async retryParked(session: Session): Promise<void> {
    if (!session.retryList.enabled || session.abort.signal.aborted) return;
    for (const event of await session.retryList.due(session.pubkey)) {
      this.enqueue(session, event, true);
    }
    this.later(session, INBOX_RETRY_LIST_INTERVAL_MS, () => void this.retryParked(session));
  }
}
