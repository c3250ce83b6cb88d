// Which remote page to show for a route key: the cashier keypad, a malformed-key error, or the
// own-key warning (the route's key must differ from the device's own key: docs/behaviour.md
// "Remote cashier").
import { decodeNpub, InvalidNpubError } from '../../core/keys';

export type RouteKey =
  { kind: 'ok'; merchantPubkeyHex: string } | { kind: 'invalid-npub'; reason: string };

/** Decodes the route's npub; checked before anything else, so a bad link touches nothing. */
export function parseRouteKey(npub: string): RouteKey {
  try {
    return { kind: 'ok', merchantPubkeyHex: decodeNpub(npub) };
  } catch (error) {
    const reason = error instanceof InvalidNpubError ? error.message : 'not a valid npub';
    return { kind: 'invalid-npub', reason };
  }
}
