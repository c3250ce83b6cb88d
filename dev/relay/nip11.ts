// The dev relay's NIP-11 information document.
export const SUPPORTED_NIPS = [1, 9, 11, 40, 45];

/** `auth`: gift wraps are read after NIP-42 AUTH (startRelay's `auth` option). */
export function relayInformation(maxSubscriptions: number, auth = false) {
  return {
    name: 'Cashew dev relay',
    description:
      'Local Nostr relay for Cashew POS development and tests. Events are kept in memory, optionally in a file.',
    software: 'cashew-pos dev/relay (@nostr-relay/core)',
    version: '0.1.0',
    supported_nips: auth ? [...SUPPORTED_NIPS, 42].sort((a, b) => a - b) : SUPPORTED_NIPS,
    limitation: {
      max_subscriptions: maxSubscriptions,
      auth_required: false,
      payment_required: false,
      restricted_writes: false,
      // Gift wraps are back-dated up to 2 days (NIP-59), so there is no lower bound at all.
      created_at_lower_limit: 0,
    },
  };
}
