// A merchant inbox on memory ports for tests: its key, the wrap a cashier sends, the take-over as
// the ledger does it, and every inbox stopped after its test.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterEach, expect, vi } from 'vitest';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import { noLockProvider } from '../../core/cross-tab-lock';
import { wrapPaymentMessage } from '../../core/remote-payments/gift-wrap';
import {
  RemotePaymentInbox,
  type RemotePaymentInboxDeps,
} from '../../core/remote-payments/merchant/inbox';
import type { PaymentMessage } from '../../core/remote-payments/payment-message';
import type { RemoteQuoteVerdict } from '../../core/remote-payments/merchant/verify-remote-quote';
import { lockPubkeyForNostrKey } from '../../core/wallet/mint/nut20-key';
import { MemoryProcessedQuoteStore } from './memory-processed-quotes';
import { paymentMessageFixture } from './payment-message-fixture';

export const INBOX_RELAY = 'ws://relay.test';
/** The inbox tests' fixed clock (ms). */
export const INBOX_NOW = 1_750_000_000_000;

/** A merchant's device key and the NUT-20 lock its cashiers put on quotes. */
export function merchantKey() {
  const secret = generateSecretKey();
  const pubkey = getPublicKey(secret);
  return { secret, pubkey, lock: lockPubkeyForNostrKey(pubkey) };
}

/** A message for a quote locked to `lock`, as a cashier sends it. */
export function lockedPayment(lock: string, overrides: Partial<PaymentMessage> = {}) {
  return paymentMessageFixture({ pubkey: lock, expiry: 1_900_000_000, ...overrides });
}

/** A take-over as the ledger does it: the claim and the pending row (here: `tracked`) together. */
export function claimAndTrack(
  store: MemoryProcessedQuoteStore,
  tracked: { push(quote: PendingMintQuote): void },
) {
  return async (quote: PendingMintQuote) => {
    if (!(await store.claim(quote.quote, quote.amount))) return false;
    tracked.push(quote);
    return true;
  };
}

/** A gift wrap from a fresh cashier key; the fake pool checks no signature, so created_at may be set. */
export function wrapFor(recipientPubkeyHex: string, message: PaymentMessage, createdAt?: number) {
  const wrap = wrapPaymentMessage({
    senderSecretKey: generateSecretKey(),
    recipientPubkeyHex,
    message,
  });
  return createdAt === undefined ? wrap : { ...wrap, created_at: createdAt };
}

/** The verdict of a mint that knows the quote, with its figures (overrides) over the message's. */
export function takeVerdict(
  payment: PaymentMessage,
  mintUrl: string,
  quote: Partial<PendingMintQuote> & Pick<PendingMintQuote, 'createdAt'>,
): RemoteQuoteVerdict {
  return {
    kind: 'take',
    quote: {
      quote: payment.quote,
      mintUrl,
      amount: payment.amount,
      request: payment.request,
      kind: 'remote',
      state: 'UNPAID',
      expiry: null,
      ...quote,
    },
  };
}

export interface MemoryInbox {
  inbox: RemotePaymentInbox;
  store: MemoryProcessedQuoteStore;
  tracked: PendingMintQuote[];
  invalid: Error[];
}

type Required4 = 'createPool' | 'getRelays' | 'getSecretKey' | 'getMintUrl';

/**
 * Registers the after-each stop once per test file and returns the builder: an inbox whose
 * claims, pending rows and invalid messages are kept in memory; `deps` override any of them.
 */
export function memoryInboxes(defaults: { now?: () => number; retryDelaysMs?: number[] } = {}) {
  const inboxes: RemotePaymentInbox[] = [];
  afterEach(async () => {
    await Promise.all(inboxes.splice(0).map((inbox) => inbox.stop()));
  });
  return function memoryInbox(
    deps: Pick<RemotePaymentInboxDeps, Required4> &
      Partial<RemotePaymentInboxDeps> & { store?: MemoryProcessedQuoteStore },
  ): MemoryInbox {
    const tracked: PendingMintQuote[] = [];
    const invalid: Error[] = [];
    const store = deps.store ?? new MemoryProcessedQuoteStore(defaults.now);
    const inbox = new RemotePaymentInbox({
      processedQuotes: store,
      takeOver: claimAndTrack(store, tracked),
      onInvalidMessage: (error) => invalid.push(error),
      lockProvider: noLockProvider,
      retryDelaysMs: defaults.retryDelaysMs ?? [5],
      ...(defaults.now ? { clock: defaults.now } : {}),
      ...deps,
    });
    inboxes.push(inbox);
    return { inbox, store, tracked, invalid };
  };
}

/** Waits until the inbox listens, lets the fake relay deliver, then until every message is handled. */
export async function settleInbox(inbox: RemotePaymentInbox, deliveryMs = 10) {
  await vi.waitFor(() => expect(inbox.isActive).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, deliveryMs));
  await inbox.whenIdle();
}
