// Publishing a payment message and knowing which relays really stored it (OK true).
import type { NostrEvent } from 'nostr-tools/core';
import { generateSecretKey } from 'nostr-tools/pure';
import { errorMessage } from '../errors';
import { RELAY_TIMEOUT_MS } from './constants';
import { RelayPublishError } from './errors';
import { wrapPaymentMessage } from './gift-wrap';
import type { PaymentMessage } from './payment-message';
import type { RelayPool } from './relay-pool';

export interface PublishOutcome {
  /** relays that answered OK true, in the order given */
  accepted: string[];
  /** relay URL -> why it did not accept (refused, timed out, unreachable) */
  failures: Record<string, string>;
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('publish timed out')), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Sends the event to every relay at once and waits for each answer. Never rejects: the outcome
 * lists the relays that accepted and why the others did not.
 */
export async function publishToRelays(
  event: NostrEvent,
  relays: string[],
  pool: RelayPool,
  options: { timeoutMs?: number } = {},
): Promise<PublishOutcome> {
  const timeoutMs = options.timeoutMs ?? RELAY_TIMEOUT_MS;
  const unique = [...new Set(relays.map((relay) => relay.trim()).filter(Boolean))];
  const outcome: PublishOutcome = { accepted: [], failures: {} };
  if (unique.length === 0) return outcome;

  let attempts: Promise<string>[];
  try {
    attempts = pool.publish(unique, event, { maxWait: timeoutMs });
  } catch (error) {
    for (const relay of unique) outcome.failures[relay] = errorMessage(error, 'publish failed');
    return outcome;
  }
  // The pool has its own connect and OK timeouts; this outer one guards against a stuck relay.
  const results = await Promise.allSettled(
    attempts.map((attempt) => withDeadline(attempt, timeoutMs * 2)),
  );
  results.forEach((result, index) => {
    const relay = unique[index] as string;
    if (result.status === 'fulfilled') outcome.accepted.push(relay);
    else outcome.failures[relay] = errorMessage(result.reason, String(result.reason));
  });
  return outcome;
}

/**
 * publishToRelays on a pool opened for this one event and closed after it, whatever happens: the
 * pool's sockets never outlive the publish. Rejects only when the pool cannot be made.
 */
export async function publishOnNewPool(
  createPool: () => RelayPool,
  event: NostrEvent,
  relays: string[],
): Promise<PublishOutcome> {
  const pool = createPool();
  try {
    return await publishToRelays(event, relays, pool);
  } finally {
    pool.destroy();
  }
}

/**
 * Gift-wraps the message to the merchant with a fresh random seal key and publishes it on all
 * relays. Throws RelayPublishError when no relay accepted, so the cashier shows no invoice.
 */
export async function sendPaymentMessage(args: {
  recipientPubkeyHex: string;
  message: PaymentMessage;
  relays: string[];
  pool: RelayPool;
  timeoutMs?: number;
}): Promise<{ event: NostrEvent; accepted: string[] }> {
  const event = wrapPaymentMessage({
    senderSecretKey: generateSecretKey(),
    recipientPubkeyHex: args.recipientPubkeyHex,
    message: args.message,
  });
  const outcome = await publishToRelays(event, args.relays, args.pool, {
    timeoutMs: args.timeoutMs,
  });
  if (outcome.accepted.length === 0) {
    throw new RelayPublishError('No relay accepted the payment message', outcome.failures);
  }
  return { event, accepted: outcome.accepted };
}
