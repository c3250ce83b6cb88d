// NIP-42 for the relays that keep gift wraps for their recipient: the AUTH signer, and what a
// subscription's close reason says about the relay (docs/protocol.md "Relays and AUTH").
import type { EventTemplate, VerifiedEvent } from 'nostr-tools/core';
import { finalizeEvent } from 'nostr-tools/pure';
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

/**
 * What a closed subscription says about its relay: a reason from the relay itself (or a refused
 * AUTH) means it is reachable but refuses; anything else is the connection failing.
 */
export function deliveryAfterClose(reason: string): RelayDelivery {
  const text = reason.trim();
  if (text.startsWith(AUTH_FAILED_PREFIX)) {
    const why = text.slice(AUTH_FAILED_PREFIX.length).replace(/^Error:\s*/, '');
    return { state: 'refused', reason: `AUTH refused: ${why}` };
  }
  if (RELAY_REASON.test(text)) return { state: 'refused', reason: text };
  return { state: 'unreachable', reason: text || 'connection closed' };
}
