// What the cashier learns from the merchant's kind 10019 profile: whether its link is still the
// merchant's current one, and the mint and relays a link without them should use
// (docs/protocol.md "Sending (cashier)").
import type { NostrEvent } from 'nostr-tools/core';
import { RELAY_TIMEOUT_MS } from '../constants';
import {
  MERCHANT_PROFILE_KIND,
  newestEvent,
  parseMerchantProfile,
  type MerchantProfile,
} from '../merchant-profile';
import { pairingId } from '../pairing';
import type { RelayPool } from '../relay-pool';

/**
 * The merchant's newest profile on these relays, or undefined when none answers with one within
 * the timeout (no profile published, relays unreachable: the cashier cannot tell which).
 */
export async function readMerchantProfile(args: {
  pool: RelayPool;
  relays: string[];
  merchantPubkeyHex: string;
  timeoutMs?: number;
}): Promise<MerchantProfile | undefined> {
  const events = await readMerchantEvents({ ...args, kind: MERCHANT_PROFILE_KIND });
  const newest = newestEvent(events);
  return newest ? parseMerchantProfile(newest) : undefined;
}

/**
 * The merchant's stored events of one kind on these relays, until every relay sent what it keeps
 * or the timeout passed; only events the merchant signed.
 */
function readMerchantEvents(args: {
  pool: RelayPool;
  relays: string[];
  merchantPubkeyHex: string;
  kind: number;
  timeoutMs?: number;
}): Promise<NostrEvent[]> {
  const timeoutMs = args.timeoutMs ?? RELAY_TIMEOUT_MS;
  const relays = [...new Set(args.relays)];
  if (relays.length === 0) return Promise.resolve([]);
  return new Promise((resolve) => {
    const events: NostrEvent[] = [];
    let done = false;
    let closer: { close: (reason?: string) => void } | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        closer?.close('merchant events read');
      } catch {
        // closing a subscription that already ended: nothing to release
      }
      resolve(events);
    };
    const timer = setTimeout(finish, timeoutMs);
    try {
      closer = args.pool.subscribe(
        relays,
        { kinds: [args.kind], authors: [args.merchantPubkeyHex] },
        {
          // The pool checked the signature; only the merchant's own events count.
          onevent: (event) => {
            if (event.pubkey === args.merchantPubkeyHex) events.push(event);
          },
          oneose: finish,
          onclose: finish,
          maxWait: timeoutMs,
        },
      );
      if (done) closer.close('merchant events read');
    } catch {
      finish();
    }
  });
}

/**
 * A link is no longer valid when the merchant's profile names a pairing id and the link's secret
 * has another one, or the link has none. No profile, or one without a pairing id (the merchant
 * takes unpaired messages): still valid. A person's link (`staffLink`) is valid only while the
 * profile names its id among the staff links, whatever the unpaired setting (docs/protocol.md
 * "Staff links").
 */
export function isLinkRevoked(
  profile: MerchantProfile | undefined,
  secret: Uint8Array | undefined,
  staffLink = false,
): boolean {
  if (staffLink && profile && secret) {
    const id = pairingId(secret);
    return !(profile.staffPairings ?? []).some((link) => link.id === id);
  }
  if (!profile?.pairingId) return false;
  return !secret || pairingId(secret) !== profile.pairingId;
}
