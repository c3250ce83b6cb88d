// NIP-42 for the relays that keep gift wraps for their recipient: the AUTH signer, and what a
// subscription's close reason says about the relay (docs/protocol.md "Relays and AUTH").
import type { EventTemplate, VerifiedEvent } from 'nostr-tools/core';
import { finalizeEvent } from 'nostr-tools/pure';
import { errorWords } from '../errors';
import type { RelayDelivery } from './merchant/relay-status';

/** Signs a kind 22242 AUTH event (nostr-tools' makeAuthEvent builds the template). */
export type AuthSigner = (template: EventTemplate) => Promise<VerifiedEvent>;

/**
 * Answers a relay's challenge with `secretKey`, and only a kind 22242 event: the pool hands over
 * the template, so nothing else can be signed through it.
 */
export function authSigner(secretKey: Uint8Array, onSign?: () => void): AuthSigner {
  return async (template) => {
    if (template.kind !== 22242) throw new Error(`refusing to sign kind ${template.kind} as AUTH`);
    onSign?.();
    return finalizeEvent(template, secretKey);
  };
}

/** nostr-tools' pool says this when the AUTH it sent after "auth-required:" was refused. */
const AUTH_FAILED_PREFIX = 'auth was required and attempted, but failed with: ';
/** NIP-01 machine-readable prefixes: the relay answered and said why it closed. */
const RELAY_REASON =
  /^(auth-required|restricted|blocked|rate-limited|invalid|error|unsupported|pow|duplicate|mute):/;

/** Our words around the relay's own (kept as it said them), with their catalog keys (decision 0063). */
const authRefused = (why: string) =>
  errorWords('RELAY_AUTH_REFUSED', { why }, `AUTH refused: ${why}`);
const connectionClosed = errorWords('RELAY_CONNECTION_CLOSED', {}, 'connection closed');

/**
 * What a closed subscription says about its relay: a reason from the relay itself (or a refused
 * AUTH) means it is reachable but refuses; anything else is the connection failing.
 */
export function deliveryAfterClose(reason: string): RelayDelivery {
  const text = reason.trim();
  if (text.startsWith(AUTH_FAILED_PREFIX)) {
    const words = authRefused(text.slice(AUTH_FAILED_PREFIX.length).replace(/^Error:\s*/, ''));
    return { state: 'refused', reason: words.message, text: words.text };
  }
  if (RELAY_REASON.test(text)) return { state: 'refused', reason: text };
  if (text) return { state: 'unreachable', reason: text };
  return { state: 'unreachable', reason: connectionClosed.message, text: connectionClosed.text };
}
